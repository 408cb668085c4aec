/** SPEC §2 "Blog post (/blog/{slug})": title, date, featured image, content, Post Not Found. The post
 * comes with its page (ordinary links, no fetch in the browser), so there is no loading to show. */
import { expect, test, type Page } from '@playwright/test'
import type { Post } from '../../core/post.ts'
import {
  DRAFTS,
  PAGE_SIZE,
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

  test('clicking a card is an ordinary link: a page load whose HTML holds the post (no fetch, no skeleton); Back and Forward', async ({ page }) => {
    const post = publishedPost(1)
    await page.goto('/blog')
    await waitForHydration(page)
    await markDocument(page)
    const requested: string[] = []
    await page.route('**/api/blog/posts/**', async (route) => {
      requested.push(new URL(route.request().url()).pathname)
      await route.continue()
    })

    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
    await expectArticle(page, post)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await expect(page).toHaveTitle(titlePattern(post))
    expect(await isSameDocument(page), 'a page load').toBe(false)
    expect(requested, 'the post came with the page').toEqual([])

    await page.goBack()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.locator('li.post-card:not([data-testid="post-placeholder"])')).toHaveCount(10)
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  })

  test('a post on page 2 of the list opens from its card', async ({ page }) => {
    // The oldest post: on page 2 of the list.
    const post = publishedPost(PUBLISHED.length - 1)
    await page.goto('/blog')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.locator(`li.post-card a[href="/blog/${post.slug}"]`).click()
    await expectArticle(page, post)
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

  test('a card whose post is gone by the time of the click shows Post Not Found', async ({ page }) => {
    // The whole list (fetched at the first Next) still names a post the server no longer has.
    const gone = { ...publishedPost(0), slug: 'removed-since-the-list', title: 'Removed since the list' }
    await page.route('**/api/blog/posts', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([...PUBLISHED.slice(0, PAGE_SIZE), gone]) }),
    )
    await page.goto('/blog')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Next' }).click()
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === `/blog/${gone.slug}`)
    await page.locator(`li.post-card a[href="/blog/${gone.slug}"]`).click()
    expect((await response).status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText(NOT_FOUND_NOTE, { exact: true })).toBeVisible()
  })
})
