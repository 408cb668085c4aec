/**
 * The blocks of other blogs on a post page, in a real browser (renderer/post-blocks.css): each
 * shown as what it is, in both themes at AA contrast, and at 320, 360 and 390 px wide with nothing
 * scrolling sideways; a toggle opens by keyboard, a footnote and its note lead to each other.
 */
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { lowContrastControls, lowContrastText } from './contrast.ts'
import { ALL_POST_BLOCKS } from '../support/post-blocks.ts'

async function publishPost(page: Page, url: string, slug: string, content: string): Promise<void> {
  const response = await page.request.post(`${url}/api/admin/blog/posts`, {
    data: { title: `Post ${slug}`, slug, summary: 'Every block.', content, publishDate: '2025-01-01', isPublished: true, featuredImageUrl: '' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** How far the page scrolls sideways, and the first elements that stick out. */
async function sidewaysOverflow(page: Page): Promise<{ over: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement
    const widest = [...document.querySelectorAll('.prose *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => element.outerHTML.slice(0, 80))
    return { over: root.scrollWidth - root.clientWidth, widest }
  })
}

const PROSE_TEXT = ['h4', 'h5', 'h6', 'summary', 'details p', 'cite', 'aside p', 'a.button', 'a[download]', 'figcaption', 'figure.bookmark strong', 'figure.bookmark span', 'sup a', 'section li p']

test('every block reads as itself, in both themes and at 320, 360 and 390 px', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await publishPost(page, adminSite.url, 'blocks', ALL_POST_BLOCKS)

  for (const theme of ['light', 'dark']) {
    await page.goto(`${adminSite.url}/blog/blocks`)
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const prose = page.locator('.prose')

    // Headings h4–h6: each smaller than the one above it, each with its link.
    const sizes = await prose.locator('h4, h5, h6').evaluateAll((headings) => headings.map((heading) => parseFloat(getComputedStyle(heading).fontSize)))
    expect(sizes).toHaveLength(3)
    expect(sizes[0]!).toBeGreaterThan(sizes[1]!)
    expect(sizes[1]!).toBeGreaterThanOrEqual(sizes[2]!)
    await expect(prose.getByRole('link', { name: 'Link to the section “Six”' })).toHaveAttribute('href', '#six')

    // A gallery is a grid: its first two images side by side, its caption below them all.
    const images = prose.locator('figure.gallery > figure img')
    await expect(images).toHaveCount(3)
    const [first, second] = [(await images.nth(0).boundingBox())!, (await images.nth(1).boundingBox())!]
    expect(Math.abs(first.y - second.y)).toBeLessThan(1)
    expect(second.x).toBeGreaterThan(first.x + first.width - 1)

    // A callout is a note; a button and a download are links that look like controls.
    await expect(prose.getByRole('note')).toContainText('Back up your playlists first.')
    const button = prose.getByRole('link', { name: 'Start watching' })
    expect(await button.evaluate((link) => getComputedStyle(link).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    await expect(prose.getByRole('link', { name: 'User manual (PDF)' })).toHaveAttribute('download', '')
    await expect(prose.getByRole('link', { name: /A bookmarked page with a rather long title/ })).toHaveAttribute('href', 'https://x.example/post')

    expect(await lowContrastText(page, PROSE_TEXT.map((selector) => `.prose ${selector}`).join(', ')), theme).toEqual([])
    expect(await lowContrastControls(page, '.prose'), theme).toEqual([])

    // At the reflow widths (tests/e2e/reflow.spec.ts), 320 px last, nothing scrolls sideways: the
    // bookmark's long title, the gallery, the download all wrap.
    for (const width of [390, 360, 320]) {
      await page.setViewportSize({ width, height: 800 })
      const overflow = await sidewaysOverflow(page)
      expect(overflow.over, `${theme} at ${width} px: ${overflow.widest.join(' | ')}`).toBeLessThanOrEqual(0)
    }
    // Two images a row on a phone, still a grid.
    const [narrowFirst, narrowSecond] = [(await images.nth(0).boundingBox())!, (await images.nth(1).boundingBox())!]
    expect(Math.abs(narrowFirst.y - narrowSecond.y)).toBeLessThan(1)
    await expectNoSeriousAxeViolations(page, { where: `a post with every block (${theme})` })
  }
})

test('a toggle opens by keyboard, and a footnote and its note lead to each other', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await publishPost(page, adminSite.url, 'toggle-and-notes', ALL_POST_BLOCKS)
  await page.goto(`${adminSite.url}/blog/toggle-and-notes`)
  const prose = page.locator('.prose')

  const hidden = prose.getByText('Yes, downloads play anywhere.')
  await expect(hidden).toBeHidden()
  await prose.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(hidden).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(hidden).toBeHidden()

  await prose.getByRole('link', { name: '1', exact: true }).click()
  await expect(page).toHaveURL(/#fn-1$/)
  await expect(prose.locator('li#fn-1')).toBeInViewport()
  await prose.locator('li#fn-1').getByRole('link', { name: '↩' }).click()
  await expect(page).toHaveURL(/#fnref-1$/)
  await expect(prose.locator('#fnref-1')).toBeInViewport()
})
