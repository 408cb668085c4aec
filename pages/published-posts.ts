import type { PageContextServer } from 'vike/types'
import type { PublishedPosts } from '../core/post.ts'

/** The published posts the server handed to `renderPage()`. */
export function publishedPosts(pageContext: PageContextServer): PublishedPosts {
  if (!pageContext.blog) throw new Error('renderPage() was called without `blog` in its pageContextInit')
  return pageContext.blog
}
