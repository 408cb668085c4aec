/**
 * Serving library images responsively: a post whose featured image and text images come from the site's media
 * library is rendered with responsive images (srcset, sizes, width, height), the browser fetches
 * a variant no wider than its slot needs at a phone's and a laptop's width, and nothing shifts
 * while the images load (CLS 0). The site is a temp repository of this spec's own (admin-fixtures.ts);
 * the images are made with sharp and committed with the git CLI.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { commitMedia, type MediaFixture } from '../support/media-files.ts'
import { type AdminSite, expect, test } from './admin-fixtures.ts'
import { waitForHydration, waitForPageSettled } from './fixtures.ts'
import { drawnLayoutShiftOf, recordLayoutShifts } from '../support/layout-shifts.ts'

interface Fixture {
  cover: MediaFixture
  beach: MediaFixture
  icon: MediaFixture
}

const SLUG = 'photos-from-the-library'
let prepared: Promise<Fixture> | undefined

/** The post and its images, once for this file's site. */
function prepare(adminSite: AdminSite): Promise<Fixture> {
  prepared ??= (async () => {
    const repo = adminSite.site.repoDir
    const cover = await commitMedia(repo, { name: 'cover', width: 2400, height: 1600, ext: 'jpg', noisy: true, seed: 1 })
    const beach = await commitMedia(repo, { name: 'beach', width: 1600, height: 1200, ext: 'jpg', noisy: true, seed: 2 })
    const icon = await commitMedia(repo, { name: 'icon', width: 500, height: 400, ext: 'png', seed: 3 })
    const filler = '<p>' + 'Words to read before the pictures come into view. '.repeat(40) + '</p>'
    const post = [
      '---',
      'id: media0001',
      'title: Photos from the library',
      `slug: ${SLUG}`,
      'summary: A post with the site’s own images.',
      "publishDate: '2026-01-01'",
      'isPublished: true',
      `featuredImageUrl: ${cover.url}`,
      '---',
      '<h2>The beach</h2>',
      filler,
      `<p><img src="${beach.url}" alt="A beach at dusk"></p>`,
      filler,
      `<p><img src="${icon.url}" alt="An icon"></p>`,
      filler,
      '',
    ].join('\n')
    await writeFile(path.join(adminSite.site.blogDir, `${SLUG}.html`), post)
    adminSite.git('add', '-A')
    adminSite.git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'a post with photos')
    // The site follows the posts folder: the post is there a moment later.
    await expect.poll(async () => (await fetch(`${adminSite.url}/api/blog/posts/${SLUG}`)).status).toBe(200)
    return { cover, beach, icon }
  })()
  return prepared
}

interface Choice {
  currentSrc: string
  /** The width of the file the browser chose (its w descriptor). */
  chosen: number
  /** The narrowest candidate at least as wide as the slot needs (its CSS width × devicePixelRatio). */
  needed: number
  slot: number
}

/** Waits until `selector`'s image has loaded, then says what the browser chose from its srcset. */
async function choiceOf(page: Page, selector: string): Promise<Choice> {
  const image = page.locator(selector)
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  return image.evaluate((img: HTMLImageElement) => {
    const candidates = img.srcset.split(',').map((part) => {
      const [url, descriptor] = part.trim().split(/\s+/)
      return { url: new URL(url!, location.href).href, width: Number(descriptor!.slice(0, -1)) }
    })
    const slot = img.getBoundingClientRect().width * devicePixelRatio
    const wide = candidates.filter((candidate) => candidate.width >= slot).map((candidate) => candidate.width)
    const chosen = candidates.find((candidate) => candidate.url === img.currentSrc)
    return { currentSrc: img.currentSrc, chosen: chosen?.width ?? -1, needed: wide.length ? Math.min(...wide) : Math.max(...candidates.map((c) => c.width)), slot }
  })
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the featured image is responsive, eager, and the browser takes a variant no wider than needed', async ({ page, adminSite }) => {
      const { cover } = await prepare(adminSite)
      await recordLayoutShifts(page)
      await page.goto(`${adminSite.url}/blog/${SLUG}`)
      await waitForHydration(page)
      const featured = page.locator('article img.article__image')
      await expect(featured).toHaveAttribute('src', cover.url)
      await expect(featured).toHaveAttribute('width', '2400')
      await expect(featured).toHaveAttribute('height', '1600')
      await expect(featured).toHaveAttribute('fetchpriority', 'high')
      await expect(featured).not.toHaveAttribute('loading', 'lazy')
      await expect(featured).toHaveAttribute('srcset', new RegExp(`^/media/w320/.+ 320w, .+, ${cover.url.replace(/[.]/g, '\\.')} 2400w$`))
      await expect(featured).toHaveAttribute('sizes', /\d+px$/)
      // The social card is the 1280 px variant, not the original.
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/media/w1280/2025/cover-.+\\.jpg$`))
      const choice = await choiceOf(page, 'article img.article__image')
      expect(choice.currentSrc, JSON.stringify(choice)).toMatch(/\/media\/w\d+\/2025\//)
      expect(choice.chosen, JSON.stringify(choice)).toBeGreaterThan(0)
      expect(choice.chosen, JSON.stringify(choice)).toBeLessThanOrEqual(choice.needed)
      // Chromium asks for AVIF, and gets it.
      const response = await page.request.get(choice.currentSrc, { headers: { Accept: 'image/avif,image/webp,*/*' } })
      expect(response.headers()['content-type']).toBe('image/avif')
      await waitForPageSettled(page)
      expect(await drawnLayoutShiftOf(page)).toBe(0)
    })

    test('images in the text are responsive and lazy, and loading them shifts nothing', async ({ page, adminSite }) => {
      const { beach, icon } = await prepare(adminSite)
      await recordLayoutShifts(page)
      await page.goto(`${adminSite.url}/blog/${SLUG}`)
      await waitForHydration(page)
      const photo = page.locator(`.prose img[alt="A beach at dusk"]`)
      await expect(photo).toHaveAttribute('src', beach.url)
      await expect(photo).toHaveAttribute('width', '1600')
      await expect(photo).toHaveAttribute('height', '1200')
      await expect(photo).toHaveAttribute('loading', 'lazy')
      await expect(photo).toHaveAttribute('decoding', 'async')
      await expect(photo).toHaveAttribute('srcset', /\/media\/w960\/2025\/beach-.+ 960w/)
      const small = page.locator(`.prose img[alt="An icon"]`)
      await expect(small).toHaveAttribute('width', '500')
      await expect(small).toHaveAttribute('srcset', new RegExp(` 320w, ${icon.url.replace(/[.]/g, '\\.')} 500w$`))
      // The markup the server sent is the one hydration kept.
      const html = await (await page.request.get(`${adminSite.url}/blog/${SLUG}`)).text()
      expect(html).toContain(`srcset="${await photo.getAttribute('srcset')}"`)

      for (const selector of [`.prose img[alt="A beach at dusk"]`, `.prose img[alt="An icon"]`]) {
        const choice = await choiceOf(page, selector)
        expect(choice.chosen, JSON.stringify(choice)).toBeGreaterThan(0)
        expect(choice.chosen, JSON.stringify(choice)).toBeLessThanOrEqual(choice.needed)
        // No image is drawn wider than its own pixels or its column.
        expect(choice.slot).toBeLessThanOrEqual(Math.min(viewport.width - 40, 696))
      }
      await waitForPageSettled(page)
      expect(await drawnLayoutShiftOf(page)).toBe(0)
    })

    test('the blog list’s card takes a variant sized for its column', async ({ page, adminSite }) => {
      await prepare(adminSite)
      await recordLayoutShifts(page)
      await page.goto(`${adminSite.url}/blog`)
      await waitForHydration(page)
      const card = page.locator('.post-card__image').first()
      await expect(card).toHaveAttribute('srcset', /\/media\/w320\/2025\/cover-/)
      await expect(card).toHaveAttribute('width', '2400')
      await expect(card).not.toHaveAttribute('loading', 'lazy')
      const choice = await choiceOf(page, '.post-card__image >> nth=0')
      expect(choice.chosen, JSON.stringify(choice)).toBeGreaterThan(0)
      expect(choice.chosen, JSON.stringify(choice)).toBeLessThanOrEqual(choice.needed)
      await waitForPageSettled(page)
      expect(await drawnLayoutShiftOf(page)).toBe(0)
    })
  })
}
