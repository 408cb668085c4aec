/**
 * The pages with islands (/, /pricing, /blog, /referral without a link) load a few KB of plain
 * script on arrival, and React with an island's component only when the reader is about to use
 * it (renderer/islands-loader.ts). What the reader does before React is live is not lost: a press
 * or a key is made again once it is, words typed are searched, and a link inside an island goes
 * at once. And a page link the pointer rests on is fetched ahead (renderer/site-script.ts).
 */
import { expect, type Locator, type Page, type Response, test } from '@playwright/test'
import { ALL_POSTS, PAGE_SIZE, PUBLISHED, recordProblems, waitForHydration } from './fixtures.ts'
import { expectToast } from './toasts.ts'

const NO_LINK = 'No referral link provided. Please use a valid referral URL.'
const SUMMER = ALL_POSTS.find((post) => post.slug === 'summer-update-for-apple-tv')!

/** Records the scripts the page loads from now on. */
function recordScripts(page: Page): { url: string; body: string }[] {
  const scripts: { url: string; body: string }[] = []
  page.on('response', async (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: (await response.body()).toString('utf8') })
  })
  return scripts
}

const hasReact = (scripts: { body: string }[]) => scripts.some((script) => /react/i.test(script.body))

/** The island an element is in. */
const islandOf = (element: Locator) => element.locator('xpath=ancestor::*[@data-island][1]')

/** The press or typing just made reached the island before it was live (so it is one to be made again). */
async function expectNotLiveYet(element: Locator): Promise<void> {
  await expect(islandOf(element)).not.toHaveAttribute('data-hydrated')
}

/** From now on every script the page asks for arrives `ms` late, as on a slow network. */
async function slowScripts(page: Page, ms: number): Promise<void> {
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

for (const path of ['/', '/pricing', '/blog', '/referral']) {
  test(`${path} loads a few KB of plain script on arrival, and React only when the reader goes to an island`, async ({ page }) => {
    const problems = recordProblems(page)
    const scripts = recordScripts(page)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await waitForHydration(page)
    const bytes = scripts.reduce((sum, script) => sum + Buffer.byteLength(script.body), 0)
    expect(bytes, 'bytes of script on arrival').toBeLessThan(10_000)
    expect(hasReact(scripts), 'React on arrival').toBe(false)
    await expect(page.locator('[data-island][data-hydrated]')).toHaveCount(0)

    const island = page.locator('[data-island]').first()
    await island.hover()
    await expect(island).toHaveAttribute('data-hydrated', '')
    expect(hasReact(scripts), 'React once an island is used').toBe(true)
    expect(problems.problems).toEqual([])
  })
}

test('a press made before React is live is made again once it is: the pricing toggle, a dialog, the testimonials', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  await slowScripts(page, 300)
  const monthly = page.getByRole('radio', { name: 'Monthly' })
  await monthly.click()
  await expectNotLiveYet(monthly)
  await expect(monthly).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('article', { name: 'Premium', exact: true }).locator('.plan__amount')).toHaveText('$4.99')
  await expect(islandOf(monthly)).toHaveAttribute('data-hydrated', '')

  // The lifetime dialogs are an island of their own: React is here, their component not yet.
  const lifetime = page.getByRole('button', { name: 'Get Family Lifetime' })
  await lifetime.click()
  await expectNotLiveYet(lifetime)
  await expect(page.getByRole('dialog')).toBeVisible()

  await page.goto('/')
  await waitForHydration(page)
  await slowScripts(page, 300)
  const more = page.getByRole('button', { name: 'View more' })
  await more.click()
  await expectNotLiveYet(more)
  await expect(page.getByRole('button', { name: 'View less' })).toBeVisible()
})

test('the blog list pages on from a press made before React is live; a card\'s link goes at once, React or not', async ({ page }) => {
  expect(PUBLISHED.length, 'the fixture has more than one page of posts').toBeGreaterThan(PAGE_SIZE)
  await page.goto('/blog')
  await waitForHydration(page)
  await slowScripts(page, 300)
  const next = page.getByRole('button', { name: 'Next' })
  await next.click()
  await expectNotLiveYet(next)
  await expect(page.getByText(`Page 2 of ${Math.ceil(PUBLISHED.length / PAGE_SIZE)}`)).toBeVisible()

  // No script can load at all now: a card's link is an ordinary link.
  await page.goto('/blog')
  await waitForHydration(page)
  await page.route(/\.js(\?|$)/, (route) => route.abort())
  await page.locator('.post-card a').first().click()
  await expect(page).toHaveURL(new RegExp(`/blog/${PUBLISHED[0]!.slug}$`))
})

test('words typed before the search is live are searched', async ({ page }) => {
  await page.goto('/blog')
  await waitForHydration(page)
  await slowScripts(page, 300)
  const box = page.getByRole('searchbox', { name: 'Search posts' })
  await box.fill('unglamorous')
  await expectNotLiveYet(box)
  await expect(page.getByRole('status')).toHaveText('1 post matches “unglamorous”.', { timeout: 15_000 })
  await expect(page.getByRole('list', { name: 'Search results for unglamorous' }).getByRole('link', { name: SUMMER.title })).toBeVisible()
})

test('/referral without a link shows its message before React, and Copy, pressed before React, says why nothing was copied', async ({ page }) => {
  const scripts = recordScripts(page)
  await page.goto('/referral')
  await expect(page.getByText(NO_LINK)).toBeVisible()
  await waitForHydration(page)
  expect(hasReact(scripts)).toBe(false)
  await slowScripts(page, 300)
  const copy = page.getByRole('button', { name: 'Copy referral link' })
  await copy.click()
  await expectNotLiveYet(copy)
  await expectToast(page, { title: 'No link to copy', description: 'Please provide a referral link in the URL', variant: 'destructive' })
  await expect(page.getByText(NO_LINK)).toHaveCount(1)
})

test('a page link the pointer rests on is fetched ahead, once; the admin and other sites never', async ({ page }) => {
  const prefetched: string[] = []
  page.on('request', (request) => {
    if (request.headers()['sec-purpose']?.includes('prefetch')) prefetched.push(new URL(request.url()).pathname)
  })
  await page.goto('/legal')
  await waitForHydration(page)
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Pricing' }).hover()
  await expect.poll(() => prefetched).toContain('/pricing')
  await expect(page.locator('link[rel="prefetch"][href$="/pricing"]')).toHaveCount(1)
  // Passing over and back does not fetch it again; the page itself is never fetched.
  await page.mouse.move(0, 0)
  await footer.getByRole('link', { name: 'Pricing' }).hover()
  await footer.getByRole('link', { name: 'Legal' }).hover()
  await footer.getByRole('link', { name: 'App Store' }).hover()
  await page.waitForTimeout(300)
  expect(prefetched.filter((path) => path === '/pricing')).toHaveLength(1)
  expect(prefetched).not.toContain('/legal')
  expect(prefetched.every((path) => !path.startsWith('/admin'))).toBe(true)
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(1)
})
