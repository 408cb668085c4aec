/** SPEC §2 "Blog list (/blog)" and §9 (10 posts a page, 3 loading placeholders). */
import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  DRAFTS,
  PAGE_SIZE,
  PUBLISHED,
  escapeHtml,
  isSameDocument,
  longUsDate,
  markDocument,
  publishedPost,
  waitForHydration,
} from './fixtures.ts'

const PAGE_1 = PUBLISHED.slice(0, PAGE_SIZE)
const PAGE_2 = PUBLISHED.slice(PAGE_SIZE)
const TOTAL_PAGES = Math.ceil(PUBLISHED.length / PAGE_SIZE)

test('the sample content is what these tests expect (12 published posts, 2 drafts)', () => {
  expect(PUBLISHED).toHaveLength(12)
  expect(DRAFTS.map((post) => post.slug).sort()).toEqual(['tips-for-smooth-playback', 'whats-next-for-watchio'])
  expect(publishedPost(0).slug).toBe('ftp-webdav-and-cloud-accounts')
  expect(TOTAL_PAGES).toBe(2)
})

const cards = (page: Page) => page.locator('li.post-card:not([data-testid="post-placeholder"])')
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' })
const previousButton = (page: Page) => pagination(page).getByRole('button', { name: 'Previous' })
const nextButton = (page: Page) => pagination(page).getByRole('button', { name: 'Next' })

/** Each card, in order: its title, long US date, link and featured image. */
async function expectCards(list: Locator, posts: readonly (typeof PUBLISHED)[number][]) {
  await expect(list).toHaveCount(posts.length)
  await expect(list.locator('h2.post-card__title')).toHaveText(posts.map((post) => post.title))
  await expect(list.locator('time.post-card__date')).toHaveText(posts.map((post) => longUsDate(post.publishDate)))
  for (const [i, post] of posts.entries()) {
    const card = list.nth(i)
    await expect(card.locator('a.post-card__link')).toHaveAttribute('href', `/blog/${post.slug}`)
    await expect(card.locator('time.post-card__date')).toHaveAttribute('datetime', post.publishDate)
    if (post.featuredImageUrl) {
      await expect(card.locator('img')).toHaveAttribute('src', post.featuredImageUrl)
      await expect(card.getByText('No image')).toHaveCount(0)
    } else {
      await expect(card.getByText('No image')).toBeVisible()
    }
  }
}

/** Every featured image on the page really loads (lazy images load once scrolled to). */
async function expectImagesLoaded(page: Page) {
  const images = page.locator('li.post-card img')
  const count = await images.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) await images.nth(i).scrollIntoViewIfNeeded()
  const notLoaded = () =>
    images.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((img) => !(img.complete && img.naturalWidth > 0)).map((img) => img.src),
    )
  await expect.poll(notLoaded, { message: 'featured images that did not load' }).toEqual([])
}

test.describe('blog list', () => {
  test('page 1: heading, ten newest posts with dates and images, pagination', async ({ page }) => {
    const response = await page.goto('/blog')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible()
    await expect(page.getByText('News, updates, and insights from the team', { exact: true })).toBeVisible()
    await expect(page).toHaveTitle(/Blog/)
    // Page metadata (SPEC §2): canonical link, social-card tags, keywords.
    const head = page.locator('head')
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/blog$/)
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Blog')
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//)
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', /\S/)

    await expectCards(cards(page), PAGE_1)
    await expectImagesLoaded(page)
    await expect(page.getByTestId('post-placeholder')).toHaveCount(0)

    await expect(pagination(page)).toContainText(`Page 1 of ${TOTAL_PAGES}`)
    await expect(previousButton(page)).toBeDisabled()
    await expect(nextButton(page)).toBeEnabled()
  })

  test('Next shows the remaining posts on page 2, Previous goes back to page 1', async ({ page }) => {
    const listRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/blog/posts') listRequests.push(request.url())
    })
    await page.goto('/blog')
    await waitForHydration(page)
    await markDocument(page)
    // The page came with its first ten posts and the count: nothing fetched yet.
    expect(listRequests).toHaveLength(0)

    await nextButton(page).click()
    await expect(pagination(page)).toContainText(`Page 2 of ${TOTAL_PAGES}`)
    await expectCards(cards(page), PAGE_2)
    await expectImagesLoaded(page)
    await expect(nextButton(page)).toBeDisabled()
    await expect(previousButton(page)).toBeEnabled()

    await previousButton(page).click()
    await expect(pagination(page)).toContainText(`Page 1 of ${TOTAL_PAGES}`)
    await expectCards(cards(page), PAGE_1)
    await expect(previousButton(page)).toBeDisabled()
    await expect(nextButton(page)).toBeEnabled()

    await nextButton(page).click()
    await expect(pagination(page)).toContainText(`Page 2 of ${TOTAL_PAGES}`)
    await expectCards(cards(page), PAGE_2)

    // Paging happens in the client (SPEC §4): the whole list was fetched once, at the first Next.
    expect(listRequests).toHaveLength(1)
    expect(await isSameDocument(page)).toBe(true)
    await expect(page).toHaveURL(/\/blog$/)
  })

  test('page 2 when the list cannot be fetched: placeholders, then the error, nothing half-shown', async ({ page }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/blog/posts', async (route) => {
      await held
      await route.fulfill({ status: 500, body: 'Internal Server Error' })
    })
    await page.goto('/blog')
    await waitForHydration(page)
    await nextButton(page).click()
    await expect(page.getByTestId('post-placeholder')).toHaveCount(3)
    release()
    await expect(page.getByRole('alert')).toHaveText('The posts could not be loaded. Please try again in a moment.')
    await expect(cards(page)).toHaveCount(0)
  })

  test('drafts never appear, on any page', async ({ page }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    const seen = [...(await page.locator('h2.post-card__title').allTextContents())]
    await nextButton(page).click()
    await expect(pagination(page)).toContainText(`Page 2 of ${TOTAL_PAGES}`)
    seen.push(...(await page.locator('h2.post-card__title').allTextContents()))

    expect(seen.sort()).toEqual(PUBLISHED.map((post) => post.title).sort())
    for (const draft of DRAFTS) {
      expect(seen).not.toContain(draft.title)
      await expect(page.locator(`a[href="/blog/${draft.slug}"]`)).toHaveCount(0)
    }
  })

  test('the first HTML response already contains the posts, not placeholders', async ({ request }) => {
    const response = await request.get('/blog')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    // React separates adjacent text with `<!-- -->`: compare the text without those markers.
    const html = (await response.text()).replace(/<!-- -->/g, '')
    // Boolean checks keep a failure message short (the page is large).
    const has = (needle: string) => html.includes(needle)
    expect(has('data-testid="post-placeholder"'), 'no loading placeholders in the HTML').toBe(false)
    expect(has('aria-busy="true"'), 'nothing marked busy in the HTML').toBe(false)
    expect(has('<h1>Blog</h1>'), 'the heading').toBe(true)
    expect(has('News, updates, and insights from the team'), 'the subtitle').toBe(true)
    expect(has(`Page 1 of ${TOTAL_PAGES}`), 'the pagination status').toBe(true)
    for (const post of PAGE_1) {
      expect(has(`>${escapeHtml(post.title)}</h2>`), `title of ${post.slug}`).toBe(true)
      expect(has(`href="/blog/${post.slug}"`), `link to ${post.slug}`).toBe(true)
      expect(has(`>${longUsDate(post.publishDate)}</time>`), `date of ${post.slug}`).toBe(true)
    }
    for (const post of PAGE_2) {
      // Neither as a link nor in the data handed to the browser: that is fetched when the reader pages on.
      expect(has(post.slug), `${post.slug} is on page 2, nowhere in page 1's HTML`).toBe(false)
    }
    for (const draft of DRAFTS) {
      expect(has(escapeHtml(draft.title)), `draft ${draft.slug} title`).toBe(false)
      expect(has(`/blog/${draft.slug}"`), `draft ${draft.slug} link`).toBe(false)
    }
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the list is visible', async ({ page }) => {
      await page.goto('/blog')
      await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible()
      await expectCards(cards(page), PAGE_1)
      await expect(page.getByTestId('post-placeholder')).toHaveCount(0)
      await expect(pagination(page)).toContainText(`Page 1 of ${TOTAL_PAGES}`)
    })
  })

  test('reached by a link from a post, /blog arrives whole; paging on shows 3 placeholders while the whole list loads, then the posts', async ({ page }) => {
    const post = publishedPost(0)
    await page.goto(`/blog/${post.slug}`)
    await waitForHydration(page)

    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let listRequests = 0
    await page.route('**/api/blog/posts', async (route) => {
      listRequests++
      await gate
      await route.continue()
    })

    await page.getByRole('link', { name: 'All posts' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expectCards(cards(page), PAGE_1)
    await waitForHydration(page)
    await markDocument(page)
    expect(listRequests, 'the first page came with the page').toBe(0)

    await nextButton(page).click()
    await expect(page.getByTestId('post-placeholder')).toHaveCount(3)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1)
    await expect(cards(page)).toHaveCount(0)
    await expect.poll(() => listRequests).toBe(1)

    release()
    await expectCards(cards(page), PAGE_2)
    await expect(page.getByTestId('post-placeholder')).toHaveCount(0)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await expect(pagination(page)).toContainText(`Page 2 of ${TOTAL_PAGES}`)
    expect(await isSameDocument(page)).toBe(true)
    await expect(page).toHaveTitle(/Blog/)
  })

  test.describe('list states, with the API answer replaced (the whole list is fetched at the first Next)', () => {
    /** Opens /blog with `/api/blog/posts` answering `posts`, and pages on, which fetches it. */
    async function openListWith(page: Page, posts: unknown[]) {
      await page.route('**/api/blog/posts', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(posts) }),
      )
      await page.goto('/blog')
      await waitForHydration(page)
      await nextButton(page).click()
      await expect(page.getByTestId('post-placeholder')).toHaveCount(0)
    }
    const summary = (post: (typeof PUBLISHED)[number]) => {
      const { id, slug, title, summary, featuredImageUrl, publishDate } = post
      return { id, slug, title, summary, featuredImageUrl, publishDate }
    }

    test('one page of posts: no pagination; a post without an image shows "No image"', async ({ page }) => {
      const posts = PUBLISHED.slice(0, 3).map(summary)
      posts[1] = { ...posts[1]!, featuredImageUrl: '' }
      await openListWith(page, posts)
      await expect(cards(page)).toHaveCount(3)
      await expect(cards(page).nth(1).getByText('No image', { exact: true })).toBeVisible()
      await expect(cards(page).nth(1).locator('img')).toHaveCount(0)
      await expect(cards(page).nth(0).locator('img')).toHaveCount(1)
      await expect(pagination(page)).toHaveCount(0)
      await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0)
    })

    test('exactly 11 posts: two pages, page 2 holds one post', async ({ page }) => {
      await openListWith(page, PUBLISHED.slice(0, 11).map(summary))
      await expectCards(cards(page), PUBLISHED.slice(10, 11))
      await expect(pagination(page)).toContainText('Page 2 of 2')
      await previousButton(page).click()
      await expect(cards(page)).toHaveCount(10)
      await expect(pagination(page)).toContainText('Page 1 of 2')
    })

    test('no posts: the empty state', async ({ page }) => {
      await openListWith(page, [])
      await expect(page.getByText('No blog posts yet. Check back soon!', { exact: true })).toBeVisible()
      await expect(page.locator('li.post-card')).toHaveCount(0)
      await expect(pagination(page)).toHaveCount(0)
    })
  })
})
