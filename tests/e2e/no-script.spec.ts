/**
 * The pages with nothing interactive but the theme toggle (a post, /legal, /partnerships, the
 * 404) are HTML: with JavaScript off they show all they have, in the light theme, and with it on
 * they load the site's few lines of plain script alone, no framework.
 */
import { expect, test } from '@playwright/test'
import { publishedPost } from './fixtures.ts'

const post = publishedPost(0)
const PAGES = [
  { path: `/blog/${post.slug}`, heading: post.title },
  { path: '/legal', heading: /./ },
  { path: '/partnerships', heading: /./ },
  { path: '/no-such-page', heading: 'Page Not Found' },
]

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('each script-free page shows its heading, text, nav and footer, in the light theme', async ({ page }) => {
    for (const { path, heading } of PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible()
      await expect(page.locator('main p').first(), path).toBeVisible()
      await expect(page.getByRole('contentinfo'), path).toBeVisible()
      await expect(page.locator('.theme-toggle'), path).toBeVisible()
      expect(await page.locator('html').getAttribute('data-theme'), path).toBe('light')
    }
  })
})

test('with JavaScript, each script-free page loads only the site\'s plain script, a few KB, no React', async ({ page }) => {
  for (const { path } of PAGES) {
    const scripts: { url: string; body: string }[] = []
    const listener = async (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: (await response.body()).toString('utf8') })
    }
    page.on('response', listener)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    page.off('response', listener)
    expect(scripts.length, `${path}: some script`).toBeGreaterThan(0)
    const bytes = scripts.reduce((sum, script) => sum + Buffer.byteLength(script.body), 0)
    expect(bytes, `${path}: bytes of script`).toBeLessThan(10_000)
    for (const script of scripts) expect(script.body, `${path}: ${script.url}`).not.toMatch(/react|__vike/i)
    // And it runs: the toggle switches the theme.
    await page.locator('.theme-toggle').click()
    expect(await page.locator('html').getAttribute('data-theme'), path).toBe('dark')
    await page.evaluate(() => localStorage.removeItem('theme'))
  }
})
