/** SPEC §2 "Not-found page" and "Site chrome" (nav bar, footer), §9 (15 lines, 2025). */
import { expect, test, type Page } from '@playwright/test'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'

import { escapeHtml, isSameDocument, markDocument, waitForHydration } from './fixtures.ts'

const NOT_FOUND_LINES = SITE_DEFAULTS['not-found'].lines

/** Whether this run serves a static export (playwright.export.config.ts), where the browser picks the 404's line. */
const isStaticExport = () => test.info().config.configFile?.endsWith('playwright.export.config.ts') ?? false

const FOOTER_PATHS = ['/blog', '/pricing', '/watchio', '/legal', '/partnerships', '/discord', '/feedback', '/help']

test('there are 15 not-found lines, all different', () => {
  expect(NOT_FOUND_LINES).toHaveLength(15)
  expect(new Set(NOT_FOUND_LINES).size).toBe(15)
})

/** The sticky nav bar: brand link to /, theme toggle, "Get the app" to the app store listing. */
async function expectNavBar(page: Page) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  const brand = nav.getByRole('link', { name: 'Watchio' })
  await expect(brand).toHaveAttribute('href', '/')
  await expect(nav.getByRole('button', { name: 'Dark theme' })).toBeVisible()
  const getApp = nav.getByRole('link', { name: 'Get the app' })
  await expect(getApp).toBeVisible()
  await expect(getApp).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//)
  // Sticky: it stays at the top of the viewport when the page scrolls.
  expect(await page.locator('header.nav').evaluate((el) => getComputedStyle(el).position)).toBe('sticky')
}

/** The footer: the eight site links of SPEC §2, "last updated October 2025" and the 2025 copyright. */
async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo')
  await expect(footer).toBeVisible()
  const hrefs = await footer.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  for (const path of FOOTER_PATHS) expect(hrefs, `footer links to ${path}`).toContain(path)
  await expect(footer).toContainText(/last updated October 2025/i)
  await expect(footer).toContainText('© 2025')
}

test.describe('404 page', () => {
  test('unknown path: HTTP 404, "404", "Page Not Found", one of the 15 lines, Back to Home, site chrome', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveURL(/\/this\/does\/not\/exist$/)

    const main = page.getByRole('main')
    await expect(main.getByText('404', { exact: true })).toBeVisible()
    await expect(main.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    const line = main.locator('p.not-found__line')
    await expect(line).toHaveCount(1)
    const text = (await line.textContent())?.trim() ?? ''
    expect(text).not.toBe('')
    expect(NOT_FOUND_LINES).toContain(text)
    await expect(main).toContainText(/homepage/i)
    await expect(page.getByText('Post Not Found')).toHaveCount(0)

    const home = main.getByRole('link', { name: 'Back to Home' })
    await expect(home).toHaveAttribute('href', '/')
    await expectNavBar(page)
    await expectFooter(page)
    await expect(page).toHaveTitle(/Page Not Found/)

    await waitForHydration(page)
    if (isStaticExport()) {
      // One file for every visit: the browser picks the line once the page is hydrated.
      expect(NOT_FOUND_LINES).toContain((await line.textContent())?.trim())
    } else {
      // Hydration keeps the line the server chose (no mismatch, no second pick).
      await expect(line).toHaveText(text)
    }
  })

  test('the line varies between visits (SPEC §2: one chosen at random), on the server and in a static export', async ({ page }) => {
    const seen = new Set<string>()
    for (let visit = 0; visit < 12 && seen.size < 2; visit++) {
      await page.goto('/this/does/not/exist')
      await waitForHydration(page)
      const line = page.getByRole('main').locator('p.not-found__line')
      await expect(line).toHaveCount(1)
      seen.add((await line.textContent())?.trim() ?? '')
    }
    // Twelve visits all showing one of 15 lines happens once in 15^11 when each is picked at random.
    expect(seen.size).toBeGreaterThan(1)
    for (const text of seen) expect(NOT_FOUND_LINES).toContain(text)
  })

  test('the HTTP response itself is a 404 with one of the lines', async ({ request }) => {
    const response = await request.get('/this/does/not/exist')
    expect(response.status()).toBe(404)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    const html = await response.text()
    const match = /<p class="not-found__line">([^<]*)<\/p>/.exec(html)
    expect(match, 'the line is in the server-rendered HTML').not.toBeNull()
    expect(NOT_FOUND_LINES.map(escapeHtml)).toContain(match?.[1])
    expect(html).toMatch(/<meta name="robots" content="noindex">/)
  })

  test('other unknown paths are 404s too', async ({ request }) => {
    for (const path of ['/nope', '/blog/a/b', '/admin-nope/x']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(await response.text(), path).toContain('Page Not Found')
    }
  })

  test('Back to Home goes to the landing page', async ({ page }) => {
    await page.goto('/this/does/not/exist')
    await waitForHydration(page)
    await markDocument(page)
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock the Magic' })).toBeVisible()
    await expect(page.getByText('Page Not Found')).toHaveCount(0)
    // The landing page uses server routing (pages/index/+config.ts): arriving there is a full page load.
    expect(await isSameDocument(page), 'full page load').toBe(false)
  })

  test('the brand link also leads home', async ({ page }) => {
    await page.goto('/this/does/not/exist')
    await waitForHydration(page)
    await page.getByRole('banner').getByRole('link', { name: 'Watchio' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock the Magic' })).toBeVisible()
  })
})

test('site chrome: the list, a post and Post Not Found have the nav bar and the footer', async ({ page }) => {
  for (const path of ['/blog', '/blog/ftp-webdav-and-cloud-accounts', '/blog/no-such-post']) {
    await test.step(path, async () => {
      await page.goto(path)
      await expectNavBar(page)
      await expectFooter(page)
    })
  }
})
