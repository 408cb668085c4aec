import type { PostIndex } from '../../content/post-index.ts'
import type { PostSummary } from '../../../core/post.ts'
import { feedSlugs } from '../../pages/feeds.ts'
import type { SitemapEntry } from '../../pages/sitemap-robots.ts'
import { BLOG_PAGE_SIZE } from '../../../core/blog-list.ts'
import { FEED_LINKS } from '../../../core/feed-links.ts'
import { tagFeedOfUrl, tagFeedPath } from '../../../core/tag-feeds.ts'
import { tagListsOf } from '../../../core/tag-lists.ts'
import { tagPageCount, tagPageData, tagPageUrls } from '../../../core/tag-pages.ts'
import { tagPageOfUrl, tagSlug, tagUrl } from '../../../core/tags.ts'

/**
 * The tags' pages and feeds, as page-stamps.ts and public-pages.ts need them: which exist, what
 * each is rendered from (its stamp's data), and which a content change may have made stale.
 */

/** Every tag page and tag feed of the published list. */
export function tagDocumentUrls(published: readonly PostSummary[]): string[] {
  const feeds = [...tagListsOf(published).keys()].flatMap((slug) => FEED_LINKS.map((link) => tagFeedPath(slug, link.path)))
  return [...tagPageUrls(published), ...feeds]
}

/**
 * What the tag page or tag feed at `url` is rendered from, to be hashed into its stamp; undefined
 * when the URL is no tag page or feed that exists now, null when it is no tag URL at all. A page
 * shows its ten cards and the page count (an edit of a post on another page leaves it); a feed
 * its posts whole (each one's file version), as the blog's feeds.
 */
export function tagStampData(index: PostIndex, url: string): { page: unknown } | { feed: unknown } | undefined | null {
  const page = tagPageOfUrl(url)
  if (page) {
    const data = tagPageData(index.list(), page.slug, page.page)
    return data ? { page: data } : undefined
  }
  const feed = tagFeedOfUrl(url)
  if (!feed) return null
  const tag = tagListsOf(index.list()).get(feed.slug)
  if (!tag) return undefined
  return { feed: [tag.name, feedSlugs(tag.posts).map((slug) => [slug, index.versionOf(slug)])] }
}

/** The sitemap's tag pages, each dated by its newest post. */
export function tagSitemapEntries(published: readonly PostSummary[]): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const tag of tagListsOf(published).values()) {
    for (let page = 1; page <= tagPageCount(tag); page++) {
      entries.push({ path: tagUrl(tag.slug, page), lastmod: tag.posts[(page - 1) * BLOG_PAGE_SIZE]!.publishDate })
    }
  }
  return entries
}

/**
 * The tag pages and feeds a change may have made stale: every page and feed of each tag the
 * changed posts had before (`tagsBefore`) or have now. Their pages as many as the tag has now,
 * and those beyond that the site still has (`hasPage`): a tag that lost posts loses pages.
 * Rendered again only where the stamp changed (page-reconciler.ts).
 */
export function tagUrlsAffected(index: PostIndex, change: { updated: readonly string[]; tagsBefore?: readonly string[] }, hasPage: (url: string) => boolean): string[] {
  const slugs = new Set(change.tagsBefore)
  for (const slug of change.updated) for (const name of index.bySlugAny(slug)?.tags ?? []) slugs.add(tagSlug(name))
  const lists = tagListsOf(index.list())
  const urls: string[] = []
  for (const slug of slugs) {
    const tag = lists.get(slug)
    const count = tag ? tagPageCount(tag) : 0
    for (let page = 1; page <= count || hasPage(tagUrl(slug, page)); page++) urls.push(tagUrl(slug, page))
    urls.push(...FEED_LINKS.map((link) => tagFeedPath(slug, link.path)))
  }
  return urls
}

/** The posts of the tag feed at `url`, newest first (slugs), or null when the URL is no tag feed of a tag in use. */
export function tagFeedSlugs(published: readonly PostSummary[], url: string): { name: string; slug: string; posts: string[] } | null {
  const feed = tagFeedOfUrl(url)
  const tag = feed ? tagListsOf(published).get(feed.slug) : undefined
  return tag ? { name: tag.name, slug: tag.slug, posts: feedSlugs(tag.posts) } : null
}

/** A changed post's tags before the change, into `change.tagsBefore` (made only when there are some). */
export function noteTagsBefore(change: { tagsBefore?: string[] }, tags: readonly string[] | undefined): void {
  if (!tags?.length) return
  const before = (change.tagsBefore ??= [])
  for (const slug of tags.map(tagSlug)) if (!before.includes(slug)) before.push(slug)
}
