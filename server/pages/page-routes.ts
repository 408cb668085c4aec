import { getGlobalContextAsync } from 'vike/server'

/** A page the site prerenders: a `pages/` folder whose route has no parameters. */
export interface PublicPage {
  /** The URL path, e.g. `/` or `/pricing`. */
  path: string
  /** False for a page that only sends the visitor elsewhere (a redirect page, `listing: 'unlisted'`). */
  inSitemap: boolean
}

/** What this module reads of a page that vike knows (`globalContext.pages`). */
export interface VikePageEntry {
  route?: unknown
  isErrorPage?: true
  config: { listing?: 'sitemap' | 'unlisted' | 'private' }
}

/**
 * The public pages among the pages vike knows, sorted by path. The `pages/` folders are the
 * one list of pages: a new folder is prerendered, regenerated and listed in the sitemap with
 * nothing else to edit. Left out: the error page, routes with parameters (`/blog/@slug`: the
 * posts say which of those exist) or given by a function, and pages marked
 * `listing: 'private'` (the admin, rendered at each request).
 */
export function publicPagesOf(pages: Record<string, VikePageEntry>): PublicPage[] {
  const published: PublicPage[] = []
  for (const page of Object.values(pages)) {
    if (page.isErrorPage || page.config.listing === 'private' || !isPlainPath(page.route)) continue
    published.push({ path: page.route, inSitemap: page.config.listing !== 'unlisted' })
  }
  return published.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** A route string without parameters (`@slug`) or globs (`*`): one URL, one page. */
function isPlainPath(route: unknown): route is string {
  return typeof route === 'string' && !/[@*]/.test(route)
}

/**
 * The public pages of the server build that is loaded (`loadServerBuild`): the routes vike
 * resolved from `pages/` when it built, so what is prerendered always matches what is served.
 */
export async function readPublicPages(): Promise<PublicPage[]> {
  const { pages } = await getGlobalContextAsync(true)
  return publicPagesOf(pages)
}
