/**
 * The admin list made for scale. One page of cards at a time, searched, filtered and
 * paged by the server; Edit reads the whole post; after a write the page shown is fetched again.
 */
import type { Page, Request } from '@playwright/test'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

/** 14 posts in the fixtures, 26 more made here: two pages of 20. */
const EXTRA = 26

test.beforeEach(async ({ adminSite }) => {
  // The spec's site is shared by its tests: make whichever bulk posts an earlier test deleted.
  const api = await new ApiClient(adminSite.url).signIn()
  const { body } = await api.json<{ slug: string }[]>('GET', '/api/admin/blog/posts?q=bulk-post&perPage=100')
  const present = new Set(body.map((card) => card.slug))
  for (let i = 0; i < EXTRA; i++) {
    const n = String(i).padStart(2, '0')
    if (present.has(`bulk-post-${n}`)) continue
    const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: `bulk-post-${n}`, title: `Bulk post ${n}`, publishDate: '2024-01-01', isPublished: i % 2 === 0 }))
    expect(created.status).toBe(201)
  }
})

const cards = (page: Page) => page.locator('.admin-post-list > li')
const count = (page: Page) => page.locator('.admin-list-controls__count')
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' })

test('pages through the posts 20 at a time, newest first, telling where the admin is', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await expect(count(page)).toHaveText('40 posts')
  await expect(cards(page)).toHaveCount(20)
  const pages = page.getByRole('navigation', { name: 'Pages of posts' })
  await expect(pages.getByText('Page 1 of 2')).toBeVisible()
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled()
  // The newest first: the fixtures (2025) before the bulk posts (2024).
  await expect(cards(page).first().getByRole('heading')).toHaveText('What’s next – Watchio on iPhone, iPad, Mac and Android')

  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(pages.getByText('Page 2 of 2')).toBeVisible()
  await expect(cards(page)).toHaveCount(20)
  await expect(cards(page).last().getByRole('heading')).toHaveText('Bulk post 25')
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled()
  await pages.getByRole('button', { name: 'Previous' }).click()
  await expect(pages.getByText('Page 1 of 2')).toBeVisible()
})

test('searches title, slug, summary and text, filters by state, and says when nothing matches', async ({ page, adminSite }) => {
  const listCalls: string[] = []
  page.on('request', (request) => isListCall(request) && listCalls.push(new URL(request.url()).search))
  await signIn(page, adminSite.url)
  await search(page).fill('XTREAM')
  // Its title, and five other posts' text.
  await expect(count(page)).toHaveText('6 posts')
  await expect(cards(page).getByRole('heading', { name: 'Connecting an Xtream Codes account' })).toBeVisible()
  expect(listCalls.at(-1)).toBe('?q=XTREAM')

  // "bulk", "post" and "1", each in a word: bulk-post-01, 10 to 19 and 21.
  await search(page).fill('bulk-post-1')
  await expect(count(page)).toHaveText('12 posts')
  await page.getByLabel('Show').selectOption({ label: 'Draft' })
  await expect(count(page)).toHaveText('7 posts')
  await expect(cards(page).locator('.admin-badge')).toHaveText(Array(7).fill('Draft'))
  await page.getByLabel('Show').selectOption({ label: 'Published' })
  await expect(cards(page).locator('.admin-badge')).toHaveText(Array(5).fill('Published'))

  await search(page).fill('no post is called this')
  await expect(count(page)).toHaveText('0 posts')
  await expect(page.getByText('No posts match this search.', { exact: true })).toBeVisible()
  await search(page).fill('')
  await page.getByLabel('Show').selectOption({ label: 'All posts' })
  await expect(count(page)).toHaveText('40 posts')
  // Typing was debounced: one request per pause, not one per key.
  expect(listCalls.length).toBeLessThan(16)
})

test('Edit shows the form at once, then the content it reads; Close returns to the same page and search', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await search(page).fill('xtream')
  await expect(count(page)).toHaveText('6 posts')
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/admin\/blog\/posts\/[a-z0-9]+$/, async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Edit "Connecting an Xtream Codes account"' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible()
  await expect(page.getByLabel('Title*')).toHaveValue('Connecting an Xtream Codes account')
  await expect(page.getByLabel('Title*')).toBeDisabled()
  await expect(page.getByRole('status').filter({ hasText: 'Loading content...' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeDisabled()

  release()
  await expect(page.getByRole('textbox', { name: 'Content*' })).toContainText('Xtream Codes')
  await expect(page.getByLabel('Title*')).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeEnabled()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(search(page)).toHaveValue('xtream')
  await expect(cards(page)).toHaveCount(6)
})

test('after an update and a delete, the page shown is fetched again: cards, not posts', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await page.getByRole('navigation', { name: 'Pages of posts' }).getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()

  const refetched = page.waitForResponse((response) => isListCall(response.request()) && response.request().method() === 'GET')
  await page.getByRole('button', { name: 'Edit "Bulk post 25"' }).click()
  await page.getByLabel('Title*').fill('Bulk post 25, renamed')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  const answer = await refetched
  expect(new URL(answer.url()).search).toBe('?page=2')
  const body = (await answer.json()) as Record<string, unknown>[]
  expect(body).toHaveLength(20)
  expect(body.every((card) => !('content' in card))).toBe(true)
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Bulk post 25, renamed' })).toBeVisible()

  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete "Bulk post 25, renamed"' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post deleted' })
  await expect(count(page)).toHaveText('39 posts')
  await expect(cards(page)).toHaveCount(19)
})

test('the list controls and pages are usable by keyboard, with no serious axe violation', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await expect(cards(page)).toHaveCount(20)
  await expectNoSeriousAxeViolations(page, { include: ['.admin-list-controls', '.admin-pagination', '.admin-post-list'] })

  await search(page).focus()
  await page.keyboard.type('summer')
  await expect(count(page)).toHaveText('1 post')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Show')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /^Edit "Release notes/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible()
})

function isListCall(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/admin/blog/posts'
}
