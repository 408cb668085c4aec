import type { Context, Middleware } from 'koa'
import { parseMediaUrl, parseVariantUrl } from '../../core/media-urls.ts'
import { streamRegularFile } from '../lib/regular-file.ts'
import { type MediaVariants, VariantsBusyError } from '../media/media-variants.ts'
import { CONTENT_TYPES, variantFormatFor } from '../media/variant-format.ts'
import { matchesEtag } from './prepared-body.ts'

/** The name carries the content's hash: a changed image is a new URL, so any copy may be kept a year. */
export const MEDIA_CACHE = 'public, max-age=31536000, immutable'

/**
 * An image is never a document: were one ever opened as one (a type sniffed wrongly, a file that
 * is not what its name says), it could run nothing and load nothing.
 */
export const MEDIA_POLICY = "default-src 'none'; sandbox"

/** How long a client is asked to wait when the variant encoder is busy. */
const RETRY_AFTER_SECONDS = 2

/**
 * The media library over HTTP: originals at `/media/<year>/<file>`, read from the content
 * repository's media folder, and their variants at `/media/w<width>/<year>/<file>`
 * (MediaVariants makes them). Only the paths core/media-urls.ts reads back are served; any
 * other path under `/media/` (another name or extension, `..`, encoded slashes: the raw path is
 * matched, and the library's names have no `%`) is a plain 404, never a page.
 */
export function serveMedia(options: { variants: MediaVariants }): Middleware {
  const { variants } = options
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/')) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      return plain(ctx, 405, 'Method Not Allowed')
    }
    const original = parseMediaUrl(ctx.path)
    if (original) {
      const found = await variants.original(original)
      if (!found) return plain(ctx, 404, 'Not Found')
      return await send(ctx, { ...found, etag: `"${original.hash}-${found.size.toString(36)}"`, type: CONTENT_TYPES[original.ext] })
    }
    const variant = parseVariantUrl(ctx.path)
    if (!variant || variant.media.ext === 'gif') return plain(ctx, 404, 'Not Found')
    // Which format comes back depends on Accept: caches must keep one copy per Accept.
    ctx.vary('Accept')
    const format = variantFormatFor(ctx.get('Accept'), variant.media.ext)
    try {
      const made = await variants.get(variant.media, variant.width, format)
      if (!made) return plain(ctx, 404, 'Not Found')
      return await send(ctx, { ...made, type: CONTENT_TYPES[format] })
    } catch (error) {
      if (!(error instanceof VariantsBusyError)) throw error
      // Not an error of the client's nor of the server's: too many new variants asked for at once.
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS))
      ctx.set('Cache-Control', 'no-store')
      return plain(ctx, 503, 'Busy making images, try again shortly')
    }
  }
}

async function send(ctx: Context, file: { file: string; root: string; size: number; etag: string; type: string }): Promise<void> {
  const notModified = matchesEtag(ctx.get('If-None-Match'), file.etag)
  // Koa sends no body for HEAD (and destroys a stream it was given): open the file only for GET.
  // Opened under the same rules as its size was read: it may have gone, or been swapped, since.
  const opened = ctx.method === 'GET' && !notModified ? await streamRegularFile(file.root, file.file) : null
  if (opened === null && ctx.method === 'GET' && !notModified) return plain(ctx, 404, 'Not Found')
  ctx.set('Cache-Control', MEDIA_CACHE)
  ctx.set('Content-Security-Policy', MEDIA_POLICY)
  ctx.set('ETag', file.etag)
  ctx.type = file.type
  if (notModified) {
    ctx.status = 304
    return
  }
  ctx.status = 200
  ctx.length = opened?.size ?? file.size
  if (opened) ctx.body = opened.stream
}

function plain(ctx: Context, status: number, message: string): void {
  ctx.status = status
  ctx.type = 'text/plain; charset=utf-8'
  ctx.body = message
}
