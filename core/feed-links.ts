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

/**
 * The paths feed readers and people coming from other blogs try for a site's feed, each
 * redirected (301) to the blog's feed of the same format: WordPress's `/feed`, `/feed/rss2`,
 * `/feed/atom`; Hugo's `/index.xml`; Jekyll's `/feed.xml` (Atom); and the usual `/rss.xml`,
 * `/atom.xml`, `/feed.json`. A redirect of the site's own (content/redirects.yaml) from one of
 * these wins over it.
 */
export const FEED_ALIASES: ReadonlyMap<string, FeedPath> = new Map<string, FeedPath>([
  ['/rss', '/blog/rss.xml'],
  ['/rss.xml', '/blog/rss.xml'],
  ['/feed', '/blog/rss.xml'],
  ['/feed/rss', '/blog/rss.xml'],
  ['/feed/rss2', '/blog/rss.xml'],
  ['/index.xml', '/blog/rss.xml'],
  ['/blog/feed', '/blog/rss.xml'],
  ['/blog/index.xml', '/blog/rss.xml'],
  ['/atom.xml', '/blog/atom.xml'],
  ['/feed/atom', '/blog/atom.xml'],
  ['/feed.xml', '/blog/atom.xml'],
  ['/feed.json', '/blog/feed.json'],
])
