// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Ordinary links between pages: every public page is prerendered HTML, and the browser's own
  // back/forward cache beats a client router. The admin area, an application, routes itself.
  clientRouting: false,
  hydrationCanBeAborted: true,
  passToClient: ['siteUrl', 'notFoundLine', 'redirectTargets', 'siteShared'],
  meta: {
    // A page is HTML only: vike loads no runtime and no React for it (https://vike.dev/render-modes),
    // only the site's few lines of plain script (renderer/site-script.ts, which each public page's
    // own `+client.ts` loads). The parts that need React are islands (renderer/Island.tsx).
    Page: { env: { server: true, client: false } },
    // Each page's head tags (title, description, social cards); see renderer/seo.ts.
    seo: { env: { server: true, client: true } },
    // Read by the server for every page at once, to know which ones to prerender (eager: without
    // it, vike loads a page's settings only when it renders that page).
    listing: { env: { server: true }, eager: true },
  },
} satisfies Config
