/**
 * The blog's RSS 2.0 and Atom (RFC 4287) feeds: pure functions of the newest published posts,
 * made with the `feed` package (it writes the XML, escaping and CDATA included).
 */
import { Feed } from 'feed'
import { SITE_NAME } from '../../renderer/brand.ts'
import { BLOG_FEED_TITLE, FEED_LINKS, type FeedPath } from '../../renderer/feed-links.ts'
import type { PostSummary, PublicPost } from '../content/post.ts'
import { withAbsoluteUrls } from './absolute-urls.ts'

/** How many posts a feed carries: the newest, as readers poll for what is new. */
export const FEED_SIZE = 20

/** SPEC §2: the blog list's subtitle. */
const FEED_DESCRIPTION = 'News, updates, and insights from the team'

/**
 * The date part of every id's `tag:` URI (RFC 4151): a year the site's owner held its domain.
 * Fixed, so that an id never changes; the post's `id` (not its slug or date) makes it unique,
 * so a renamed or redated post stays the same entry in a reader.
 */
const TAG_YEAR = '2025'

export const FEED_CONTENT_TYPES: Record<FeedPath, string> = {
  '/blog/rss.xml': 'application/rss+xml; charset=utf-8',
  '/blog/atom.xml': 'application/atom+xml; charset=utf-8',
}

export function isFeedPath(pathname: string): pathname is FeedPath {
  return Object.hasOwn(FEED_CONTENT_TYPES, pathname)
}

/** The slugs of the feeds' posts: the newest of the public list (published, newest first). */
export function feedSlugs(published: readonly Pick<PostSummary, 'slug'>[]): string[] {
  return published.slice(0, FEED_SIZE).map((summary) => summary.slug)
}

export interface FeedInput {
  /** The site's origin, no trailing slash. */
  siteUrl: string
  /** The feed's posts, newest first, with the sanitized content their pages show. */
  posts: readonly PublicPost[]
  /** `YYYY-MM-DD`: the feed's date when it has no post (the build's), so its bytes stay the same. */
  emptyDate: string
}

export function renderFeed(path: FeedPath, input: FeedInput): string {
  return path === '/blog/rss.xml' ? makeFeed(input, { htmlTitles: false }).rss2() : makeFeed(input, { htmlTitles: true }).atom1()
}

/** The stable id of a post in both feeds (RSS `guid`, Atom `id`). */
export function feedEntryId(siteUrl: string, postId: string): string {
  return `tag:${new URL(siteUrl).hostname},${TAG_YEAR}:blog/${postId}`
}

/**
 * `htmlTitles`: Atom's entry titles are `type="html"` (the library's choice), so the title's
 * text is escaped as HTML there; RSS titles are plain text. Summaries are HTML in both formats
 * (RSS `description`, Atom `summary type="html"`), and a summary is plain text: escaped in both.
 */
function makeFeed(input: FeedInput, options: { htmlTitles: boolean }): Feed {
  const { siteUrl, posts } = input
  const blogUrl = `${siteUrl}/blog`
  const feedUrl = (path: FeedPath) => siteUrl + path
  const feed = new Feed({
    id: blogUrl,
    title: BLOG_FEED_TITLE,
    description: FEED_DESCRIPTION,
    link: blogUrl,
    language: 'en',
    // The newest post's day, never "now": the same posts make the same bytes, hence the same
    // ETag, and a prerendered feed the build made can be served as it is.
    updated: dayOf(posts[0]?.publishDate ?? input.emptyDate),
    feedLinks: { rss: feedUrl('/blog/rss.xml'), atom: feedUrl('/blog/atom.xml') },
    author: { name: SITE_NAME, link: siteUrl },
    generator: false,
  })
  for (const post of posts) {
    const link = `${blogUrl}/${post.slug}`
    const date = dayOf(post.publishDate)
    feed.addItem({
      id: feedEntryId(siteUrl, post.id),
      title: options.htmlTitles ? escapeHtml(post.title) : post.title,
      link,
      description: escapeHtml(post.summary),
      content: withAbsoluteUrls(post.content, link),
      date,
      published: date,
    })
  }
  return feed
}

/** A post's `YYYY-MM-DD` as the start of that day in UTC (posts have a day, not a time). */
function dayOf(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00Z`)
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Both feeds' paths, for whoever lists the site's documents. */
export const FEED_PATHS: readonly FeedPath[] = FEED_LINKS.map((link) => link.path)
