/**
 * The admin mirrors the signed-in person's role (the server decides; tests/api/roles-*.test.ts):
 * an author's editor has no Published switch but "Submit for review", and no Delete on others'
 * posts; an editor sees the posts submitted for review (badge and filter), and no People area.
 */
import type { Page } from '@playwright/test'
import type { AdminPost } from '../../core/contract/index.ts'
import { newPostBody } from '../support/admin-client.ts'
import { addPerson, TEAM_PASSWORD } from '../support/team-accounts.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, expectToast, test } from './admin-fixtures.ts'

/** Adds the person and signs the page's browser in as them, through the API (as signIn does for the admin). */
async function signInAs(page: Page, options: { url: string; dataDir: string; username: string; role: 'editor' | 'author' }): Promise<void> {
  await addPerson({ dataDir: options.dataDir, username: options.username, role: options.role })
  const response = await page.request.post(`${options.url}/api/auth/login`, { data: { username: options.username, password: TEAM_PASSWORD } })
  expect(response.status(), await response.text()).toBe(200)
}

test('an author submits their draft for review, and an editor finds it In review', async ({ page, adminSite }) => {
  const { url, site } = adminSite
  await signInAs(page, { url, dataDir: site.dataDir, username: 'alice', role: 'author' })
  const created = await page.request.post(`${url}/api/admin/blog/posts`, { data: newPostBody({ slug: 'alices-draft', title: 'Alice drafts', isPublished: false }) })
  expect(created.status()).toBe(201)
  const post = (await created.json()) as AdminPost

  // The list: Edit on every card, Delete only on her own draft; no redirects to change.
  await page.goto(`${url}/admin/blog`)
  await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit "Alice drafts"' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete "Alice drafts"' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Edit "/ })).not.toHaveCount(1)
  await expect(page.getByRole('button', { name: /^Delete "/ })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Redirects' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Blog', 'Your account'])

  // Her editor: no Published switch, Submit for review instead.
  await page.getByRole('button', { name: 'Edit "Alice drafts"' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible()
  await expect(page.getByRole('switch')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeEnabled()
  await expectNoSeriousAxeViolations(page, { where: "the author's editor", skipFrames: true })

  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  const card = page.locator(`[data-post-id="${post.id}"]`)
  await expect(card.getByText('In review', { exact: true })).toBeVisible()
  expect(adminSite.git('log', '-1', '--format=%s')).toBe('blog: submit for review "Alice drafts" (alices-draft)')

  // Still hers: she opens it again, and may take it back.
  await card.getByRole('button', { name: 'Edit "Alice drafts"' }).click()
  await expect(page.getByRole('button', { name: 'Withdraw from review' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()

  // Someone else's post opens read-only, with no Save.
  await page.locator(`.admin-post:not([data-post-id="${post.id}"])`).first().getByRole('button', { name: /^Edit "/ }).click()
  await expect(page.getByRole('note')).toHaveText(/You can read this post\. Only an editor can change it/)
  await expect(page.getByRole('button', { name: 'Update Post' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
  // Its history reads, with nothing to restore.
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  await history.getByRole('listitem').first().getByRole('button', { name: /^View/ }).click()
  await expect(page.getByRole('region', { name: /compared with the current one/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Restore this version' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()

  // The Site area, typed by hand: it says whose it is.
  await page.goto(`${url}/admin/site`)
  await expect(page.getByText("The site's pages are edited by editors and admins.")).toBeVisible()

  // An editor: the badge, the filter, the Published switch; no People.
  await page.context().clearCookies()
  await signInAs(page, { url, dataDir: site.dataDir, username: 'ed', role: 'editor' })
  await page.goto(`${url}/admin/blog`)
  await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Blog', 'Site', 'Your account'])
  await page.getByLabel('Show').selectOption({ label: 'In review' })
  await expect(page.locator('.admin-post')).toHaveCount(1)
  await expect(card.getByText('In review', { exact: true })).toBeVisible()
  await expectNoSeriousAxeViolations(page, { where: "the editor's list of posts in review" })
  await card.getByRole('button', { name: 'Edit "Alice drafts"' }).click()
  await expect(page.getByRole('switch', { name: 'Published' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
})
