// https://vike.dev/data — runs on the server only: for the page's HTML, and for vike's client
// routing, which fetches the same data as JSON. The page needs no script of its own.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { type TagPageData, tagPageData } from '../../../../core/tag-pages.ts'
import { publishedPosts } from '../../../published-posts.ts'

export type Data = TagPageData

export function data(pageContext: PageContextServer): Data {
  const { tag = '', page = '1' } = pageContext.routeParams
  const shown = tagPageData(publishedPosts(pageContext).list(), tag, Number(page))
  // A tag no published post has, or a page past its last: the site's not-found page, HTTP 404.
  if (!shown) throw render(404)
  return shown
}
