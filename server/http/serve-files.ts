import path from 'node:path'
import type { Context, Middleware } from 'koa'
import { feedContentTypeOf } from '../pages/feeds.ts'
import { isPageFile } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { FileCache } from './file-cache.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'
import { contentSecurityPolicy } from './security-headers.ts'

/** A page path with a trailing slash (`/blog/`): answered with a 301 to the path without it. */
export const TRAILING_SLASH_PAGE = /^(\/[a-z0-9_-]+)+\/$/i

/** Static files: letters, digits and `._-/` only, no `..`; anything else is not a file here. */
const SAFE_FILE_PATH = /^\/(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*\.[a-z0-9]+$/i

export interface SiteFiles {
  /** The build's client files (`dist/client`): hashed assets and public files. */
  assetsDir: string
  /** The file of the site's page at a URL path, or null when the site has no current page there (none, or a stale one). */
  pageFile: (urlPathname: string) => string | null
  /**
   * While the site is still finding which of its pages are stale (the first moments after a
   * start), a promise of when it knows: waiting for it (tens of ms) beats rendering a page its
   * file already holds.
   */
  pagesKnown?: () => Promise<unknown> | null
}

/**
 * The website, from memory: the site's pages (its own, or the build's where they are the
 * same), then the build's assets and public files; whatever the site has no page for
 * (unknown paths, a deleted post, a page stale since a change or since start) is rendered at request
 * time. The build's prerendered pages are never served as plain files: a page the site has
 * removed stays removed. In development there are no files: every page is rendered.
 */
export function siteMiddleware(options: {
  files: SiteFiles | null
  cache: FileCache
  render: RenderUrl
  /** Where a path the site has no page for is redirected (301), by its path less a trailing slash (content/redirects.yaml). */
  redirectOf?: (pathKey: string) => Promise<string | undefined>
  /** The policy's mode (security-headers.ts): a page that embeds a video gets it with that video's frames. */
  mode: 'production' | 'development'
}): Middleware {
  const { files, cache, render, redirectOf, mode } = options
  // A page that embeds a video may frame its player, the blog's search runs WebAssembly: the
  // policy securityHeaders set, with those frames or that allowance.
  const allowFrames = (ctx: Context, prepared: PreparedBody) => {
    const { frames, wasm } = prepared
    if (frames.length > 0 || wasm) ctx.set('Content-Security-Policy', contentSecurityPolicy(mode, frames, wasm))
  }
  // A redirect keeps the query (campaign links): the static export's nginx.conf does too.
  const redirected = async (ctx: Context, pathname: string): Promise<boolean> => {
    const target = await redirectOf?.(pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)
    if (target === undefined) return false
    ctx.status = 301
    ctx.redirect(target + (ctx.querystring ? `?${ctx.querystring}` : ''))
    return true
  }
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
      // A redirected path with its slash goes where it redirects at once, not to itself first.
      if (await redirected(ctx, pathname)) return
      ctx.status = 301
      ctx.redirect(pathname.slice(0, -1) + (ctx.querystring ? `?${ctx.querystring}` : ''))
      return
    }

    const known = files?.pagesKnown?.()
    if (known) await known
    const file = files ? siteFileAt(files, pathname) : null
    const prepared = file ? await cache.get(file.path, file) : null
    if (prepared) {
      ctx.status = 200
      ctx.set('Cache-Control', cacheControlFor(pathname, prepared.type))
      allowFrames(ctx, prepared)
      await sendPrepared(ctx, prepared)
      return
    }

    // Pages win: a redirect answers only where the site has no page (as the export's hosts do).
    if (await redirected(ctx, pathname)) return
    const page = await render(ctx.originalUrl)
    if (!page) {
      ctx.status = 404
      return
    }
    ctx.status = page.status
    for (const [name, value] of page.headers) ctx.set(name, value)
    ctx.set('Cache-Control', RENDERED_PAGE_CACHE)
    const body = new PreparedBody(Buffer.from(page.html), page.contentType)
    allowFrames(ctx, body)
    await sendPrepared(ctx, body)
  }
}

/**
 * The file that answers `pathname` (not a trailing-slash one, which is redirected), and how it
 * is kept: the site's page there, else a file of the build (its assets and public files, never
 * its prerendered pages). The quick answers (quick-answers.ts) find their files here too.
 */
export function siteFileAt(files: SiteFiles, pathname: string): { path: string; immutable: boolean; type?: string } | null {
  const page = files.pageFile(pathname)
  const isAsset = pathname.startsWith('/assets/')
  const type = feedContentTypeOf(pathname)
  if (page) return { path: page, immutable: isAsset, type }
  if (!SAFE_FILE_PATH.test(pathname) || isPageFile(pathname)) return null
  return { path: path.join(files.assetsDir, pathname), immutable: isAsset, type }
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
  if (type.startsWith('text/html') || pathname.endsWith('.pageContext.json') || feedContentTypeOf(pathname) !== undefined) return 'public, no-cache'
  return 'public, max-age=3600'
}
