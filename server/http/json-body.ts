import { bodyParser } from '@koa/bodyparser'
import type { Context, Middleware } from 'koa'
import { API_PATHS, formatBytes } from '../../core/contract/index.ts'
import { MAX_CONTENT_LENGTH } from '../../core/contract/index.ts'
import { InvalidInputError, TooLargeError } from '../lib/errors.ts'
import { isJsonDeeperThan } from './json-depth.ts'

/**
 * The largest JSON body most calls take, signed in or not: sign-in, the second step, passkeys (a
 * WebAuthn answer with a 1,023-byte credential id and an RSA-4096 key is under 10 KB),
 * invitations, and every admin call but the posts' and the site copy's below.
 */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * A post's create, update or preview, from someone signed in: its content at the most
 * (MAX_CONTENT_LENGTH characters) as JSON, at 3 bytes a character (UTF-8 takes at most 3 for any
 * character the content is written in, 4 for a pair that counts as 2; JSON escapes `"`, `\` and a
 * line break in 2), and 64 KB for its other fields, which are each a few hundred characters.
 */
export const MAX_POST_BODY_BYTES = 3 * MAX_CONTENT_LENGTH + 64 * 1024

/**
 * A page of the site's copy (its save or preview), from someone signed in. The largest file is
 * about 10 KB of text; a page a hundred times as long still fits.
 */
export const MAX_SITE_BODY_BYTES = 1024 * 1024

/**
 * How deep a body may nest arrays and objects. The deepest the admin sends is 9 (a save of the
 * legal page: the body, its values, the sections, a section, its topics, a topic, its blocks, a
 * block, its list).
 */
export const MAX_BODY_DEPTH = 32

/** One segment of a path (`/{id}`), in a pattern. */
const SEGMENT = '/[^/]+'

/**
 * The calls whose bodies are larger than MAX_BODY_BYTES. Their paths are matched as the routers
 * match them: exactly, once canonical-path.ts has spelled them the contract's way.
 */
const LARGER_BODIES: { method: string; path: RegExp; limit: number }[] = [
  { method: 'POST', path: route(API_PATHS.adminPosts), limit: MAX_POST_BODY_BYTES },
  { method: 'PUT', path: route(API_PATHS.adminPosts, SEGMENT), limit: MAX_POST_BODY_BYTES },
  { method: 'POST', path: route(API_PATHS.postPreview), limit: MAX_POST_BODY_BYTES },
  { method: 'PUT', path: route(API_PATHS.sitePages, SEGMENT), limit: MAX_SITE_BODY_BYTES },
  { method: 'POST', path: route(API_PATHS.sitePages, `${SEGMENT}/preview`), limit: MAX_SITE_BODY_BYTES },
]

const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']
const NOT_JSON = 'The body is not valid JSON'

/**
 * Parses JSON bodies into `ctx.request.body`, doing a bounded amount of work for each: the size
 * is checked before anything is read (Content-Length) and while reading, then the nesting depth
 * by one pass over the text, and only then JSON.parse runs. Over its limit a body is a 413 (most
 * calls MAX_BODY_BYTES, a post's and the site copy's more); nested deeper than MAX_BODY_DEPTH,
 * malformed, a top-level value that is not an object or array, or a `__proto__` key, a 400 with a
 * plain message. Mounted after the signed-in area's gate (app.ts): the larger calls are all under
 * `/api/admin`, so their room goes only to someone signed in, and nobody's body is never read
 * there. Other content types were already refused by `requireTrustedOrigin`; their body is left
 * unread, as `{}`.
 */
export function jsonBody(): Middleware {
  const readers = new Map<number, Middleware>()
  const readerFor = (limit: number): Middleware => {
    let reader = readers.get(limit)
    if (!reader) readers.set(limit, (reader = textReader(limit)))
    return reader
  }
  return async (ctx, next) => {
    if (!PARSED_METHODS.includes(ctx.method)) return next()
    if (!ctx.is('application/json')) {
      ctx.request.body = {}
      return next()
    }
    await readerFor(bodyLimitOf(ctx))(ctx, async () => {})
    ctx.request.body = parseJsonText(ctx.request.body)
    return next()
  }
}

/** The most bytes this request's body may have. */
export function bodyLimitOf(ctx: Pick<Context, 'method' | 'path'>): number {
  return LARGER_BODIES.find(({ method, path }) => method === ctx.method && path.test(ctx.path))?.limit ?? MAX_BODY_BYTES
}

/** @koa/bodyparser reading a JSON body as text, up to `limit` bytes (counted after any Content-Encoding is undone). */
function textReader(limit: number): Middleware {
  return bodyParser({
    enableTypes: ['text'],
    extendTypes: { text: ['application/json'] },
    textLimit: limit,
    parsedMethods: PARSED_METHODS,
    onError(error) {
      const status = (error as { status?: number }).status
      if (status === 413) throw new TooLargeError(`The body is too large: at most ${formatBytes(limit)} here`)
      if (status === 415) throw error
      throw new InvalidInputError('The body could not be read')
    },
  })
}

/** `__proto__` as a JSON key, written plainly or with escapes (as @hapi/bourne looks for it). */
const PROTO_KEY = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/
const STARTS_AS_OBJECT_OR_ARRAY = /^[\x20\x09\x0a\x0d]*[[{]/

/** A body's text as a value: `{}` when empty; refused (400) when too deep, not JSON, not an object or array, or with a `__proto__` key. */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return {}
  if (!STARTS_AS_OBJECT_OR_ARRAY.test(text)) throw new InvalidInputError(NOT_JSON)
  if (isJsonDeeperThan(text, MAX_BODY_DEPTH)) throw new InvalidInputError(`The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`)
  try {
    // The reviver (which makes parsing slower) only when the text may hold the key.
    return JSON.parse(text, PROTO_KEY.test(text) ? refuseProtoKey : undefined)
  } catch {
    throw new InvalidInputError(NOT_JSON)
  }
}

function refuseProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('A __proto__ key')
  return value
}

/** The pattern of `prefix` (a path said in API_PATHS) followed by `rest` (a pattern). */
function route(prefix: string, rest = ''): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${rest}$`)
}
