// https://vike.dev/onRenderClient
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell.tsx'
import { documentTitle, resolveSeo, type Seo } from './seo.ts'
import './types.ts'

let root: Root | undefined
/** Server settings arrive with the first page; client-side navigations reuse them. */
let settings: Pick<PageContextClient, 'siteUrl' | 'redirectTargets'> | undefined

export function onRenderClient(pageContext: PageContextClient) {
  settings ??= { siteUrl: pageContext.siteUrl, redirectTargets: pageContext.redirectTargets }
  pageContext.siteUrl ??= settings.siteUrl
  pageContext.redirectTargets ??= settings.redirectTargets
  const { Page } = pageContext
  const container = document.getElementById('root')!
  const page = <PageShell pageContext={pageContext}>{Page && <Page />}</PageShell>
  if (pageContext.isHydration && container.innerHTML !== '') {
    root = hydrateRoot(container, page)
  } else {
    root ??= createRoot(container)
    root.render(page)
  }
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
