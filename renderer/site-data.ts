import type { PageContextServer } from 'vike/types'
import type { SiteContent, SiteFileName } from '../core/site-content/index.ts'
import { usePageContext } from './usePageContext.tsx'

/**
 * A page's `+data` hook: its file of the site's copy (content/site/<name>.yaml), as the server
 * holds it checked (the last valid version of a broken file). vike sends it to the browser with
 * the page, and fetches it with the page's context on a client-side navigation.
 */
export function siteDataOf<N extends SiteFileName>(pageContext: PageContextServer, name: N): SiteContent[N] {
  const site = pageContext.site
  if (!site) throw new Error('The server renders pages with the site copy in their context (pageContext.site)')
  return site[name]
}

/** In a page: the copy its `+data` hook gave it (siteDataOf). */
export function useSiteData<N extends SiteFileName>(): SiteContent[N] {
  return usePageContext().data as SiteContent[N]
}
