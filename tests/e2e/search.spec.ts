/**
 * The blog's search in Chromium: nothing of it loads until the box is used; a word typed shows the
 * matching posts (title as a link, date, the passage with the word marked) in a labelled list the
 * live region counts; no match and Escape say and do what they should; axe passes with results
 * open; and (on a server of its own) a post saved is found within seconds, and an edited one by its
 * new words and no longer by its old ones (the delta merged, the base's stale result dropped). Run against the static
 * export too (playwright.export.config.ts), but the save, which needs the Node server (@server).
 */
import { expect, test, type Page } from '@playwright/test'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { test as adminTest } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { ALL_POSTS, cspViolations, longUsDate, recordCspViolations, recordProblems, waitForHydration } from './fixtures.ts'

const SUMMER = ALL_POSTS.find((post) => post.slug === 'summer-update-for-apple-tv')!

/** Types `term` into the box once the index answers (a server just started may still be making it). */
async function searchFor(page: Page, term: string, expected: RegExp): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search posts' })
  await expect(async () => {
    await box.fill('')
    await box.fill(term)
    await expect(page.getByRole('status')).toHaveText(expected, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

test('a word typed shows the posts that hold it, with title, date and passage; nothing of the search loads before', async ({ page }) => {
  const problems = recordProblems(page)
  await recordCspViolations(page)
  // Pagefind says so when its worker cannot run (its WebAssembly refused) and it falls back to the page.
  const warnings: string[] = []
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())))
  const searchFiles: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/pagefind/')) searchFiles.push(pathname)
  })
  await page.goto('/blog')
  await waitForHydration(page)
  await page.mouse.wheel(0, 600)
  await page.getByRole('link', { name: 'Next' }).or(page.getByRole('button', { name: 'Next' })).first().hover()
  expect(searchFiles).toEqual([])

  const form = page.getByRole('search', { name: 'Search the blog' })
  await expect(form).toBeVisible()
  await searchFor(page, 'unglamorous', /^1 post matches “unglamorous”\.$/)
  expect(searchFiles).toContain('/pagefind/pagefind.js')
  const results = page.getByRole('list', { name: 'Search results for unglamorous' })
  const items = results.getByRole('listitem')
  await expect(items).toHaveCount(1)
  const link = items.getByRole('link', { name: SUMMER.title })
  await expect(link).toHaveAttribute('href', '/blog/summer-update-for-apple-tv')
  await expect(items.locator('time')).toHaveText(longUsDate(SUMMER.publishDate))
  await expect(items.locator('mark')).toHaveText('unglamorous')
  await expect(items.locator('p')).toContainText('Most of it is the unglamorous work you asked for')

  await searchFor(page, 'qwzxvy', /^No posts match “qwzxvy”\.$/)
  await expect(page.getByRole('list', { name: /^Search results/ })).toHaveCount(0)

  await searchFor(page, 'playlist', /posts? match(es)? “playlist”/)
  await expectNoSeriousAxeViolations(page, { where: '/blog with search results' })
  // Escape clears the box and the results; the keyboard stays in the box.
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Escape')
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('')
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused()
  await expect(page.getByRole('list', { name: /^Search results/ })).toHaveCount(0)
  // SPEC's list is still there, as it was.
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
  expect(problems.problems).toEqual([])
  expect(await cspViolations(page)).toEqual([])
  expect(warnings.filter((text) => /pagefind/i.test(text))).toEqual([])
  expect(searchFiles).toContain('/pagefind/pagefind-worker.js')
})

/** The URLs the served search delta holds (changed since the base). */
async function deltaChanged(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(`${url}/pagefind/delta.json`)
  return response.ok() ? ((await response.json()) as { changed: string[] }).changed : []
}

// How soon (a delta of one post, about a second): npm run bench:search measures it.
adminTest('a post saved is found by the search; an edited post by its new words, no longer by its old ones', { tag: '@server' }, async ({ page, adminSite }) => {
  const api = await new ApiClient(adminSite.url).signIn()
  const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'zeppelin-streams', title: 'Zeppelin streams', content: '<p>Watching the match from a zeppelin.</p>', publishDate: '2025-01-01' }))
  expect(created.status).toBe(201)
  // Found through the delta beside the base, which is not made again for one save: the page is
  // loaded once the delta served names the post (a page keeps the index it loaded).
  await expect.poll(() => deltaChanged(page, adminSite.url), { timeout: 30_000 }).toContain('/blog/zeppelin-streams')
  await page.goto(`${adminSite.url}/blog`)
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('zeppelin')
  await expect(page.getByRole('link', { name: 'Zeppelin streams' })).toBeVisible()

  const summer = (await api.postBySlug<Record<string, unknown> & { id: string; content: string }>(SUMMER.slug))!
  const edited = await api.json('PUT', `/api/admin/blog/posts/${summer.id}`, { ...summer, content: summer.content.replace('unglamorous', 'painstaking') })
  expect(edited.status).toBe(200)
  await expect.poll(() => deltaChanged(page, adminSite.url), { timeout: 30_000 }).toContain(`/blog/${SUMMER.slug}`)
  await page.goto(`${adminSite.url}/blog`)
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('painstaking')
  await expect(page.getByRole('status')).toHaveText(/^1 post matches “painstaking”\.$/)
  await expect(page.getByRole('list', { name: 'Search results for painstaking' }).getByRole('link', { name: SUMMER.title })).toBeVisible()
  // The base still holds the old words: its stale result is dropped, and not counted.
  await searchFor(page, 'unglamorous', /^No posts match “unglamorous”\.$/)
  await expect(page.getByRole('list', { name: /^Search results/ })).toHaveCount(0)
})
