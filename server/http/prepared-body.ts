import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'koa'
import type { VideoProvider } from '../../core/video-embeds.ts'
import { pageFrames, pageRunsSearch } from './security-headers.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Below this size compression costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024

/**
 * A response body serialized once, with its ETag, and compressed at most once per encoding
 * (on the first request that asks for it, off the event loop). Rebuilt only when the
 * content behind it changes: serving it is a lookup, not a JSON.stringify or a render.
 */
export class PreparedBody {
  readonly body: Buffer
  readonly type: string
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>()
  /** The compressed copies made so far, for the quick answers, which do not wait. */
  readonly #encodedNow = new Map<'br' | 'gzip', Buffer>()
  #etag: string | undefined
  #frames: readonly VideoProvider[] | undefined
  #wasm: boolean | undefined
  readonly #brotliQuality: number
  readonly #gzipLevel: number

  /**
   * `immutable`: compressed once and kept (the build's assets), so it gets the smallest output
   * (Brotli 11, gzip 9); content that changes gets quicker levels (Brotli 5, gzip 6).
   */
  constructor(body: Buffer, type: string, options: { immutable?: boolean } = {}) {
    this.body = body
    this.type = type
    this.#brotliQuality = options.immutable ? 11 : 5
    this.#gzipLevel = options.immutable ? 9 : 6
  }

  /** Hashed on first use: an admin answer, sent once with no ETag of its own, never pays for it. */
  get etag(): string {
    this.#etag ??= `"${createHash('sha1').update(this.body).digest('base64url')}"`
    return this.#etag
  }

  /** The video players an HTML page frames (pageFrames), looked for once per body rather than per request. */
  get frames(): readonly VideoProvider[] {
    this.#frames ??= pageFrames(this.type, this.body)
    return this.#frames
  }

  /** Whether an HTML page runs the blog's search (pageRunsSearch), looked for once per body. */
  get wasm(): boolean {
    this.#wasm ??= pageRunsSearch(this.type, this.body)
    return this.#wasm
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(value)), 'application/json; charset=utf-8')
  }

  get compressible(): boolean {
    return this.body.length >= MIN_COMPRESS_BYTES && /^(text\/|application\/(json|javascript|xml|[a-z.-]+\+(xml|json))|image\/svg)/.test(this.type)
  }

  encode(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let pending = this.#encoded.get(encoding)
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: this.#brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipAsync(this.body, { level: this.#gzipLevel })
      this.#encoded.set(encoding, pending)
      // A failure reaches whoever awaits `pending`; here it only means no copy to send at once.
      pending.then((encoded) => this.#encodedNow.set(encoding, encoded)).catch(() => {})
    }
    return pending
  }

  /** The compressed copy if it is made already, else undefined (encode() makes it). */
  encodedNow(encoding: 'br' | 'gzip'): Buffer | undefined {
    return this.#encodedNow.get(encoding)
  }

  /** Bytes held, for cache accounting (compressed copies count once made). */
  get size(): number {
    return this.body.length * 2
  }
}

/**
 * Answers with a prepared body: 304 when the client's ETag matches, otherwise the best
 * encoding the client accepts. The caller sets Cache-Control and the status.
 */
export async function sendPrepared(ctx: Context, prepared: PreparedBody): Promise<void> {
  ctx.set('ETag', prepared.etag)
  ctx.type = prepared.type
  if (prepared.compressible) ctx.vary('Accept-Encoding')
  if (ctx.status === 200 && matchesEtag(ctx.get('If-None-Match'), prepared.etag)) {
    ctx.status = 304
    return
  }
  await sendEncoded(ctx, prepared)
}

/**
 * Answers with the body in the best encoding the client accepts (no ETag of its own: the
 * admin API's ETag is a post's version). Every dynamic JSON answer of the admin API goes out so.
 */
export async function sendEncoded(ctx: Context, prepared: PreparedBody): Promise<void> {
  ctx.type = prepared.type
  if (prepared.compressible) ctx.vary('Accept-Encoding')
  const encoding = prepared.compressible ? acceptedEncoding(ctx) : 'identity'
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.body = await prepared.encode(encoding)
    ctx.set('Content-Encoding', encoding)
  } else {
    ctx.body = prepared.body
  }
}

type Accepted = 'br' | 'gzip' | 'identity' | false

/**
 * Which encoding each Accept-Encoding header asks for: a browser sends the same few, and
 * negotiating one is a parse and a sort. Bounded: past that many distinct headers, new ones are
 * negotiated each time. Not lib/bounded-cache.ts: there a client sending a new header with each
 * request would push the browsers' few out, and the quick answers, which serve only a header seen
 * before, would stop answering; here the first ones seen (the browsers') stay.
 */
const acceptedByHeader = new Map<string, Accepted>()
const MAX_REMEMBERED_HEADERS = 64

/** The encoding to send: Koa's (the `accepts` package's) choice among br, gzip and identity. */
function acceptedEncoding(ctx: Context): Accepted {
  const header = ctx.get('Accept-Encoding')
  let accepted = acceptedByHeader.get(header)
  if (accepted === undefined) {
    accepted = ctx.acceptsEncodings('br', 'gzip', 'identity') as Accepted
    if (acceptedByHeader.size < MAX_REMEMBERED_HEADERS) acceptedByHeader.set(header, accepted)
  }
  return accepted
}

/**
 * The encoding an Accept-Encoding header (absent: '') was answered with before, or undefined
 * when none was answered yet: the quick answers leave a header they do not know to Koa.
 */
export function knownAcceptedEncoding(header: string): Accepted | undefined {
  return acceptedByHeader.get(header)
}

/**
 * RFC 9110 §13.1.2, evaluated by the origin: `*` or any listed tag (weak or strong) matches.
 * Not Koa's `ctx.fresh`, which ignores the header whenever the request says
 * `Cache-Control: no-cache` (as fetch() does for every conditional request).
 */
export function matchesEtag(header: string, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
