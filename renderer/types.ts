import type React from 'react'
import type { RedirectTargets } from '../core/redirect-targets.ts'
import type { PublishedPosts } from '../core/post.ts'
import type { SiteContent } from '../core/site-content/index.ts'
import type { SharedContent } from '../core/site-content/shared.ts'
import type { SeoFor } from './seo.ts'

declare global {
  namespace Vike {
    interface PageContext {
      Page?: () => React.JSX.Element
      /** The site's public origin (SITE_URL), for absolute URLs in head tags. */
      siteUrl: string
      /** Server only: the published posts, handed to `renderPage()` by the server. */
      blog?: PublishedPosts
      /** Server only: every page's copy (content/site/), for the pages' data hooks. */
      site?: SiteContent
      /** What every page shows around itself (nav bar, footer): content/site/shared.yaml. */
      siteShared: SharedContent
      /**
       * Which not-found line this response shows, chosen on the server so hydration agrees; null
       * on a static export's 404 page, whose line the browser picks at each visit.
       */
      notFoundLine?: number | null
      /** Where /feedback, /discord, /help and /iptv send visitors (server settings). */
      redirectTargets: RedirectTargets
      /** Server only: set while rendering when the page has an island (renderer/Island.tsx). */
      hasIslands?: boolean
    }
    interface Config {
      seo?: SeoFor
      /**
       * How the server publishes the page (server/pages/page-routes.ts). `sitemap`, the default:
       * prerendered and listed in the sitemap. `unlisted`: prerendered, left out of the sitemap (a
       * page that only redirects). `private`: never prerendered, rendered at each request (the admin).
       */
      listing?: 'sitemap' | 'unlisted' | 'private'
    }
  }
}

export {}
