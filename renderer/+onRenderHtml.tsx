// https://vike.dev/onRenderHtml
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { PageShell } from './PageShell.tsx'
import { renderHeadTags, resolveSeo } from './seo.ts'
import { THEME_SCRIPT } from '../core/theme.ts'
import { ISLAND_CONTEXT_ID, islandContextOf } from './island-markup.ts'
import { escapeJsonForScript } from '../core/escape-markup.ts'
import './types.ts'

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext
  // Pages rendered only in the browser (the admin area) send the shell and render on hydration.
  const body = Page
    ? renderToString(
        <PageShell pageContext={pageContext}>
          <Page />
        </PageShell>,
      )
    : ''
  // What the islands read of the page's context in the browser (renderer/islands-client.tsx).
  const islandContext = pageContext.hasIslands
    ? `\n<script id="${ISLAND_CONTEXT_ID}" type="application/json">${escapeJsonForScript(islandContextOf(pageContext))}</script>`
    : ''
  const head = renderHeadTags(resolveSeo(pageContext), {
    siteUrl: pageContext.siteUrl,
    pathname: pageContext.urlPathname,
  })
  return escapeInject`<!DOCTYPE html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<script>${dangerouslySkipEscape(THEME_SCRIPT)}</script>
${dangerouslySkipEscape(head)}
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<div id="root">${dangerouslySkipEscape(body)}</div>${dangerouslySkipEscape(islandContext)}
</body>
</html>`
}
