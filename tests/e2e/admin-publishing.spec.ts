/**
 * Scheduled posts in the browser: a post dated after the site's day is Scheduled in the admin list and
 * the editor, and Preview shows the page the server renders from the unsaved form.
 */
import type { Page } from '@playwright/test'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { expect, signIn, test } from './admin-fixtures.ts'

const NEXT_YEAR = new Date().getUTCFullYear() + 1
const card = (page: Page, title: string) => page.locator('.admin-post-list > li').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('a published post dated after today is Scheduled, with its date, in the list and the editor', async ({ page, adminSite }) => {
  const api = await new ApiClient(adminSite.url).signIn()
  const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'coming-soon', title: 'Coming soon', publishDate: `${NEXT_YEAR}-02-01`, isPublished: true }))
  expect(created.status).toBe(201)

  await signIn(page, adminSite.url)
  const scheduled = card(page, 'Coming soon')
  await expect(scheduled.locator('.admin-badge').first()).toHaveText('Scheduled')
  await expect(scheduled.locator('.admin-post__date')).toContainText('Scheduled for')
  await expect(scheduled.locator('.admin-post__date time')).toHaveAttribute('datetime', `${NEXT_YEAR}-02-01`)
  // A post already live keeps SPEC's badge.
  await expect(page.locator('.admin-post-list .admin-badge', { hasText: /^Published$/ }).first()).toBeVisible()

  await page.getByLabel('Show').selectOption({ label: 'Scheduled' })
  await expect(page.locator('.admin-post-list > li').getByRole('heading')).toHaveText(['Coming soon'])

  await scheduled.getByRole('button', { name: 'Edit "Coming soon"' }).click()
  const note = page.locator('.admin-scheduled')
  await expect(note).toContainText('Scheduled')
  await expect(note).toContainText(`Goes live on`)
  await expect(note).toContainText('(UTC)')
  // The switch keeps its meaning: off, the post is a draft, whatever its date.
  await page.getByRole('switch', { name: 'Published' }).click()
  await expect(note).toHaveCount(0)

  // Not public anywhere.
  expect((await page.request.get(`${adminSite.url}/blog/coming-soon`)).status()).toBe(404)
  expect(await (await page.request.get(`${adminSite.url}/blog`)).text()).not.toContain('Coming soon')
})

test('Preview shows the real post page from the unsaved form, follows the typing, and saves nothing', async ({ page, adminSite }) => {
  const commits = adminSite.git('rev-list', '--count', 'HEAD')
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('Previewed before saving')
  await page.getByLabel('Summary*').fill('A summary.')
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
  await page.getByRole('textbox', { name: 'Content*' }).click()
  await page.keyboard.type('Words only the preview has seen.')

  await page.getByRole('button', { name: 'Preview' }).click()
  const frameElement = page.locator('iframe[title="Post preview"]')
  await expect(frameElement).toHaveAttribute('sandbox', '')
  const frame = page.frameLocator('iframe[title="Post preview"]')
  await expect(frame.locator('h1.article__title')).toHaveText('Previewed before saving')
  await expect(frame.locator('.prose')).toContainText('Words only the preview has seen.')
  // The site's chrome and styles: the real page, not an approximation.
  await expect(frame.locator('footer')).toBeVisible()
  await expect(frame.locator('h1.article__title')).toHaveCSS('font-weight', /^(6|7|8)00$/)

  await page.getByLabel('Title*').fill('Previewed, then renamed')
  await expect(frame.locator('h1.article__title')).toHaveText('Previewed, then renamed')
  expect(adminSite.git('rev-list', '--count', 'HEAD')).toBe(commits)
  expect(adminSite.git('status', '--porcelain')).toBe('')
})
