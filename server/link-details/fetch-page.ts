import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { decodePage } from './page-details.ts'
import { isPublicAddress } from './public-address.ts'

/**
 * One web page fetched for its details, guarded against what a link in a post could make the
 * server do (server-side request forgery): only http and https on ports 80 and 443; the host
 * name resolved here, every address it resolves to checked (isPublicAddress), and the connection
 * made to the address checked, never resolved again (a DNS answer that changes between the check
 * and the connection, "DNS rebinding", changes nothing); each redirect checked as the first
 * request was; HTML only, read up to a cap, no compressed body (no decompression bomb); the
 * whole of it given up when `signal` aborts. Never throws: a refusal or a failure is a reason.
 */

export interface FetchPageOptions {
  /**
   * `host:port` entries (as URLs write the host: `127.0.0.1:4000`, `[::1]:80`) whose address and
   * port are not checked: LINK_DETAILS_ALLOW_HOSTS, for a test's server.
   */
  allowHosts: ReadonlySet<string>
  /** Ends the fetch, a connection included: the caller's deadline. */
  signal: AbortSignal
  /** Every address of a host name (dns.lookup); tests answer names of their own. */
  resolve?: (hostname: string) => Promise<readonly ResolvedAddress[]>
}

export interface ResolvedAddress {
  address: string
  family: number
}

export type FetchOutcome = { ok: true; url: string; html: string } | { ok: false; reason: string }

/** A page's head is in its first kilobytes; 512 KB is far past any real one's. */
const MAX_PAGE_BYTES = 512 * 1024
const MAX_REDIRECTS = 3
const USER_AGENT = 'Mozilla/5.0 (compatible; WatchioLinkDetails/1.0; bookmark card details)'
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])

const resolveAll = async (hostname: string) => lookup(hostname, { all: true, verbatim: true })

/** The page at `address` (an http(s) URL), or why not. */
export async function fetchPage(address: string, options: FetchPageOptions): Promise<FetchOutcome> {
  try {
    let url = new URL(address)
    for (let hop = 0; ; hop++) {
      const target = await whereTo(url, options)
      if (typeof target === 'string') return { ok: false, reason: target }
      const response = await request(url, target, options.signal)
      const location = response.headers.location
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.destroy()
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` }
        url = new URL(location, url)
        continue
      }
      const refusal = refusedResponse(response)
      if (refusal) {
        response.destroy()
        return { ok: false, reason: refusal }
      }
      const bytes = await readCapped(response, MAX_PAGE_BYTES)
      return { ok: true, url: url.href, html: decodePage(bytes, response.headers['content-type']) }
    }
  } catch (error) {
    return { ok: false, reason: options.signal.aborted ? 'no answer in time' : error instanceof Error ? error.message : String(error) }
  }
}

/** Where a request for `url` may connect: one checked address, or why none. */
async function whereTo(url: URL, options: FetchPageOptions): Promise<ResolvedAddress | string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http or https`
  if (url.username || url.password) return 'an address with credentials'
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
  const allowed = options.allowHosts.has(`${url.hostname}:${port}`)
  if (!allowed && port !== 80 && port !== 443) return `port ${port} is not 80 or 443`
  const hostname = bareHost(url)
  const family = isIP(hostname)
  const addresses = family !== 0 ? [{ address: hostname, family }] : await abortable(resolve(options, hostname), options.signal)
  if (addresses.length === 0) return `${hostname} has no address`
  const refused = allowed ? undefined : addresses.find((resolved) => !isPublicAddress(resolved.address))
  if (refused) return `${hostname} is at ${refused.address}, not a public address`
  return addresses[0]!
}

function resolve(options: FetchPageOptions, hostname: string): Promise<readonly ResolvedAddress[]> {
  return (options.resolve ?? resolveAll)(hostname)
}

/** An IPv6 host without its brackets (`[::1]` → `::1`), as sockets name it. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/** A GET of `url` connected to `target`: the host name still names the site (Host, TLS's SNI and certificate check), but is never resolved again. */
function request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = bareHost(url)
  const pinned: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolved, rejected) => {
    const outgoing = transport.request({
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
      lookup: pinned,
      // No pooled connection: one made to another address for the same name could be reused.
      agent: false,
      signal,
    })
    outgoing.on('response', resolved)
    outgoing.on('error', rejected)
    outgoing.end()
  })
}

/** Why a final response gives no page to read, or null when it does. */
function refusedResponse(response: IncomingMessage): string | null {
  const status = response.statusCode ?? 0
  if (status < 200 || status > 299) return `status ${status}`
  const type = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (!type || !HTML_TYPES.has(type)) return `${type ?? 'no content type'} is not HTML`
  const encoding = response.headers['content-encoding']?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') return `a ${encoding} body`
  return null
}

/** The body's first `max` bytes (the rest is never asked for): reading stops there and the connection is closed. */
async function readCapped(response: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    length += chunk.length
    // Leaving the loop destroys the response, and with it the connection.
    if (length >= max) break
  }
  return Buffer.concat(chunks).subarray(0, max)
}

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled; its answer is then ignored). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted()
  return new Promise((resolved, rejected) => {
    const onAbort = () => rejected(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolved, rejected).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
