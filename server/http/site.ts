import path from 'node:path'
import type { Middleware } from 'koa'
import { pageFilePath } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { FileCache } from './file-cache.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

const TRAILING_SLASH_PAGE = /^(\/[a-z0-9_-]+)+\/$/i

/** Static files: letters, digits and `._-/` only, no `..`; anything else is not a file here. */
const SAFE_FILE_PATH = /^\/(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*\.[a-z0-9]+$/i

/**
 * The website: files of `dist/client` (prerendered pages and hashed assets) from memory,
 * and whatever was not prerendered (unknown paths, a page not yet regenerated) rendered
 * by vike at request time. In development there are no files: every page is rendered.
 */
export function siteMiddleware(options: { clientDir: string | null; files: FileCache; render: RenderUrl }): Middleware {
  const { clientDir, files, render } = options
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

    if (clientDir) {
      const file = SAFE_FILE_PATH.test(pathname) ? path.join(clientDir, pathname) : pageFilePath(clientDir, pathname)
      const isAsset = pathname.startsWith('/assets/')
      const prepared = file ? await files.get(file, { immutable: isAsset }) : null
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
    ctx.set('Cache-Control', 'no-cache')
    await sendPrepared(ctx, new PreparedBody(Buffer.from(page.html), page.contentType))
  }
}

function cacheControlFor(pathname: string, type: string): string {
  // Hashed file names: a new build gets new names, so these never need revalidating.
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  // Pages and their data change with content: always revalidate (cheap, thanks to the ETag).
  if (type.startsWith('text/html') || pathname.endsWith('.pageContext.json')) return 'public, no-cache'
  return 'public, max-age=3600'
}
