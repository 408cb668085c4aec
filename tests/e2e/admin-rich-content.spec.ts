/** A post whose text holds HTML the editor has no node for yet (a table from a maintainer's file): nothing of it is lost through the admin. */
import type { Page } from '@playwright/test'
import { ALL_POSTS } from './fixtures.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

const TABLE =
  '<table><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>Premium</td><td>$4.99</td></tr></tbody></table>'

test('a post whose text has a table opens with the text locked, says why, and a save of its other fields keeps the table', async ({ page, adminSite }) => {
  const post = ALL_POSTS.find((candidate) => candidate.isPublished)!
  await signIn(page, adminSite.url)
  const url = `${adminSite.url}/api/admin/blog/posts/${post.id}`
  const current = await (await page.request.get(url)).json()
  const put = await page.request.put(url, { data: { ...current, content: `${current.content}\n${TABLE}` } })
  expect(put.status(), await put.text()).toBe(200)
  const withTable: string = (await put.json()).content
  expect(withTable).toContain('<table>')

  await page.reload()
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.getByText(/This post’s text has a table, which the editor cannot change yet/)).toBeVisible()
  const content = page.getByRole('textbox', { name: 'Content*' })
  await expect(content).toHaveAttribute('contenteditable', 'false')
  await expect(content).toHaveAttribute('aria-disabled', 'true')

  await page.getByLabel('Summary*').fill('A new summary beside a table.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  const saved = await (await page.request.get(url)).json()
  expect(saved.summary).toBe('A new summary beside a table.')
  expect(saved.content).toBe(withTable)
})
