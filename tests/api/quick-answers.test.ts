/**
 * The quick answers (server/http/quick-answers.ts): a page, file or public API body in memory is
 * answered before Koa, and must be the answer Koa gives, byte for byte: status, every header
 * in its order (the security headers, Cache-Control, ETag, Vary, Content-Type, -Length,
 * -Encoding) and body, for GET and HEAD, each Accept-Encoding, a matching If-None-Match (304) and
 * HTTPS behind a trusted proxy (HSTS). Koa's answer to the same thing is had by adding `?{` to
 * the URL: a query the quick answers leave to Koa, and which neither Koa's routes nor the site's
 * files read. The server's count of quick answers tells which of the two answered.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { signedInServer } from '../support/signed-in-server.ts'

let server: RunningServer
let close: () => Promise<void>

beforeAll(async () => {
  ;({ server, close } = await signedInServer({ env: { TRUST_PROXY: 'true' }, signIn: false }))
  // Pages stale at start are rendered per request (by Koa) until the catch-up has written them.
  await server.site.pages.idle()
})

afterAll(() => close?.())

interface Answer {
  status: number
  /** Every header but Date, in the order sent. */
  headers: string[]
  body: Buffer
}

/** One request over a connection of its own, as sent (node:http: nothing added or decoded). */
function request(method: string, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${server.url}${pathname}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const lines: string[] = []
        for (let at = 0; at < response.rawHeaders.length; at += 2) {
          if (response.rawHeaders[at]!.toLowerCase() !== 'date') lines.push(`${response.rawHeaders[at]}: ${response.rawHeaders[at + 1]}`)
        }
        resolve({ status: response.statusCode!, headers: lines, body: Buffer.concat(chunks) })
      })
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** Koa's answer (asked with `?{`), then the quick answer to the same request. */
async function bothAnswers(method: string, pathname: string, headers: Record<string, string>) {
  const byKoa = await request(method, `${pathname}?{`, headers)
  const before = server.quickAnswers()
  const quick = await request(method, pathname, headers)
  return { byKoa, quick, answeredQuickly: server.quickAnswers() - before }
}

const VARIANTS: { name: string; method: string; headers: Record<string, string> }[] = [
  { name: 'GET, br', method: 'GET', headers: { 'Accept-Encoding': 'br' } },
  { name: 'GET, gzip or br', method: 'GET', headers: { 'Accept-Encoding': 'gzip, br' } },
  { name: 'GET, gzip preferred', method: 'GET', headers: { 'Accept-Encoding': 'br;q=0.5, gzip' } },
  { name: 'GET, no Accept-Encoding', method: 'GET', headers: {} },
  { name: 'GET, neither br nor gzip', method: 'GET', headers: { 'Accept-Encoding': 'gzip;q=0, br;q=0' } },
  { name: 'HEAD, gzip', method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'HEAD, no Accept-Encoding', method: 'HEAD', headers: {} },
  { name: 'GET, If-None-Match of another version', method: 'GET', headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': '"other"' } },
  { name: 'GET, over HTTPS behind the proxy', method: 'GET', headers: { 'Accept-Encoding': 'gzip', 'X-Forwarded-Proto': 'https' } },
  { name: 'GET, plain HTTP behind the proxy', method: 'GET', headers: { 'X-Forwarded-Proto': 'http, https' } },
]

describe('a quick answer is the answer Koa gives', () => {
  let asset: string
  beforeAll(async () => {
    const html = (await request('GET', '/blog', {})).body.toString('utf8')
    asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!
  })
  const targets = () => [
    '/blog/add-an-m3u-playlist', // a post page
    '/blog', // the list page
    '/api/blog/posts/add-an-m3u-playlist', // one post's JSON
    '/api/blog/posts', // the list's JSON
    asset, // an immutable asset
    '/blog/rss.xml', // a feed (its own type)
    '/robots.txt', // under 1 KB: never compressed, no Vary
    '/images/social-card.jpg', // a public file, not compressible
  ]

  it.each(VARIANTS)('$name', async ({ method, headers }) => {
    for (const pathname of targets()) {
      const { byKoa, quick, answeredQuickly } = await bothAnswers(method, pathname, headers)
      expect({ pathname, ...quick, body: quick.body.toString('base64') }).toEqual({ pathname, ...byKoa, body: byKoa.body.toString('base64') })
      expect(quick.status).toBe(200)
      expect({ pathname, answeredQuickly }).toEqual({ pathname, answeredQuickly: 1 })
    }
  })

  it('with a matching If-None-Match (as sent, weak, in a list, or *): 304 with the ETag and Vary, no body', async () => {
    for (const pathname of targets()) {
      const etag = (await request('GET', pathname, {})).headers.find((line) => line.startsWith('ETag: '))!.slice('ETag: '.length)
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        for (const method of ['GET', 'HEAD']) {
          const { byKoa, quick, answeredQuickly } = await bothAnswers(method, pathname, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': ifNoneMatch })
          expect({ pathname, ...quick }).toEqual({ pathname, ...byKoa })
          expect(quick.status).toBe(304)
          expect(quick.body.length).toBe(0)
          expect(quick.headers.some((line) => /^Content-(Type|Length|Encoding):/.test(line))).toBe(false)
          expect({ pathname, answeredQuickly }).toEqual({ pathname, answeredQuickly: 1 })
        }
      }
    }
  })

  it('carries HSTS over HTTPS only, and every security header either way', async () => {
    const secure = await request('GET', '/blog', { 'X-Forwarded-Proto': 'https' })
    const plain = await request('GET', '/blog', {})
    const names = (answer: Answer) => answer.headers.map((line) => line.slice(0, line.indexOf(':')))
    const security = ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Cross-Origin-Opener-Policy', 'Permissions-Policy']
    expect(names(plain).slice(0, 6)).toEqual(security)
    expect(names(secure).slice(0, 7)).toEqual([...security, 'Strict-Transport-Security'])
    expect(names(plain)).not.toContain('Strict-Transport-Security')
  })
})

describe('what the quick answers leave to Koa', () => {
  it.each([
    ['a page URL with a trailing slash (redirected)', 'GET', '/blog/', 301],
    ['a post that does not exist', 'GET', '/blog/no-such-post', 404],
    ['a draft', 'GET', '/api/blog/posts/tips-for-smooth-playback', 404],
    ['a malformed slug', 'GET', '/api/blog/posts/Add-An-M3U-Playlist', 404],
    ['another method', 'POST', '/blog/add-an-m3u-playlist', 405],
    // Whatever it answers (a render: vike decodes the path).
    ['an encoded path', 'GET', '/blog/%61dd-an-m3u-playlist', null],
    ['the signed-in area', 'GET', '/api/admin/blog/posts', 401],
    ['media', 'GET', '/media/2025/nothing-0123456789-10x10.jpg', 404],
    ['a prerendered page as a file', 'GET', '/blog/add-an-m3u-playlist/index.html', 404],
  ] as const)('%s', async (_name, method, pathname, status) => {
    const before = server.quickAnswers()
    const answer = await request(method, pathname, { 'Accept-Encoding': 'gzip, br' })
    if (status !== null) expect(answer.status).toBe(status)
    expect(server.quickAnswers()).toBe(before)
  })
})
