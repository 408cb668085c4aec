/**
 * The blog's RSS 2.0, Atom (RFC 4287) and JSON Feed 1.1 feeds: pure functions of the newest
 * published posts.
 *
 * Written here rather than with the `feed` package: it wraps titles and content in CDATA and
 * splits only the first `]]>` of a text, so a post holding two could close the section and add
 * markup of its own to the feed (a forged item in RSS, a broken document in Atom). Every text
 * and attribute here goes through core/escape-markup.ts instead: escaped, never CDATA.
 */
import { SITE_NAME } from '../../core/brand.ts'
import { BLOG_FEED_DESCRIPTION, BLOG_FEED_TITLE, FEED_LINKS, type FeedPath } from '../../core/feed-links.ts'
import type { PostSummary, PublicPost } from '../../core/post.ts'
import { withAbsoluteUrls } from './absolute-urls.ts'
import { CONTENT_TYPES } from '../media/variant-format.ts'
import type { Entry, FeedParts } from './feed-parts.ts'
import { jsonFeed } from './json-feed.ts'
import { escapeHtmlText, escapeXmlAttribute, escapeXmlText } from '../../core/escape-markup.ts'
import { postUrl } from '../../core/post-urls.ts'
import { tagFeedOfUrl } from '../../core/tag-feeds.ts'
import { tagSlug, tagUrl } from '../../core/tags.ts'

/** How many posts a feed carries: the newest, as readers poll for what is new. */
export const FEED_SIZE = 20

/**
 * The date part of every id's `tag:` URI (RFC 4151): a year the site's owner held its domain.
 * Fixed, so that an id never changes; the post's `id` (not its slug or date) makes it unique,
 * so a renamed or redated post stays the same entry in a reader.
 */
const TAG_YEAR = '2025'

export const FEED_CONTENT_TYPES: Record<FeedPath, string> = {
  '/blog/rss.xml': 'application/rss+xml; charset=utf-8',
  '/blog/atom.xml': 'application/atom+xml; charset=utf-8',
  '/blog/feed.json': 'application/feed+json; charset=utf-8',
}

export function isFeedPath(pathname: string): pathname is FeedPath {
  return Object.hasOwn(FEED_CONTENT_TYPES, pathname)
}

/** The content type of a feed, the blog's or a tag's (`/blog/tag/<slug>/rss.xml`), or undefined for any other path. */
export function feedContentTypeOf(pathname: string): string | undefined {
  if (isFeedPath(pathname)) return FEED_CONTENT_TYPES[pathname]
  const tagFeed = tagFeedOfUrl(pathname)
  return tagFeed ? FEED_CONTENT_TYPES[tagFeed.format] : undefined
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
  /**
   * A post that could not be made into an entry is left out (one post never takes the feed
   * down) and told here, for the log and the admin's problems list.
   */
  onPostFailure?: (post: PublicPost, error: unknown) => void
  /** A post's content with absolute URLs (withAbsoluteUrls by default; a site passes a remembering one: rememberedAbsoluteContent). */
  absoluteContent?: AbsoluteContent
  /** Whose feed this is, when not the whole blog's: a tag's (its title, its page, its own URL). */
  channel?: FeedChannel
}

/** What a feed says of itself: its title and description, the page it follows and its own path. */
export interface FeedChannel {
  title: string
  description: string
  /** Site-relative: `/blog`, `/blog/tag/<slug>`. */
  homePath: string
  /** Site-relative: `/blog/rss.xml`, `/blog/tag/<slug>/rss.xml`. */
  selfPath: string
}

/** `content` (a post's HTML) with its URLs made absolute against `link` (the post's URL). */
export type AbsoluteContent = (content: string, link: string) => string

/**
 * withAbsoluteUrls, remembered for the last posts it saw (by link, while the content is the
 * same string). A running site renders both feeds again after a save that changes the public
 * list (a title edit) or one of their posts, and parsing the HTML of all twenty posts twice was
 * most of it: 12 % of the server's CPU over `npm run bench:save -- --sizes 10000` (profile:
 * renderFeed → withAbsoluteUrls → parse5), for two posts whose content changed at most.
 */
export function rememberedAbsoluteContent(): AbsoluteContent {
  const remembered = new Map<string, { content: string; html: string }>()
  return (content, link) => {
    const known = remembered.get(link)
    remembered.delete(link)
    const html = known?.content === content ? known.html : withAbsoluteUrls(content, link)
    // Most recent last; the feeds carry the same posts, so twice a feed's size is plenty.
    remembered.set(link, { content, html })
    if (remembered.size > 2 * FEED_SIZE) remembered.delete(remembered.keys().next().value!)
    return html
  }
}

/** The stable id of a post in every feed (RSS `guid`, Atom `id`, JSON Feed `id`). */
export function feedEntryId(siteUrl: string, postId: string): string {
  return `tag:${new URL(siteUrl).hostname},${TAG_YEAR}:blog/${postId}`
}


export function renderFeed(path: FeedPath, input: FeedInput): string {
  const entries: Entry[] = []
  for (const post of input.posts) {
    try {
      entries.push(entryOf(post, input.siteUrl, input.absoluteContent ?? withAbsoluteUrls))
    } catch (error) {
      input.onPostFailure?.(post, error)
    }
  }
  // The newest post's day, never "now": the same posts make the same bytes, hence the same
  // ETag, and a prerendered feed the build made can be served as it is.
  const updated = dayOf(input.posts[0]?.publishDate ?? input.emptyDate)
  const channel = input.channel ?? { title: BLOG_FEED_TITLE, description: BLOG_FEED_DESCRIPTION, homePath: '/blog', selfPath: path }
  const feed = { siteUrl: input.siteUrl, blogUrl: `${input.siteUrl}${channel.homePath}`, selfUrl: `${input.siteUrl}${channel.selfPath}`, title: channel.title, description: channel.description, updated, entries }
  if (path === '/blog/feed.json') return jsonFeed(feed)
  return path === '/blog/rss.xml' ? rss(feed) : atom(feed)
}

function entryOf(post: PublicPost, siteUrl: string, absoluteContent: AbsoluteContent): Entry {
  const link = new URL(`${siteUrl}${postUrl(post.slug)}`).href
  return {
    id: feedEntryId(siteUrl, post.id),
    title: post.title,
    link,
    summary: post.summary,
    content: absoluteContent(post.content, link),
    date: dayOf(post.publishDate),
    categories: (post.tags ?? []).flatMap((name) => {
      const slug = tagSlug(name)
      return slug === '' ? [] : [{ name, slug, url: new URL(tagUrl(slug), siteUrl).href }]
    }),
    image: post.featuredImageUrl ? { url: new URL(post.featuredImageUrl, link).href, type: imageTypeOf(post.featuredImageUrl) } : null,
  }
}

/** The media type an image URL's file name says (as the media library serves it), or null: a reader then asks the server. */
function imageTypeOf(url: string): string | null {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase()
  return extension && Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension as keyof typeof CONTENT_TYPES] : null
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>'

/**
 * RSS 2.0. Its `title` is plain text; `description` (the summary) and `content:encoded` are HTML,
 * so a summary, which is plain text, is escaped as HTML first, then as XML like everything else.
 */
function rss({ blogUrl, selfUrl, title, description, updated, entries }: FeedParts): string {
  const items = entries.map((entry) =>
    [
      '        <item>',
      `            ${element('title', entry.title)}`,
      `            ${element('link', entry.link)}`,
      `            ${element('guid', entry.id, { isPermaLink: 'false' })}`,
      `            ${element('pubDate', entry.date.toUTCString())}`,
      `            ${element('description', escapeHtmlText(entry.summary))}`,
      `            ${element('content:encoded', entry.content)}`,
      ...entry.categories.map((tag) => `            ${element('category', tag.name)}`),
      ...(entry.image ? [`            ${empty('media:content', { url: entry.image.url, medium: 'image', ...(entry.image.type ? { type: entry.image.type } : {}) })}`] : []),
      '        </item>',
    ].join('\n'),
  )
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '    <channel>',
    `        ${element('title', title)}`,
    `        ${element('link', blogUrl)}`,
    `        ${element('description', description)}`,
    `        ${element('lastBuildDate', updated.toUTCString())}`,
    `        ${element('docs', 'https://validator.w3.org/feed/docs/rss2.html')}`,
    `        ${element('language', 'en')}`,
    `        ${empty('atom:link', { href: selfUrl, rel: 'self', type: 'application/rss+xml' })}`,
    ...items,
    '    </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** Atom: titles and summaries are text (`type="text"`, the default), the content HTML. */
function atom({ blogUrl, siteUrl, selfUrl, title, description, updated, entries }: FeedParts): string {
  const items = entries.map((entry) =>
    [
      '    <entry>',
      `        ${element('title', entry.title, { type: 'text' })}`,
      `        ${element('id', entry.id)}`,
      `        ${empty('link', { href: entry.link })}`,
      `        ${element('updated', entry.date.toISOString())}`,
      `        ${element('summary', entry.summary, { type: 'text' })}`,
      `        ${element('content', entry.content, { type: 'html' })}`,
      `        ${element('published', entry.date.toISOString())}`,
      ...entry.categories.map((tag) => `        ${empty('category', { term: tag.slug, label: tag.name, scheme: new URL('/blog/tag/', tag.url).href })}`),
      ...(entry.image ? [`        ${empty('link', { rel: 'enclosure', href: entry.image.url, ...(entry.image.type ? { type: entry.image.type } : {}) })}`] : []),
      '    </entry>',
    ].join('\n'),
  )
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `    ${element('id', blogUrl)}`,
    `    ${element('title', title)}`,
    `    ${element('updated', updated.toISOString())}`,
    `    <author>${element('name', SITE_NAME)}${element('uri', new URL(siteUrl).href)}</author>`,
    `    ${empty('link', { rel: 'alternate', href: blogUrl })}`,
    `    ${empty('link', { rel: 'self', href: selfUrl })}`,
    `    ${element('subtitle', description)}`,
    ...items,
    '</feed>',
    '',
  ].join('\n')
}

function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  return `<${name}${attributesOf(attributes)}>${escapeXmlText(text)}</${name}>`
}

function empty(name: string, attributes: Record<string, string>): string {
  return `<${name}${attributesOf(attributes)}/>`
}

function attributesOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
    .join('')
}

/** A post's `YYYY-MM-DD` as the start of that day in UTC (posts have a day, not a time). */
function dayOf(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00Z`)
}

/** The feeds' paths, for whoever lists the site's documents. */
export const FEED_PATHS: readonly FeedPath[] = FEED_LINKS.map((link) => link.path)
