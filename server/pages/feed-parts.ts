/** What the feed formats are written from (server/pages/feeds.ts works it out once for all). */

/** What every format says of a post, worked out once (the part that can fail). */
export interface Entry {
  id: string
  title: string
  link: string
  summary: string
  /** HTML, with the URLs a reader resolves against its own host made absolute. */
  content: string
  date: Date
  /** The post's tags, each with its page's absolute URL: a reader files the entry under them. */
  categories: { name: string; slug: string; url: string }[]
  /** The post's featured image, absolute, with its type when its file name tells it. */
  image: { url: string; type: string | null } | null
}

export interface FeedParts {
  siteUrl: string
  /** The page the feed follows (the blog, a tag's page), absolute. */
  blogUrl: string
  /** The feed's own URL, absolute. */
  selfUrl: string
  title: string
  description: string
  updated: Date
  entries: Entry[]
}
