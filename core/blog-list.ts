import type { PostSummary } from './post.ts'

/** SPEC §9: the blog list shows ten posts a page. */
export const BLOG_PAGE_SIZE = 10

/** What a card shows (SPEC §2 blog list): the summary stays out of the page. */
export type ListedPost = Omit<PostSummary, 'summary'>

/**
 * What /blog's HTML is made from: the first page of the published list and how many posts
 * there are, never the whole list. The browser fetches the whole list (SPEC §4: all at once)
 * when the reader pages on. So the page stays small at 10,000 posts, and a save regenerates
 * /blog only when the first page or the page count changes (the server stamps /blog with this).
 */
export interface BlogListPreview {
  posts: ListedPost[]
  total: number
}

export function blogListPreview(published: readonly PostSummary[]): BlogListPreview {
  return {
    posts: published.slice(0, BLOG_PAGE_SIZE).map(({ summary: _summary, ...post }) => post),
    total: published.length,
  }
}
