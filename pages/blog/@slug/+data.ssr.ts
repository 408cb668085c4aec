// https://vike.dev/data — `.ssr`: runs when the server renders (and prerenders) the page, the only
// place it renders (the page has no script).
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { PublicPost } from '../../../core/post.ts'
import { type PostExtras, postExtrasOf } from '../../../core/post-extras.ts'
import { publishedPosts } from '../../published-posts.ts'
import { POST_NOT_FOUND } from './PostNotFound.tsx'

export interface Data {
  post: PublicPost
  /** Its previous and next posts and related posts (null: not in the published list, a preview's draft). */
  extras: PostExtras | null
}

export function data(pageContext: PageContextServer): Data {
  const posts = publishedPosts(pageContext)
  const post = posts.get(pageContext.routeParams.slug ?? '')
  // A draft or an unknown slug: the error page shows "Post Not Found" with HTTP 404.
  if (!post) throw render(404, POST_NOT_FOUND)
  return { post, extras: posts.extrasOf ? posts.extrasOf(post.slug) : postExtrasOf(posts.list(), post.slug) }
}
