import { expect, test } from '@playwright/test'
import { publishedPost, waitForHydration } from './fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

/**
 * axe-core on the blog list, a post, Post Not Found and the 404 page, in both themes and at
 * 360 px and 1280 px (each theme and each width once: contrast depends on the theme, layout on
 * the width): no serious or critical violation (the other public pages have theirs in landing,
 * pricing and pages specs).
 */
const pages = ['/blog', `/blog/${publishedPost(0).slug}`, '/blog/no-such-post', '/no/such/page']

for (const [theme, width] of [['light', 1280], ['dark', 360]] as const) {
  test(`blog pages and 404 pass axe: ${theme} theme, ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    for (const path of pages) {
      await page.goto(path)
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expectNoSeriousAxeViolations(page, { where: path })
    }
  })
}
