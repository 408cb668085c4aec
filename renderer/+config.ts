// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Client routing: moving between pages keeps the layout and fetches only data.
  clientRouting: true,
  hydrationCanBeAborted: true,
  passToClient: ['siteUrl', 'notFoundLine', 'redirectTargets', 'siteShared'],
  meta: {
    // Each page's head tags (title, description, social cards); see renderer/seo.ts.
    seo: { env: { server: true, client: true } },
    // Read by the server for every page at once, to know which ones to prerender (eager: without
    // it, vike loads a page's settings only when it renders that page).
    listing: { env: { server: true }, eager: true },
  },
} satisfies Config
