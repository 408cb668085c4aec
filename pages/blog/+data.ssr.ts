// https://vike.dev/data — `.ssr`: runs when the server renders (and prerenders) the page.
// After a client-side navigation it does not run: the page fetches /api/blog/posts itself.
import type { PageContextServer } from 'vike/types'
import type { PostSummary } from '../../server/content/post.ts'
import { publishedPosts } from '../published-posts.ts'

/** What a card shows (SPEC §3: the public list reads these): the summary stays out of the page. */
export type ListedPost = Omit<PostSummary, 'summary'>

export interface Data {
  posts: readonly ListedPost[]
}

export function data(pageContext: PageContextServer): Data {
  // Every post is in the page (the list paginates in the browser, SPEC §4): keep each one small.
  return { posts: publishedPosts(pageContext).list().map(({ summary: _summary, ...post }) => post) }
}
