/** History in the editor: the post's commits, an old version beside the current one, Restore. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POSTS } from './fixtures.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('the History panel lists the commits, compares a version with the current one, and restores it as a new commit', async ({ page, adminSite }) => {
  const post = ALL_POSTS.find((candidate) => candidate.isPublished)!
  await signIn(page, adminSite.url)
  // Two saves: a new summary, then a new title.
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Summary*').fill('A summary written later.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Title*').fill('A title written later')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })

  await card(page, 'A title written later').getByRole('button', { name: /^Edit/ }).click()
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const entries = history.getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText(`blog: update "A title written later" (${post.slug})`)
  await expect(entries.nth(2)).toContainText('initial content')

  // The first version beside the current one: title and summary changed, content the same.
  await entries.nth(2).getByRole('button', { name: /^View/ }).click()
  const compare = page.getByRole('region', { name: /compared with the current one/ })
  await expect(compare.getByRole('row', { name: /Title \(changed\)/ })).toContainText(post.title)
  await expect(compare.getByRole('row', { name: /Summary \(changed\)/ })).toContainText('A summary written later.')
  await expect(compare.getByRole('row', { name: /^Slug/ })).not.toContainText('(changed)')
  await expect(compare.locator('.admin-diff__line--added, .admin-diff__line--removed')).toHaveCount(0)

  const commitsBefore = Number(adminSite.git('rev-list', '--count', 'HEAD'))
  page.once('dialog', (dialog) => void dialog.accept())
  await compare.getByRole('button', { name: 'Restore this version' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post restored' })
  await expect(card(page, post.title)).toHaveCount(1)
  expect(Number(adminSite.git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 1)
  expect(adminSite.git('log', '-1', '--format=%s')).toMatch(new RegExp(`^blog: restore "${post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" \\(${post.slug}\\) to [0-9a-f]{7}$`))
  const restored = parsePostFile(await readFile(path.join(adminSite.site.blogDir, `${post.slug}.html`), 'utf8'), `${post.slug}.html`)
  expect(restored).toEqual(post)
})

test('a content change shows as removed and added lines', async ({ page, adminSite }) => {
  const post = ALL_POSTS.filter((candidate) => candidate.isPublished)[1]!
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('textbox', { name: 'Content*' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  // ProseMirror reads the caret move from the selectionchange event a moment later (see admin-editor.spec.ts).
  await page.waitForTimeout(50)
  await page.keyboard.press('Enter')
  await page.keyboard.type('A closing line added later.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByRole('button', { name: 'History' }).click()
  const entries = page.getByRole('region', { name: 'History' }).getByRole('listitem')
  await entries.nth(1).getByRole('button', { name: /^View/ }).click()
  const added = page.locator('.admin-diff__line--added')
  await expect(added).toHaveCount(1)
  await expect(added).toContainText('<p>A closing line added later.</p>')
})
