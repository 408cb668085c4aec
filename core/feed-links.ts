import { SITE_NAME } from './brand.ts'

/**
 * The blog's feeds, said once: the server makes them at these paths (server/pages/feeds.ts) and
 * the blog's pages point at them from their head, so feed readers find them from any post.
 */
export const BLOG_FEED_TITLE = `${SITE_NAME} blog`
/** SPEC §2: the blog list's subtitle, said by every feed. */
export const BLOG_FEED_DESCRIPTION = 'News, updates, and insights from the team'

export const FEED_LINKS = [
  { path: '/blog/rss.xml', type: 'application/rss+xml', title: `${BLOG_FEED_TITLE} (RSS)` },
  { path: '/blog/atom.xml', type: 'application/atom+xml', title: `${BLOG_FEED_TITLE} (Atom)` },
  { path: '/blog/feed.json', type: 'application/feed+json', title: `${BLOG_FEED_TITLE} (JSON Feed)` },
] as const

export type FeedPath = (typeof FEED_LINKS)[number]['path']
