import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FileCache } from './file-cache.ts'
import { knownAcceptedEncoding, matchesEtag, type PreparedBody } from './prepared-body.ts'
import { PUBLIC_API_CACHE, PUBLIC_POSTS_PATH, type PublicApiBodies } from './public-api.ts'
import { securityHeaderList } from './security-headers.ts'
import { cacheControlFor, type SiteFiles, siteFileAt, TRAILING_SLASH_PAGE } from './serve-files.ts'

/** A path the quick answers take as it is: anything else (`%`, `//` aside) is Koa's to read. */
const PLAIN_PATH = /^\/[a-z0-9._/-]*$/i
/** A query the quick answers ignore, as Koa's routes and the site's files do (RFC 3986 query characters). */
const PLAIN_QUERY = /^[a-z0-9._~!$&'()*+,;=:@/?%-]*$/i
const POST_PREFIX = `${PUBLIC_POSTS_PATH}/`

/** The headers of one answer, as writeHead takes them: [name, value, name, value, …]. */
type Head = string[]
interface Heads {
  notModified: Head
  identity: Head
  br?: Head
  gzip?: Head
}

/**
 * The answers most requests get, without Koa: a GET or HEAD of a page or file already in memory
 * (the site's pages, the build's assets and public files) and of the public API's list and posts
 * whose bodies are made. Each is one lookup and one write of a header list prepared once per body.
 * Anything else, and anything not ready yet (a file not read, a compression not finished, an
 * Accept-Encoding not seen before), goes to Koa, which answers it and so makes it ready: a quick
 * answer is byte for byte the answer Koa gives (tests/api/quick-answers.test.ts holds them side by
 * side), security headers included (securityHeaderList, the one place they are listed).
 *
 * Why: measured with `npx tsx tests/bench/serve-profile.ts --nginx` (1,000 posts, server on core
 * 0, `taskset -c 1 wrk -t1 -c64 -d10s -H 'Accept-Encoding: gzip, br'`, server CPU from
 * /proc/<pid>/stat, medians of 3 in turns with nginx serving the same bytes), requests per server
 * CPU-second went, through Koa (its context, the middleware chain, the router, header by header)
 * → here: post page 6,500 → 17,800 (nginx 43,000), one post's JSON 8,200 → 16,200 (nginx 44,000),
 * the list 7,400 → 17,400 (nginx 19,800). What is left is Node's own http module: a bare
 * `http.createServer` writing the same page with the same headers measured 19,000–24,000 then.
 */
export function quickAnswers(options: {
  mode: 'production' | 'development'
  /** Koa's `app.proxy`: X-Forwarded-Proto says whether the request came over HTTPS. */
  trustProxy: boolean
  /** Null in development, where Vite serves the files: no page or file is answered here. */
  files: SiteFiles | null
  cache: FileCache
  api: PublicApiBodies
}): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { files, cache, api, trustProxy } = options
  // A page that embeds a video frames its player (PreparedBody.frames), the blog's search runs
  // WebAssembly (PreparedBody.wasm): its own list, made when its heads are.
  const securityOf = (secure: boolean, prepared: PreparedBody) => flat(securityHeaderList(options.mode, secure, prepared.frames, prepared.wasm))
  // Per body, per security list and Cache-Control: a handful of combinations for each.
  const headsOf = new WeakMap<PreparedBody, Map<string, Heads>>()

  function send(request: IncomingMessage, response: ServerResponse, prepared: PreparedBody, cacheControl: string): boolean {
    const secure = isSecure(request, trustProxy)
    const key = secure ? `s${cacheControl}` : cacheControl
    let forBody = headsOf.get(prepared)
    if (!forBody) headsOf.set(prepared, (forBody = new Map()))
    let heads = forBody.get(key)
    if (!heads) forBody.set(key, (heads = headsFor(prepared, [...securityOf(secure, prepared), 'Cache-Control', cacheControl])))

    if (matchesEtag(request.headers['if-none-match'] ?? '', prepared.etag)) {
      response.writeHead(304, heads.notModified)
      response.end()
      return true
    }
    let encoding: 'br' | 'gzip' | 'identity' | false = 'identity'
    if (prepared.compressible) {
      const known = knownAcceptedEncoding(request.headers['accept-encoding'] ?? '')
      if (known === undefined) return false
      encoding = known
    }
    if (encoding === 'br' || encoding === 'gzip') {
      const body = prepared.encodedNow(encoding)
      if (!body) return false
      const head = (heads[encoding] ??= withBody(heads.notModified, prepared, body.length, encoding))
      response.writeHead(200, head)
      response.end(body)
    } else {
      response.writeHead(200, heads.identity)
      response.end(prepared.body)
    }
    return true
  }

  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const url = request.url ?? ''
    const queryAt = url.indexOf('?')
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
    if (!PLAIN_PATH.test(pathname) || (queryAt !== -1 && !PLAIN_QUERY.test(url.slice(queryAt + 1)))) return false

    if (pathname.startsWith('/api/') || pathname === '/api') {
      if (pathname === PUBLIC_POSTS_PATH) return send(request, response, api.list(), PUBLIC_API_CACHE)
      if (!pathname.startsWith(POST_PREFIX)) return false
      const post = api.post(pathname.slice(POST_PREFIX.length))
      return post ? send(request, response, post, PUBLIC_API_CACHE) : false
    }
    // The search's files are Koa's (serve-search.ts): they come from the index served now.
    if (!files || pathname.startsWith('/media/') || pathname.startsWith('/pagefind/') || TRAILING_SLASH_PAGE.test(pathname)) return false
    const file = siteFileAt(files, pathname)
    const prepared = file && cache.peek(file.path)
    if (!prepared) return false
    return send(request, response, prepared, cacheControlFor(pathname, prepared.type))
  }
}

/** Koa's `ctx.secure`: over TLS, or (behind a trusted proxy) X-Forwarded-Proto's first value. */
function isSecure(request: IncomingMessage, trustProxy: boolean): boolean {
  if ((request.socket as { encrypted?: boolean }).encrypted) return true
  if (!trustProxy) return false
  const proto = request.headers['x-forwarded-proto']
  return typeof proto === 'string' && proto !== '' && proto.split(',', 1)[0]!.trim().toLowerCase() === 'https'
}

function flat(pairs: readonly (readonly [string, string])[]): string[] {
  return pairs.flatMap(([name, value]) => [name, value])
}

/**
 * The headers in the order Koa sends them (sendPrepared, then Koa's body setter): a 304 keeps
 * the ETag and Vary but has no Content-Type or length.
 */
function headsFor(prepared: PreparedBody, base: string[]): Heads {
  const notModified = [...base, 'ETag', prepared.etag]
  if (prepared.compressible) notModified.push('Vary', 'Accept-Encoding')
  return { notModified, identity: withBody(notModified, prepared, prepared.body.length, null) }
}

function withBody(notModified: Head, prepared: PreparedBody, length: number, encoding: 'br' | 'gzip' | null): Head {
  const head = [...notModified]
  // Content-Type goes after the ETag and before Vary, as sendPrepared sets them.
  head.splice(head.indexOf('ETag') + 2, 0, 'Content-Type', prepared.type)
  head.push('Content-Length', String(length))
  if (encoding) head.push('Content-Encoding', encoding)
  return head
}
