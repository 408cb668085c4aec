import type { Readable } from 'node:stream'
import type { Context, Middleware } from 'koa'
import { AV_FORMATS, type AvName, parseAvUrl } from '../../core/av-media.ts'
import { parseMediaUrl, parseVariantUrl } from '../../core/media-urls.ts'
import { type ByteSpan, openRegularFile, streamRegularFile } from '../lib/regular-file.ts'
import { avFileOf } from '../media/media-folder.ts'
import { type RangeAnswer, rangeOf } from './byte-ranges.ts'
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
 *
 * Videos, audio and captions (`/media/<year>/<name>-<hash>.<ext>`, core/av-media.ts) are served
 * as they are from `mediaDir`, with byte ranges (a player seeks by asking for the part it needs).
 */
export function serveMedia(options: { variants: MediaVariants }): Middleware {
  const { variants } = options
  const { mediaDir } = variants
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
      return await sendImage(ctx, { ...found, etag: `"${original.hash}-${found.size.toString(36)}"`, type: CONTENT_TYPES[original.ext] })
    }
    const av = parseAvUrl(ctx.path)
    if (av) return await sendAv(ctx, mediaDir, av)
    const variant = parseVariantUrl(ctx.path)
    if (!variant || variant.media.ext === 'gif') return plain(ctx, 404, 'Not Found')
    // Which format comes back depends on Accept: caches must keep one copy per Accept.
    ctx.vary('Accept')
    const format = variantFormatFor(ctx.get('Accept'), variant.media.ext)
    try {
      const made = await variants.get(variant.media, variant.width, format)
      if (!made) return plain(ctx, 404, 'Not Found')
      return await sendImage(ctx, { ...made, type: CONTENT_TYPES[format] })
    } catch (error) {
      if (!(error instanceof VariantsBusyError)) throw error
      // Not an error of the client's nor of the server's: too many new variants asked for at once.
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS))
      ctx.set('Cache-Control', 'no-store')
      return plain(ctx, 503, 'Busy making images, try again shortly')
    }
  }
}

/** What a media answer says of its file, whatever its bytes are read from. */
interface MediaFile {
  size: number
  etag: string
  type: string
}

/** The whole file or a span of it, opened when the answer has a body; null when the file is gone since. */
type OpenBody = (span?: ByteSpan) => Promise<{ stream: Readable; size: number } | null>

/** An image original or variant: its size was read when it was found, its bytes are opened to send them. */
function sendImage(ctx: Context, file: MediaFile & { file: string; root: string }): Promise<void> {
  // Opened under the same rules as its size was read: it may have gone, or been swapped, since.
  return send(ctx, file, WHOLE, () => streamRegularFile(file.root, file.file))
}

/**
 * A video, audio or captions file, whole or the one range asked for (byte-ranges.ts), with the
 * same caching, policy and validators as an image: If-None-Match gives a 304, If-Range a range
 * only of this very file. Opened once: the size the range is checked against is that of the
 * descriptor the bytes are read from.
 */
async function sendAv(ctx: Context, mediaDir: string, media: AvName): Promise<void> {
  const opened = await openRegularFile(mediaDir, avFileOf(mediaDir, media))
  if (!opened) return plain(ctx, 404, 'Not Found')
  const { size } = opened
  const etag = `"${media.hash}-${size.toString(36)}"`
  ctx.set('Accept-Ranges', 'bytes')
  const range = rangeOf({ header: ctx.get('Range'), size, etag, ifRange: ctx.get('If-Range') })
  let streamed = false
  try {
    await send(ctx, { size, etag, type: AV_FORMATS[media.ext].type }, range, async (span) => {
      streamed = true
      return { stream: opened.stream(span), size }
    })
  } finally {
    if (!streamed) await opened.close()
  }
}

const WHOLE: RangeAnswer = { kind: 'whole' }

/** One media answer: 304 for a copy the client holds, 416 for a range past the end, else 200 or 206 with the bytes. */
async function send(ctx: Context, file: MediaFile, range: RangeAnswer, openBody: OpenBody): Promise<void> {
  const notModified = matchesEtag(ctx.get('If-None-Match'), file.etag)
  const span = range.kind === 'part' ? { start: range.start, end: range.end } : undefined
  // Koa sends no body for HEAD (and destroys a stream it was given): the file is opened only for GET.
  const hasBody = ctx.method === 'GET' && !notModified && range.kind !== 'unsatisfiable'
  const body = hasBody ? await openBody(span) : null
  if (hasBody && body === null) return plain(ctx, 404, 'Not Found')
  ctx.set('Cache-Control', MEDIA_CACHE)
  ctx.set('Content-Security-Policy', MEDIA_POLICY)
  ctx.set('ETag', file.etag)
  if (notModified) {
    ctx.type = file.type
    ctx.status = 304
    return
  }
  if (range.kind === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${file.size}`)
    return plain(ctx, 416, 'Range Not Satisfiable')
  }
  ctx.type = file.type
  if (span) {
    ctx.status = 206
    ctx.set('Content-Range', `bytes ${span.start}-${span.end}/${file.size}`)
    ctx.length = span.end - span.start + 1
  } else {
    ctx.status = 200
    ctx.length = body?.size ?? file.size
  }
  if (body) ctx.body = body.stream
}

function plain(ctx: Context, status: number, message: string): void {
  ctx.status = status
  ctx.type = 'text/plain; charset=utf-8'
  ctx.body = message
}
