import { BLOG_FEED_TITLE, FEED_LINKS, type FeedPath } from './feed-links.ts'

/**
 * Each tag's feeds, beside its page and named like the blog's (pure): `/blog/tag/<slug>/rss.xml`,
 * `/blog/tag/<slug>/atom.xml`, `/blog/tag/<slug>/feed.json`, in the same three formats.
 */

/** A feed a page points at from its head. */
export interface FeedLink {
  path: string
  type: string
  title: string
}

const FORMAT_NAMES: Record<FeedPath, string> = {
  '/blog/rss.xml': 'RSS',
  '/blog/atom.xml': 'Atom',
  '/blog/feed.json': 'JSON Feed',
}

/** The blog feed whose format a tag feed's file name has: `rss.xml` → `/blog/rss.xml`. */
const FORMAT_BY_FILE = new Map<string, FeedPath>(FEED_LINKS.map((link) => [link.path.slice('/blog/'.length), link.path]))

const TAG_FEED_URL = /^\/blog\/tag\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z]+\.(?:xml|json))$/

/** A tag feed's title: the blog's, the tag's name, the format. */
export function tagFeedTitle(name: string, format: FeedPath): string {
  return `${BLOG_FEED_TITLE}: ${name} (${FORMAT_NAMES[format]})`
}

/** The three feeds of the tag `slug` named `name`, in FEED_LINKS' order. */
export function tagFeedLinks(slug: string, name: string): FeedLink[] {
  return FEED_LINKS.map((link) => ({ path: tagFeedPath(slug, link.path), type: link.type, title: tagFeedTitle(name, link.path) }))
}

/** The tag `slug`'s feed in the format of the blog feed `format`. */
export function tagFeedPath(slug: string, format: FeedPath): string {
  return `/blog/tag/${slug}/${format.slice('/blog/'.length)}`
}

/** The tag slug and format (the blog feed of the same format) of a tag feed's URL path, or null. */
export function tagFeedOfUrl(url: string): { slug: string; format: FeedPath } | null {
  const match = TAG_FEED_URL.exec(url)
  const format = match ? FORMAT_BY_FILE.get(match[2]!) : undefined
  return format ? { slug: match![1]!, format } : null
}
