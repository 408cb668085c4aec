// https://vike.dev/route-function — `/blog/tag/<slug>` and `/blog/tag/<slug>/page/<n>` (n ≥ 2),
// the shapes core/tags.ts makes; any other path under /blog/tag/ is no tag page.
import type { PageContext } from 'vike/types'
import { tagPageOfUrl } from '../../../../core/tags.ts'

export default function route(pageContext: PageContext) {
  const tagPage = tagPageOfUrl(pageContext.urlPathname)
  return tagPage ? { routeParams: { tag: tagPage.slug, page: String(tagPage.page) } } : false
}
