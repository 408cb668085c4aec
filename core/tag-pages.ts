import type { PostSummary } from './post.ts'
import { BLOG_PAGE_SIZE, type ListedPost } from './blog-list.ts'
import { type TagList, tagListsOf } from './tag-lists.ts'
import { tagUrl } from './tags.ts'
import { FEED_LINKS } from './feed-links.ts'
import { tagFeedPath } from './tag-feeds.ts'

/**
 * What a tag page (`/blog/tag/<slug>`, `/blog/tag/<slug>/page/<n>`) shows, worked out once for
 * its data hook and for its stamp (pure): its ten cards, the tag's name and the page count. A
 * save that changes none of these leaves the page as it is.
 */
export interface TagPageData {
  slug: string
  name: string
  page: number
  totalPages: number
  posts: ListedPost[]
}

/** How many pages a tag's posts fill, ten a page like /blog. */
export function tagPageCount(tag: Pick<TagList, 'posts'>): number {
  return Math.max(1, Math.ceil(tag.posts.length / BLOG_PAGE_SIZE))
}

/** Page `page` of the tag `slug` of the published list, or null when the tag or the page does not exist. */
export function tagPageData(published: readonly PostSummary[], slug: string, page: number): TagPageData | null {
  const tag = tagListsOf(published).get(slug)
  if (!tag || !Number.isInteger(page) || page < 1) return null
  const totalPages = tagPageCount(tag)
  if (page > totalPages) return null
  const posts = tag.posts.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map(({ summary: _summary, ...post }) => post)
  return { slug, name: tag.name, page, totalPages, posts }
}

/** Every tag page's URL of the published list, each tag's pages in order. */
export function tagPageUrls(published: readonly PostSummary[]): string[] {
  const urls: string[] = []
  for (const tag of tagListsOf(published).values()) {
    for (let page = 1; page <= tagPageCount(tag); page++) urls.push(tagUrl(tag.slug, page))
  }
  return urls
}

/**
 * A tag renamed (or merged into another): each public path of the old tag with the path that
 * now shows the same, for the redirects a rename leaves: its pages (as many as it has now) and
 * its three feeds. Nothing when the slug stays (a change of case) or the tag has no page (drafts only).
 */
export function tagPathsMoved(published: readonly PostSummary[], from: string, to: string): [string, string][] {
  const tag = tagListsOf(published).get(from)
  if (!tag || from === to) return []
  const moved: [string, string][] = []
  for (let page = 1; page <= tagPageCount(tag); page++) moved.push([tagUrl(from, page), tagUrl(to, page)])
  for (const { path } of FEED_LINKS) moved.push([tagFeedPath(from, path), tagFeedPath(to, path)])
  return moved
}
