import path from 'node:path'
import type { Middleware } from 'koa'
import { FEED_CONTENT_TYPES, isFeedPath } from '../pages/feeds.ts'
import { isPageFile } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { FileCache } from './file-cache.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

/** A page path with a trailing slash (`/blog/`): answered with a 301 to the path without it. */
export const TRAILING_SLASH_PAGE = /^(\/[a-z0-9_-]+)+\/$/i

/** Static files: letters, digits and `._-/` only, no `..`; anything else is not a file here. */
const SAFE_FILE_PATH = /^\/(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*\.[a-z0-9]+$/i

export interface SiteFiles {
  /** The build's client files (`dist/client`): hashed assets and public files. */
  assetsDir: string
  /** The file of the site's page at a URL path, or null when the site has no current page there (none, or a stale one). */
  pageFile: (urlPathname: string) => string | null
}

/**
 * The website, from memory: the site's pages (its own, or the build's where they are the
 * same), then the build's assets and public files; whatever the site has no page for
 * (unknown paths, a deleted post, a page stale since a change or since start) is rendered at request
 * time. The build's prerendered pages are never served as plain files: a page the site has
 * removed stays removed. In development there are no files: every page is rendered.
 */
export function siteMiddleware(options: { files: SiteFiles | null; cache: FileCache; render: RenderUrl }): Middleware {
  const { files, cache, render } = options
  return async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      ctx.status = 405
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = 'Method Not Allowed'
      return
    }
    const pathname = ctx.path
    // `/blog/` → `/blog`: one URL per page (the canonical link has no trailing slash).
    if (TRAILING_SLASH_PAGE.test(pathname)) {
      ctx.status = 301
      ctx.redirect(pathname.slice(0, -1) + (ctx.querystring ? `?${ctx.querystring}` : ''))
      return
    }

    if (files) {
      const isAsset = pathname.startsWith('/assets/')
      const isBuildFile = SAFE_FILE_PATH.test(pathname) && !isPageFile(pathname)
      const file = files.pageFile(pathname) ?? (isBuildFile ? path.join(files.assetsDir, pathname) : null)
      const type = isFeedPath(pathname) ? FEED_CONTENT_TYPES[pathname] : undefined
      const prepared = file ? await cache.get(file, { immutable: isAsset, type }) : null
      if (prepared) {
        ctx.status = 200
        ctx.set('Cache-Control', cacheControlFor(pathname, prepared.type))
        await sendPrepared(ctx, prepared)
        return
      }
    }

    const page = await render(ctx.originalUrl)
    if (!page) {
      ctx.status = 404
      return
    }
    ctx.status = page.status
    for (const [name, value] of page.headers) ctx.set(name, value)
    ctx.set('Cache-Control', RENDERED_PAGE_CACHE)
    await sendPrepared(ctx, new PreparedBody(Buffer.from(page.html), page.contentType))
  }
}

/** A page rendered at request time (a 404, Post Not Found): revalidated, never stored as shared. */
export const RENDERED_PAGE_CACHE = 'no-cache'

/**
 * The Cache-Control of a file the site serves, by its URL path and type. A static export's nginx.conf
 * and _headers ask this same function (server/export/serving-rules.ts).
 */
export function cacheControlFor(pathname: string, type: string): string {
  // Hashed file names: a new build gets new names, so these never need revalidating.
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  // Pages, their data and the feeds change with content: always revalidate (cheap, thanks to the ETag).
  if (type.startsWith('text/html') || pathname.endsWith('.pageContext.json') || isFeedPath(pathname)) return 'public, no-cache'
  return 'public, max-age=3600'
}
