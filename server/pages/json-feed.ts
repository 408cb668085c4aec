/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1): the same posts as RSS and Atom, for readers
 * that take JSON. JSON.stringify escapes every text, so no post can add a field or an item;
 * `</` is escaped too, so the document stays inert if a browser is ever made to read it as HTML.
 */
import { SITE_NAME } from '../../core/brand.ts'
import type { FeedParts } from './feed-parts.ts'

const VERSION = 'https://jsonfeed.org/version/1.1'

export function jsonFeed({ blogUrl, siteUrl, selfUrl, title, description, entries }: FeedParts): string {
  const feed = {
    version: VERSION,
    title,
    home_page_url: blogUrl,
    feed_url: selfUrl,
    description,
    language: 'en',
    authors: [{ name: SITE_NAME, url: new URL(siteUrl).href }],
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.link,
      title: entry.title,
      summary: entry.summary,
      content_html: entry.content,
      ...(entry.image ? { image: entry.image.url } : {}),
      date_published: entry.date.toISOString(),
      ...(entry.categories.length > 0 ? { tags: entry.categories.map((tag) => tag.name) } : {}),
    })),
  }
  return `${JSON.stringify(feed, null, 2).replaceAll('</', '<\\/')}\n`
}
