/**
 * The visitors' search over HTTP: `/blog` (and no other page) may run WebAssembly, which Pagefind
 * needs; `/pagefind/*` serves the running site's index with its types and caching; a save reaches
 * the index in the background within seconds; and a static export, served by nginx with its own
 * nginx.conf, answers the same.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBuildInfo } from '../../server/build-info.ts'
import { loadConfig } from '../../server/config.ts'
import { exportSite } from '../../server/export/write-export.ts'
import { contentSecurityPolicy } from '../../server/http/security-headers.ts'
import type { RunningServer } from '../../server/start.ts'
import { newPostBody, type ApiClient } from '../support/admin-client.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { serveExportWithNginx, type StaticNginx } from '../support/static-nginx.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import type { TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const WASM = contentSecurityPolicy('production', [], true)

let site: TempSite
let server: RunningServer
let api: ApiClient
let close: () => Promise<void>
let nginx: StaticNginx | undefined

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  await server.site.search!.index.idle()
})

afterAll(async () => {
  await nginx?.stop()
  await close?.()
})

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } })
/** The posts the served index holds, by its entry file. */
const pagesIndexed = async (origin: string) => {
  const entry = (await (await get(`${origin}/pagefind/pagefind-entry.json`)).json()) as { languages: { en?: { page_count: number } } }
  return entry.languages.en?.page_count ?? 0
}

describe('the blog search', () => {
  it('/blog alone may run WebAssembly, on the first answer and the quick ones; posts and other pages keep the site’s policy', async () => {
    expect(WASM).toMatch(/script-src 'self' 'sha256-[^']+' 'wasm-unsafe-eval';/)
    for (let i = 0; i < 3; i++) {
      expect((await get(`${server.url}/blog`)).headers.get('Content-Security-Policy')).toBe(WASM)
      for (const pathname of ['/', '/pricing', '/blog/introducing-watchio', '/blog/no-such-post']) {
        expect((await get(server.url + pathname)).headers.get('Content-Security-Policy'), pathname).toBe(contentSecurityPolicy('production'))
      }
    }
    expect(await (await get(`${server.url}/blog`)).text()).toContain('<form data-site-search="" role="search"')
  })

  it('serves the index’s files: scripts revalidated, the hashed parts kept a year, bytes as bytes, under the WebAssembly policy', async () => {
    const script = await get(`${server.url}/pagefind/pagefind.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(script.headers.get('Content-Security-Policy')).toBe(WASM)
    expect(script.headers.get('Content-Encoding')).toBe('gzip')
    expect(await script.text()).toContain('debouncedSearch')
    const again = await get(`${server.url}/pagefind/pagefind.js`, { 'If-None-Match': script.headers.get('ETag')! })
    expect(again.status).toBe(304)

    expect(await pagesIndexed(server.url)).toBe(server.site.content.index.list().length)
    const wasm = await get(`${server.url}/pagefind/wasm.en.pagefind`)
    expect(wasm.status).toBe(200)
    expect(wasm.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(wasm.headers.get('Cache-Control')).toBe('public, no-cache')
    const folder = server.site.search!.index.dirs()[0]!
    const { readdir } = await import('node:fs/promises')
    const fragment = (await readdir(path.join(folder, 'fragment')))[0]!
    const part = await get(`${server.url}/pagefind/fragment/${fragment}`)
    expect(part.status).toBe(200)
    expect(part.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await part.arrayBuffer()).equals(await readFile(path.join(folder, 'fragment', fragment)))).toBe(true)

    for (const missing of ['/pagefind/nothing.js', '/pagefind/fragment/nothing.pf_fragment', '/pagefind/sub/folder/x.js', '/pagefind/']) {
      const response = await get(server.url + missing)
      expect(response.status, missing).toBe(404)
      expect(response.headers.get('Content-Type'), missing).toBe('text/plain; charset=utf-8')
    }
  })

  it('a save answers at once, and its post is in the served delta within seconds, in the background; the base is not made again', async () => {
    const none = await get(`${server.url}/pagefind/delta.json`)
    expect(none.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(none.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(none.headers.get('Content-Security-Policy')).toBe(WASM)
    expect(await none.json()).toEqual({ path: null, changed: [] })
    const before = await pagesIndexed(server.url)
    const baseEntry = await (await get(`${server.url}/pagefind/pagefind-entry.json`)).text()
    const response = await api.request('POST', '/api/admin/blog/posts', {
      json: newPostBody({ slug: 'zeppelin-streams', title: 'Zeppelin streams', content: '<p>Watching from a zeppelin.</p>', publishDate: '2025-01-01' }),
    })
    expect(response.status).toBe(201)
    const delta = await waitFor(async () => {
      const answer = (await (await get(`${server.url}/pagefind/delta.json`)).json()) as { path: string | null; changed: string[] }
      return answer.path !== null && answer.changed.includes('/blog/zeppelin-streams') && answer
    })
    expect(delta.path).toMatch(/^\/pagefind\/delta\/delta-[0-9]+-[0-9a-f]+\/$/)
    expect(delta.changed).toEqual(['/blog/zeppelin-streams'])
    // The base as it was; the delta, served under its own path, holds the post, marked.
    expect(await (await get(`${server.url}/pagefind/pagefind-entry.json`)).text()).toBe(baseEntry)
    expect(await pagesIndexed(server.url)).toBe(before)
    const entry = await get(`${server.url}${delta.path}pagefind-entry.json`)
    expect(entry.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(entry.headers.get('Content-Security-Policy')).toBe(WASM)
    expect(((await entry.json()) as { languages: { en: { page_count: number } } }).languages.en.page_count).toBe(1)
    const folder = server.site.search!.index.delta()!.dir
    const { readdir } = await import('node:fs/promises')
    const { gunzipSync } = await import('node:zlib')
    const [fragment] = await readdir(path.join(folder, 'fragment'))
    const part = await get(`${server.url}${delta.path}fragment/${fragment}`)
    expect(part.status).toBe(200)
    expect(part.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const text = gunzipSync(Buffer.from(await part.arrayBuffer())).toString('utf8')
    expect(text).toContain('"url":"/blog/zeppelin-streams"')
    expect(text).toContain('Watching from a zeppelin.')
    expect(text).toContain('"delta":"1"')
    for (const missing of [`${delta.path}../pagefind.js`, '/pagefind/delta/delta-1-ab/pagefind-entry.json', `${delta.path}sub/x.js`]) expect((await get(server.url + missing)).status, missing).toBe(404)
  })

  it('a static export holds the index of its posts, and its nginx.conf answers /blog and /pagefind/ as the server does', async () => {
    const env = { NODE_ENV: 'production', CONTENT_DIR: site.contentDir, DATA_DIR: site.dataDir, SITE_URL: 'https://watchio.example' }
    const config = { ...loadConfig(env, repoRoot), mode: 'production' as const }
    const out = path.join(path.dirname(site.repoDir), 'export')
    const result = await exportSite({ config, build: (await readBuildInfo(config.distDir))!, logger: recordingLogger(), out })
    expect(result.written.search.files).toBeGreaterThan(3)
    nginx = await serveExportWithNginx({ root: out })
    expect(await pagesIndexed(nginx.url)).toBe(server.site.content.index.list().length)
    expect((await get(`${nginx.url}/blog`)).headers.get('Content-Security-Policy')).toBe(WASM)
    expect((await get(`${nginx.url}/blog/zeppelin-streams`)).headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy('production'))
    const { readdir } = await import('node:fs/promises')
    // A part both indexes hold (the running site's base lacks the post saved above: its delta has it).
    const ourParts = new Set(await readdir(path.join(server.site.search!.index.dirs()[0]!, 'fragment')))
    const fragment = `/pagefind/fragment/${(await readdir(path.join(out, 'pagefind', 'fragment'))).find((name) => ourParts.has(name))!}`
    for (const pathname of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.en.pagefind', fragment]) {
      const [ours, theirs] = [await get(server.url + pathname), await get(nginx.url + pathname)]
      expect(theirs.status, pathname).toBe(200)
      for (const header of ['Content-Type', 'Cache-Control', 'Content-Security-Policy']) {
        if (pathname !== fragment) expect(theirs.headers.get(header), `${pathname} ${header}`).toBe(ours.headers.get(header))
        else expect(theirs.headers.get(header), `${pathname} ${header}`).toBe(header === 'Cache-Control' ? 'public, max-age=31536000, immutable' : ours.headers.get(header) ?? theirs.headers.get(header))
      }
    }
    expect((await get(`${nginx.url}/pagefind/nothing.js`)).status).toBe(404)
    // A whole index, no delta: the page reads so.
    const noDelta = await get(`${nginx.url}/pagefind/delta.json`)
    expect(noDelta.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(await noDelta.json()).toEqual({ path: null, changed: [] })
  })
})
