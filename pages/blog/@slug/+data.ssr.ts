// https://vike.dev/data — `.ssr`: runs when the server renders (and prerenders) the page, the only
// place it renders (the page has no script).
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { PublicPost } from '../../../server/content/post.ts'
import { publishedPosts } from '../../published-posts.ts'
import { POST_NOT_FOUND } from './PostNotFound.tsx'

export interface Data {
  post: PublicPost
}

export function data(pageContext: PageContextServer): Data {
  const post = publishedPosts(pageContext).get(pageContext.routeParams.slug ?? '')
  // A draft or an unknown slug: the error page shows "Post Not Found" with HTTP 404.
  if (!post) throw render(404, POST_NOT_FOUND)
  return { post }
}
