/**
 * Reflow (WCAG 1.4.10): every public page, at 320, 360 and 390 px wide, scrolls only up and down,
 * and the nav bar's "Get the app" is whole on screen (SPEC §2 site chrome).
 */
import { expect, test, type Page } from '@playwright/test'
import { PUBLISHED, waitForHydration } from './fixtures.ts'

const WIDTHS = [320, 360, 390] as const

/** Every public page (SPEC §2), the 404 and Post Not Found screens and the redirect pages included. */
const ROUTES = [
  '/',
  '/pricing',
  '/partnerships',
  '/legal',
  '/watchio',
  '/referral',
  `/referral?link=${encodeURIComponent('https://watchio.app/r/a-rather-long-referral-code-0123456789abcdef')}`,
  '/blog',
  ...PUBLISHED.map((post) => `/blog/${post.slug}`),
  '/blog/no-such-post',
  '/this/does/not/exist',
  '/feedback',
  '/discord',
  '/help',
  '/iptv',
]

/**
 * The redirect pages leave for another site. Answered with 204, a navigation does not happen
 * (the browser keeps the page it has), so the redirect page itself stays to be measured; nothing
 * leaves the machine.
 */
test.beforeEach(async ({ context, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 204 }),
  )
})

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement
    const widest = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest }
  })
}

// Each page is loaded once and laid out at each width in turn (a resize reflows it as a load would).
test(`no page scrolls sideways at ${WIDTHS.join(', ')} px, and "Get the app" is whole`, async ({ page }) => {
  for (const route of ROUTES) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 })
    await page.goto(route)
    // Laid out with the page's own styles and fonts.
    await page.evaluate(() => document.fonts.ready)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      const overflow = await horizontalOverflow(page)
      expect(overflow.scrollWidth, `${route} at ${width} px is ${overflow.scrollWidth} px wide: ${overflow.widest.join(', ')}`).toBeLessThanOrEqual(overflow.clientWidth)

      const getApp = page.getByRole('banner').getByRole('link', { name: 'Get the app' })
      await expect(getApp, route).toBeVisible()
      const box = await getApp.evaluate((link) => {
        const rect = link.getBoundingClientRect()
        // Its text fits inside the button: nothing cut by the button's own edges either.
        return { left: rect.left, right: rect.right, textFits: link.scrollWidth <= link.clientWidth }
      })
      expect(box.left, `${route}: "Get the app" starts on screen at ${width} px`).toBeGreaterThanOrEqual(0)
      expect(box.right, `${route}: "Get the app" ends on screen at ${width} px`).toBeLessThanOrEqual(width)
      expect(box.textFits, `${route}: "Get the app" shows all its text at ${width} px`).toBe(true)
    }
    // The brand stays a link to / named for the site, even where only its mark shows.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Watchio' }), route).toHaveAttribute('href', '/')
  }
})

test('at 320 px the landing page stays within the screen with the testimonials and every FAQ answer open', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'View more' }).click()
  await expect(page.getByRole('button', { name: 'View less' })).toBeVisible()
  const questions = page.locator('#faq summary')
  expect(await questions.count()).toBeGreaterThan(0)
  for (let index = 0; index < (await questions.count()); index++) {
    await questions.nth(index).click()
    await expect(page.locator('#faq details').nth(index)).toHaveAttribute('open', '')
    const overflow = await horizontalOverflow(page)
    expect(overflow.scrollWidth, overflow.widest.join(', ')).toBeLessThanOrEqual(overflow.clientWidth)
  }
})
