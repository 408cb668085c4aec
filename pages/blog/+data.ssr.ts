// https://vike.dev/data — `.ssr`: runs when the server renders (and prerenders) the page.
// After a client-side navigation it does not run: the page fetches /api/blog/posts itself.
import type { PageContextServer } from 'vike/types'
import type { PostSummary } from '../../server/content/post.ts'
import { publishedPosts } from '../published-posts.ts'

export interface Data {
  posts: readonly PostSummary[]
}

export function data(pageContext: PageContextServer): Data {
  return { posts: publishedPosts(pageContext).list() }
}
