/**
 * No uncaught errors, no console errors (a hydration mismatch is reported as one) and no
 * Content-Security-Policy violations on the blog list, a post and the 404 pages, on a direct
 * load and after client-side navigation, in both themes.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  cspViolations,
  longUsDate,
  publishedPost,
  recordCspViolations,
  recordProblems,
  waitForHydration,
} from './fixtures.ts'

const URLS = ['/blog', `/blog/${publishedPost(0).slug}`, '/this/does/not/exist', '/blog/no-such-post']
const is404Document = (url: string) => /\/this\/does\/not\/exist$|\/blog\/no-such-post$/.test(url)

async function visit(page: Page, url: string) {
  await page.goto(url)
  await waitForHydration(page)
}

/** Lets late effects, images and fetches settle: no request for 500 ms. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
}

for (const stored of [null, 'dark'] as const) {
  test.describe(`with ${stored ? 'the dark theme stored' : 'nothing stored'}`, () => {
    test.beforeEach(async ({ page }) => {
      if (stored) await page.addInitScript((value) => localStorage.setItem('theme', value), stored)
      await recordCspViolations(page)
    })

    test('direct loads of the list, a post and the 404 pages: no page errors, console errors or CSP violations', async ({
      page,
    }) => {
      const log = recordProblems(page, { allow404For: is404Document })
      for (const url of URLS) {
        await visit(page, url)
        if (url === '/blog') {
          // Lazy images below the fold load too.
          await page.locator('li.post-card').last().scrollIntoViewIfNeeded()
        }
        await settle(page)
        expect(log.problems, url).toEqual([])
        expect(await cspViolations(page), url).toEqual([])
      }
    })

    test('client-side navigations: list → post → list → page 2', async ({ page }) => {
      const log = recordProblems(page)
      await visit(page, '/blog')
      const post = publishedPost(4)
      await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
      await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
      await page.getByRole('link', { name: 'All posts' }).click()
      await expect(page.locator('li.post-card h2')).toHaveCount(10)
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByText('Page 2 of 2')).toBeVisible()
      await settle(page)
      expect(log.problems).toEqual([])
      expect(await cspViolations(page)).toEqual([])
    })
  })
}

test('the problem recorder does catch a console error and a CSP violation', async ({ page }) => {
  // Guards the guard: if the listeners were broken, the tests above would pass vacuously.
  await recordCspViolations(page)
  const log = recordProblems(page)
  await visit(page, '/blog')
  await page.evaluate(() => {
    console.error('deliberate test error')
    const script = document.createElement('script')
    script.textContent = 'window.__inlineRan = true'
    document.body.append(script)
  })
  await expect.poll(() => log.problems.some((p) => p.includes('deliberate test error'))).toBe(true)
  await expect.poll(() => log.problems.some((p) => p.startsWith('CSP'))).toBe(true)
  await expect.poll(() => cspViolations(page)).not.toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined()
})

test('the problem recorder does catch a hydration mismatch', async ({ page }) => {
  // The server HTML is altered so that it disagrees with what the browser renders.
  const log = recordProblems(page)
  const newest = publishedPost(0)
  await page.route('**/blog', async (route) => {
    const response = await route.fetch()
    const html = await response.text()
    const original = `>${longUsDate(newest.publishDate)}<`
    expect(html.includes(original), 'the date to alter is in the HTML').toBe(true)
    await route.fulfill({ response, body: html.replace(original, '>Not a date<') })
  })
  await visit(page, '/blog')
  // The list hydrates when the reader is about to use it.
  await page.locator('.post-grid').hover()
  await expect.poll(() => log.problems.length).toBeGreaterThan(0)
  // React recovers by rendering in the browser: the right date is back.
  await expect(page.locator('time.post-card__date').first()).toHaveText(longUsDate(newest.publishDate))
})
