/**
 * A post page's reading time, table of contents, related posts and previous/next links
 * (pages/blog/@slug/), as a visitor meets them: visible, linked, reachable by keyboard, and
 * accessible. Server-rendered markup: none of it waits for a script.
 */
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { firstText, PUBLISHED, publishedPost } from './fixtures.ts'

// The second newest: it has a next post and a previous one. The fixtures have no tags, so its
// related posts are the closest in date past its neighbours (core/related-posts.ts).
const post = publishedPost(1)

test('a post shows its reading time, contents, related posts and neighbours, each linked', async ({ page }) => {
  await page.goto(`/blog/${post.slug}`)
  await expect(page.locator('article .article__reading-time')).toHaveText(/^\d+ min read$/)

  const contents = page.getByRole('navigation', { name: 'Contents' })
  await expect(contents).toBeVisible()
  await expect(contents.getByRole('link').first()).toHaveText(firstText(post.content, 'h2'))

  const related = page.getByRole('complementary', { name: 'Related posts' })
  await expect(related.getByRole('link')).toHaveText([publishedPost(3).title, publishedPost(4).title, publishedPost(5).title])

  const neighbours = page.getByRole('navigation', { name: 'Previous and next posts' })
  await expect(neighbours.getByRole('link', { name: `Next post ${publishedPost(0).title}` })).toHaveAttribute('href', `/blog/${publishedPost(0).slug}`)
  await neighbours.getByRole('link', { name: `Previous post ${publishedPost(2).title}` }).click()
  await expect(page).toHaveURL(`/blog/${publishedPost(2).slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publishedPost(2).title)

  // The oldest post: no previous one.
  await page.goto(`/blog/${PUBLISHED.at(-1)!.slug}`)
  await expect(page.getByRole('navigation', { name: 'Previous and next posts' }).getByRole('link')).toHaveCount(1)
})

test('the contents are reached by keyboard and take the reader to the heading; the page passes axe', async ({ page }) => {
  await page.goto(`/blog/${post.slug}`)
  const first = page.getByRole('navigation', { name: 'Contents' }).getByRole('link').first()
  const id = (await first.getAttribute('href'))!.slice(1)
  // From the top of the page, Tab reaches the first entry before any link of the post's text.
  for (let presses = 0; presses < 20 && !(await first.evaluate((link) => link === document.activeElement)); presses++) await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#${id}$`))
  const heading = page.locator(`[id="${id}"]`)
  await expect(heading).toHaveText(firstText(post.content, 'h2'))
  await expect(heading).toBeInViewport()

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme)
    await expectNoSeriousAxeViolations(page, { include: ['.contents', '.post-end', '.article__reading-time'], where: theme })
  }
})
