// https://vike.dev/onRenderClient
import { createRoot, type Root } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell.tsx'
import { documentTitle, resolveSeo, type Seo } from './seo.ts'
import './types.ts'

let root: Root | undefined
/** Server settings arrive with the first page; client-side navigations (the admin area) reuse them. */
let settings: Pick<PageContextClient, 'siteUrl' | 'redirectTargets'> | undefined

/**
 * The admin area only, whose pages render in the browser: the public pages are HTML only
 * (renderer/+config.ts), their islands hydrated by their own `+client.ts` (renderer/Island.tsx).
 */
export function onRenderClient(pageContext: PageContextClient) {
  const { Page } = pageContext
  settings ??= { siteUrl: pageContext.siteUrl, redirectTargets: pageContext.redirectTargets }
  pageContext.siteUrl ??= settings.siteUrl
  pageContext.redirectTargets ??= settings.redirectTargets
  root ??= createRoot(document.getElementById('root')!)
  root.render(<PageShell pageContext={pageContext}>{Page && <Page />}</PageShell>)
  if (!pageContext.isHydration) updateHead(resolveSeo(pageContext), pageContext.siteUrl)
}

/** After a client-side navigation, the head tags that matter in a browser follow the new page. */
function updateHead(seo: Seo, siteUrl: string): void {
  document.title = documentTitle(seo)
  document.querySelector('meta[name="description"]')?.setAttribute('content', seo.description)
  const canonical = document.querySelector('link[rel="canonical"]')
  const pathname = window.location.pathname
  canonical?.setAttribute('href', siteUrl + (pathname === '/' ? '/' : pathname.replace(/\/$/, '')))
}
