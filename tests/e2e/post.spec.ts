/** SPEC §2 "Blog post (/blog/{slug})": title, date, featured image, content, skeleton, Post Not Found. */
import { expect, test, type Page } from '@playwright/test'
import type { Post } from '../../server/content/post.ts'
import {
  DRAFTS,
  PUBLISHED,
  firstText,
  isSameDocument,
  longUsDate,
  markDocument,
  publishedPost,
  waitForHydration,
} from './fixtures.ts'

/** document.title contains the post's title. */
const titlePattern = (post: Post) => new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

const NOT_FOUND_NOTE = "The blog post you're looking for doesn't exist or has been removed."

/** The article of `post` is on screen: h1, long date, loaded featured image, a heading and a paragraph of its content. */
async function expectArticle(page: Page, post: Post) {
  const article = page.locator('article')
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title)
  await expect(article.locator('time')).toHaveText(longUsDate(post.publishDate))
  await expect(article.locator('time')).toHaveAttribute('datetime', post.publishDate)
  if (post.featuredImageUrl) {
    const image = article.locator('img').first()
    await expect(image).toHaveAttribute('src', post.featuredImageUrl)
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
  }
  // The HTML content is rendered as HTML (a real <h2>, a real paragraph), not as text.
  await expect(article.locator('h2').first()).toHaveText(firstText(post.content, 'h2'))
  await expect(article.locator('p').filter({ hasText: firstText(post.content, 'p').slice(0, 60) })).toHaveCount(1)
  await expect(page.getByText(NOT_FOUND_NOTE)).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

test.describe('blog post', () => {
  test('loaded directly: title, long date, featured image, content, document title', async ({ page }) => {
    const post = publishedPost(0)
    const response = await page.goto(`/blog/${post.slug}`)
    expect(response?.status()).toBe(200)
    await expectArticle(page, post)
    await expect(page).toHaveTitle(titlePattern(post))

    // Metadata (SPEC §2): the summary as description, the publish date as the article's published time.
    const head = page.locator('head')
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', post.summary)
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
    await expect(head.locator('meta[property="article:published_time"]')).toHaveAttribute('content', post.publishDate)
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/blog/${post.slug}$`))
  })

  test('the first HTML response already contains the article', async ({ request }) => {
    const post = publishedPost(3)
    const response = await request.get(`/blog/${post.slug}`)
    expect(response.status()).toBe(200)
    const html = (await response.text()).replace(/<!-- -->/g, '')
    expect(html.includes('aria-busy="true"'), 'no skeleton in the HTML').toBe(false)
    expect(html.includes(`>${longUsDate(post.publishDate)}</time>`), 'the long date').toBe(true)
    expect(html.includes(`src="${post.featuredImageUrl}"`), 'the featured image').toBe(true)
  })

  test('clicking a card navigates client-side, fetching the post (skeleton while it loads)', async ({ page }) => {
    const post = publishedPost(1)
    await page.goto('/blog')
    await waitForHydration(page)
    await markDocument(page)

    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const requested: string[] = []
    await page.route('**/api/blog/posts/**', async (route) => {
      requested.push(new URL(route.request().url()).pathname)
      await gate
      await route.continue()
    })

    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
    const skeleton = page.locator('[aria-busy="true"]')
    await expect(skeleton).toBeVisible()
    await expect(page.locator('article')).toHaveCount(0)
    await expect.poll(() => requested).toEqual([`/api/blog/posts/${post.slug}`])

    release()
    await expectArticle(page, post)
    await expect(skeleton).toHaveCount(0)
    await expect(page).toHaveTitle(titlePattern(post))
    expect(await isSameDocument(page), 'no full page load').toBe(true)

    // The browser's Back and Forward buttons move between the two client-side.
    await page.goBack()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.locator('li.post-card:not([data-testid="post-placeholder"])')).toHaveCount(10)
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    expect(await isSameDocument(page), 'Back/Forward without a full page load').toBe(true)
  })

  test('client-side navigation to a post without delaying the API', async ({ page }) => {
    // The oldest post: on page 2 of the list.
    const post = publishedPost(PUBLISHED.length - 1)
    await page.goto('/blog')
    await waitForHydration(page)
    await markDocument(page)
    await page.getByRole('button', { name: 'Next' }).click()
    const apiResponse = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/blog/posts/${post.slug}`)
    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    expect((await apiResponse).status()).toBe(200)
    await expectArticle(page, post)
    expect(await isSameDocument(page)).toBe(true)
  })
})

test.describe('blog post without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the article is visible', async ({ page }) => {
    const post = publishedPost(5)
    await page.goto(`/blog/${post.slug}`)
    await expectArticle(page, post)
  })
})

test.describe('Post Not Found', () => {
  for (const [label, slug] of [
    ['an unknown slug', 'no-such-post'],
    ...DRAFTS.map((draft) => [`the draft ${draft.slug}`, draft.slug] as const),
  ] as const) {
    test(`${label}: HTTP 404 and the Post Not Found screen`, async ({ page }) => {
      const response = await page.goto(`/blog/${slug}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
      await expect(page.getByText(NOT_FOUND_NOTE, { exact: true })).toBeVisible()
      await expect(page.locator('article')).toHaveCount(0)
      // It is the post screen, not the generic 404.
      await expect(page.getByText('Page Not Found')).toHaveCount(0)
      const draft = DRAFTS.find((post) => post.slug === slug)
      if (draft) await expect(page.getByText(draft.title)).toHaveCount(0)
    })
  }

  test('a post answered with no data shows Post Not Found', async ({ page }) => {
    // SPEC §2: "On error or no data".
    await page.goto('/blog')
    await waitForHydration(page)
    const post = publishedPost(0)
    await page.route(`**/api/blog/posts/${post.slug}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }),
    )
    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible({ timeout: 3_000 })
  })

  test('client-side navigation to a missing post shows Post Not Found', async ({ page }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    await markDocument(page)
    // A post removed between the list and the click: the API answers 404.
    const post = publishedPost(0)
    await page.route(`**/api/blog/posts/${post.slug}`, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not found"}' }),
    )
    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText(NOT_FOUND_NOTE, { exact: true })).toBeVisible()
    expect(await isSameDocument(page)).toBe(true)
  })
})
