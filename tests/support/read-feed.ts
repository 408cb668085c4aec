import { parseFeed } from '@rowanmanning/feed-parser'

/** A feed as a reader sees it, whichever of the blog's three formats it came in. */
export interface ReadFeed {
  type: 'rss' | 'atom' | 'json'
  title: string | null
  url: string | null
  self: string | null
  updated: Date | null
  items: ReadItem[]
}

export interface ReadItem {
  id: string | null
  title: string | null
  url: string | null
  description: string | null
  /**
   * The item's HTML as the feed holds it (RSS `content:encoded`, Atom `content`, JSON
   * `content_html`). For XML not the parser's `content`, which decodes HTML entities once more
   * (`&amp;` in a code block becomes `&`), so it could not tell the page's HTML from a broken copy.
   */
  content: string
  published: Date | null
  /** The entry's categories by name (RSS `category`, Atom `category@label`, JSON `tags`). */
  categories: string[]
  /** The entry's image as a reader finds it (RSS `media:content`, Atom `link rel="enclosure"`, JSON `image`). */
  image: string | null
}

/**
 * Reads RSS and Atom with a real feed parser (@rowanmanning/feed-parser) and JSON Feed 1.1 by its
 * specification, checking the fields a JSON Feed must have, so every test can hold the three
 * formats to the same expectations.
 */
export function readFeed(text: string): ReadFeed {
  if (text.trimStart().startsWith('{')) return readJsonFeed(text)
  const feed = parseFeed(text)
  return {
    type: feed.meta.type as 'rss' | 'atom',
    title: feed.title,
    url: feed.url,
    self: feed.self,
    updated: feed.updated,
    items: feed.items.map((item) => ({
      id: item.id,
      title: item.title,
      url: item.url,
      description: item.description,
      content: (item.element.findElementWithName('encoded') ?? item.element.findElementWithName('content'))?.textContent.trim() ?? '',
      published: item.published,
      categories: item.categories.map((category) => category.label ?? category.term),
      image: item.image?.url ?? null,
    })),
  }
}

function readJsonFeed(text: string): ReadFeed {
  const feed = JSON.parse(text) as Record<string, unknown>
  if (feed.version !== 'https://jsonfeed.org/version/1.1') throw new Error(`not a JSON Feed 1.1: version ${String(feed.version)}`)
  if (typeof feed.title !== 'string' || !Array.isArray(feed.items)) throw new Error('a JSON Feed needs a title and items')
  const items = (feed.items as Record<string, unknown>[]).map((item) => {
    if (typeof item.id !== 'string') throw new Error('a JSON Feed item needs a string id')
    if (typeof item.content_html !== 'string' && typeof item.content_text !== 'string') throw new Error('a JSON Feed item needs content')
    return {
      id: item.id,
      title: (item.title as string | undefined) ?? null,
      url: (item.url as string | undefined) ?? null,
      description: (item.summary as string | undefined) ?? null,
      content: (item.content_html as string | undefined) ?? '',
      published: typeof item.date_published === 'string' ? new Date(item.date_published) : null,
      categories: Array.isArray(item.tags) ? item.tags.map(String) : [],
      image: typeof item.image === 'string' ? item.image : null,
    }
  })
  // JSON Feed has no feed-level date: a reader takes the newest item's.
  const newest = items[0]?.published ?? null
  return { type: 'json', title: feed.title, url: (feed.home_page_url as string) ?? null, self: (feed.feed_url as string) ?? null, updated: newest, items }
}
