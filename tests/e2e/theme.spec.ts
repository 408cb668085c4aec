/** SPEC §2 site chrome (theme toggle) and §4: light or dark, localStorage key `theme`, default light. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { publishedPost, waitForHydration } from './fixtures.ts'

/** The page background of each theme, read from the stylesheet (`--bg`), as computed style prints it. */
function backgroundOf(theme: 'light' | 'dark'): string {
  const css = readFileSync(path.resolve(import.meta.dirname, '../../renderer/styles.css'), 'utf8')
  const block = theme === 'dark' ? /\[data-theme='dark'\]\s*\{([^}]*)\}/.exec(css) : /:root\s*\{([^}]*)\}/.exec(css)
  const hex = /--bg:\s*#([0-9a-f]{6})\s*;/i.exec(block?.[1] ?? '')?.[1]
  if (!hex) throw new Error(`no --bg for the ${theme} theme in renderer/styles.css`)
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}
const LIGHT_BG = backgroundOf('light')
const DARK_BG = backgroundOf('dark')

test('the two themes have different backgrounds', () => {
  expect(LIGHT_BG).not.toBe(DARK_BG)
})

interface FirstPaint {
  /** data-theme when <body> first appeared in the DOM (before anything below the head is parsed). */
  themeAtBody?: string
  /** The body's computed background in the first animation frame, i.e. just before the first paint. */
  backgroundAtFirstFrame?: string
}

/** Records, in every document of `page`, the theme at the moment the body appears and at the first frame. */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const record: { themeAtBody?: string; backgroundAtFirstFrame?: string } = {}
    ;(window as unknown as { __firstPaint: typeof record }).__firstPaint = record
    const observer = new MutationObserver(() => {
      if (!document.body) return
      observer.disconnect()
      record.themeAtBody = document.documentElement.dataset.theme
      requestAnimationFrame(() => {
        record.backgroundAtFirstFrame = getComputedStyle(document.body).backgroundColor
      })
    })
    observer.observe(document, { childList: true, subtree: true })
  })
}

async function firstPaint(page: Page): Promise<FirstPaint> {
  return page.evaluate(() => (window as unknown as { __firstPaint?: FirstPaint }).__firstPaint ?? {})
}

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Dark theme' })
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'))
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** The page shows `expected` everywhere it should: attribute, toggle state, background. */
async function expectTheme(page: Page, expected: 'light' | 'dark') {
  await expect.poll(() => theme(page)).toBe(expected)
  await expect(toggle(page)).toHaveAttribute('aria-pressed', expected === 'dark' ? 'true' : 'false')
  await expect.poll(() => bodyBackground(page)).toBe(expected === 'dark' ? DARK_BG : LIGHT_BG)
}

test.describe('theme', () => {
  test('light by default, with nothing stored', async ({ page }) => {
    await recordFirstPaint(page)
    await page.goto('/blog')
    await waitForHydration(page)
    await expectTheme(page, 'light')
    expect(await storedTheme(page)).toBeNull()
    expect((await firstPaint(page)).themeAtBody).toBe('light')
  })

  test.describe('with a dark operating system preference', () => {
    test.use({ colorScheme: 'dark' })
    test('still light by default (SPEC §4: default light)', async ({ page }) => {
      await page.goto('/blog')
      await waitForHydration(page)
      await expectTheme(page, 'light')
    })
  })

  test('toggling to dark applies and stores it; after a reload it is dark before the first paint', async ({ page }) => {
    await recordFirstPaint(page)
    await page.goto('/blog')
    await waitForHydration(page)

    await toggle(page).click()
    await expectTheme(page, 'dark')
    expect(await storedTheme(page)).toBe('dark')

    await page.reload()
    const painted = await firstPaint(page)
    expect(painted.themeAtBody, 'data-theme when the body first appeared').toBe('dark')
    await expect.poll(async () => (await firstPaint(page)).backgroundAtFirstFrame).toBe(DARK_BG)
    await waitForHydration(page)
    await expectTheme(page, 'dark')
    expect(await storedTheme(page)).toBe('dark')
  })

  test('a stored dark theme applies on a direct load of any page (the 404 page too)', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark')
        sessionStorage.setItem('seeded', '1')
      }
    })
    await recordFirstPaint(page)
    for (const url of [`/blog/${publishedPost(2).slug}`, '/this/does/not/exist', '/']) {
      await page.goto(url)
      expect((await firstPaint(page)).themeAtBody, url).toBe('dark')
      await waitForHydration(page)
      await expectTheme(page, 'dark')
    }
  })

  test('toggling back to light persists too', async ({ page }) => {
    await recordFirstPaint(page)
    await page.goto('/blog')
    await waitForHydration(page)
    await toggle(page).click()
    await expectTheme(page, 'dark')

    await toggle(page).click()
    await expectTheme(page, 'light')
    expect(await storedTheme(page)).toBe('light')

    await page.reload()
    expect((await firstPaint(page)).themeAtBody).toBe('light')
    await waitForHydration(page)
    await expectTheme(page, 'light')
    expect(await storedTheme(page)).toBe('light')
  })

  test('the theme carries over the links between pages', async ({ page }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    await toggle(page).click()
    await expectTheme(page, 'dark')

    const post = publishedPost(0)
    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await waitForHydration(page)
    await expectTheme(page, 'dark')

    // And toggling on the post page carries back to the list.
    await toggle(page).click()
    await expectTheme(page, 'light')
    await page.getByRole('link', { name: 'All posts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible()
    await waitForHydration(page)
    await expectTheme(page, 'light')
    expect(await storedTheme(page)).toBe('light')
  })

  test('an unexpected stored value falls back to light', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'purple'))
    await page.goto('/blog')
    await waitForHydration(page)
    await expectTheme(page, 'light')
  })
})

test('the first-paint check does catch a theme applied after the body appeared', async ({ page }) => {
  // Guards the guard: the same theme script, moved from <head> to the end of <body>, must fail the check.
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await recordFirstPaint(page)
  await page.route('**/blog', async (route) => {
    const response = await route.fetch()
    const html = await response.text()
    const script = /<script>try\{document\.documentElement\.dataset\.theme[^<]*<\/script>/.exec(html)?.[0]
    expect(script, 'the inline theme script is in the page').toBeTruthy()
    await route.fulfill({ response, body: html.replace(script!, '').replace('</body>', `${script}</body>`) })
  })
  await page.goto('/blog')
  expect((await firstPaint(page)).themeAtBody).toBe('light')
  await expect.poll(() => theme(page)).toBe('dark')
})
