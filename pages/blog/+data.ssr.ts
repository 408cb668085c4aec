// https://vike.dev/data — `.ssr`: runs when the server renders (and prerenders) the page.
// After a client-side navigation it does not run: the page fetches /api/blog/posts itself.
import type { PageContextServer } from 'vike/types'
import { type BlogListPreview, blogListPreview } from '../../core/blog-list.ts'
import { publishedPosts } from '../published-posts.ts'

export type Data = BlogListPreview

export function data(pageContext: PageContextServer): Data {
  return blogListPreview(publishedPosts(pageContext).list())
}
