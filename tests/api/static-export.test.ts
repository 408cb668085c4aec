import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBuildInfo } from '../../server/build-info.ts'
import { loadConfig } from '../../server/config.ts'
import { exportSite } from '../../server/export/write-export.ts'
import { securityHeadersOf } from '../../server/http/security-headers.ts'
import type { RunningServer } from '../../server/start.ts'
import { commitMedia, type MediaFixture } from '../support/media-files.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { serveExportWithNginx, type StaticNginx } from '../support/static-nginx.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import { commitAsMaintainer } from '../support/git.ts'
import { runCompiled, type CommandResult } from '../support/run-compiled.ts'

/**
 * `npm run export` (server/export.ts) over a temp content repository with library images, served by
 * nginx alone (the export's own nginx.conf included in a bare server block), against the real
 * server over the same repository: the same bytes, statuses and headers. The browser tests run
 * against such an export too (playwright.export.config.ts).
 */
const repoRoot = path.resolve(import.meta.dirname, '../..')
const SITE_URL = 'https://watchio.example'
const AVIF_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

/** A renamed post, a chain written by hand (with a trailing slash), and a redirect a page shadows (pages win). */
const REDIRECTS = [
  '# Moved pages.',
  '- from: /blog/old-introduction',
  '  to: /blog/introducing-watchio',
  '- from: /old-plans/',
  '  to: /older-plans',
  '- from: /older-plans',
  '  to: /blog',
  '- from: /pricing',
  '  to: /blog/introducing-watchio',
  '',
].join('\n')

/** A published post with a tag: its tag page and the tag's feeds are exported too. */
const TAGGED_POST = [
  '---',
  'id: taggedexport',
  'title: A tagged post',
  'slug: tagged-for-export',
  'summary: Tagged.',
  "publishDate: '2025-01-02'",
  'isPublished: true',
  "featuredImageUrl: ''",
  'tags: [Exported Tag]',
  '---',
  '<p>Tagged.</p>',
  '',
].join('\n')

let site: TempSite
let out: string
let server: RunningServer
let close: () => Promise<void>
let nginx: StaticNginx
let photo: MediaFixture
let exported: CommandResult

function env(): Record<string, string> {
  return { NODE_ENV: 'production', CONTENT_DIR: site.contentDir, DATA_DIR: site.dataDir, SITE_URL }
}

/** The CLI as a user runs it: `npm run export -- --out DIR`. */
const runExportCli = (target: string) => runCompiled('export', ['--out', target], { env: env() })

beforeAll(async () => {
  ;({ site, server, close } = await signedInServer({
    signIn: false,
    // Exported before the server starts, as from a writer's repository.
    prepare: async (prepared) => {
      site = prepared
      photo = await commitMedia(site.repoDir, { name: 'harbour', width: 700, height: 500, ext: 'jpg', noisy: true })
      await commitMedia(site.repoDir, { name: 'wave', width: 400, height: 300, ext: 'gif' })
      await writeFile(path.join(site.contentDir, 'redirects.yaml'), REDIRECTS)
      commitAsMaintainer(site.repoDir, 'Redirects', 'content/redirects.yaml')
      await writeFile(path.join(site.blogDir, 'tagged-for-export.html'), TAGGED_POST)
      commitAsMaintainer(site.repoDir, 'A tagged post', 'content/blog/tagged-for-export.html')
      // Beside the repository, never inside it.
      out = path.join(path.dirname(site.repoDir), 'export')
      exported = await runExportCli(out)
      if (exported.code !== 0) throw new Error(`npm run export failed: ${exported.stderr}`)
    },
  }))
  nginx = await serveExportWithNginx({ root: out })
  // The server's pages as files (its steady state), not rendered per request while it catches up.
  await server.site.pages.idle()
})

afterAll(async () => {
  await nginx?.stop()
  await close?.()
})

const fromNginx = (pathname: string, headers: Record<string, string> = {}) => fetch(nginx.url + pathname, { headers, redirect: 'manual' })
const fromServer = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { headers, redirect: 'manual' })

/**
 * Every render picks the 404 page's joke afresh (`notFoundLine`, passed to the browser with every
 * page): two renders of one page by the server itself differ there, and only there.
 */
const withoutLinePick = (html: string) => html.replace(/"notFoundLine":\d+/, '"notFoundLine":0')

function expectSecurityHeaders(response: Response, label: string) {
  // The blog runs its search's WebAssembly: its policy says so (site-search.test.ts), and only its.
  for (const [name, value] of Object.entries(securityHeadersOf('production', [], label === '/blog'))) {
    if (name === 'Content-Security-Policy' && label.startsWith('/media/')) continue
    expect(response.headers.get(name), `${label}: ${name}`).toBe(value)
  }
}

describe('npm run export', () => {
  it('prints what it wrote, by kind, with the time it took', () => {
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toMatch(/Exported \d+ files \([\d.]+ (KiB|MiB)\) to .+ in \d+ ms/)
    // The jpg: 2 widths (320, 640) in 3 formats; the gif has none.
    expect(exported.stdout).toMatch(/variants\s+6 files/)
    expect(exported.stdout).toMatch(/media\s+2 files/)
  })

  it('pages, sitemap, robots.txt, feeds and the public API: the same bytes, type and caching as the running server', async () => {
    const list = (await (await fromServer('/api/blog/posts')).json()) as { slug: string }[]
    const urls = ['/', '/blog', `/blog/${list[0]!.slug}`, '/pricing', '/discord', '/iptv', '/referral', '/sitemap.xml', '/robots.txt', '/favicon.ico', '/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json', '/api/blog/posts', `/api/blog/posts/${list[1]!.slug}`]
    urls.push('/blog/tag/exported-tag', '/blog/tag/exported-tag/rss.xml', '/blog/tag/exported-tag/atom.xml', '/blog/tag/exported-tag/feed.json')
    for (const url of urls) {
      const [ours, theirs] = await Promise.all([fromNginx(url), fromServer(url)])
      expect(ours.status, url).toBe(200)
      expect(theirs.status, url).toBe(200)
      const [a, b] = [withoutLinePick(await ours.text()), withoutLinePick(await theirs.text())]
      expect(a, url).toBe(b)
      // `text/html;charset=utf-8` (Koa) and `text/html; charset=utf-8` (nginx) are one type.
      const header = (response: Response, name: string) => response.headers.get(name)?.replace(/;\s*/g, '; ')
      for (const name of ['content-type', 'cache-control']) expect(header(ours, name), `${url} ${name}`).toBe(header(theirs, name))
      expectSecurityHeaders(ours, url)
    }
  })

  it("each page's index.pageContext.json, which vike's client routing fetches: the server's answer", async () => {
    for (const url of ['/index.pageContext.json', '/blog/index.pageContext.json', '/pricing/index.pageContext.json']) {
      const [ours, theirs] = await Promise.all([fromNginx(url), fromServer(url)])
      expect([ours.status, theirs.status], url).toEqual([200, 200])
      expect(withoutLinePick(await ours.text()), url).toBe(withoutLinePick(await theirs.text()))
      expect(ours.headers.get('content-type'), url).toMatch(/^application\/json/)
      expect(ours.headers.get('cache-control'), url).toBe(theirs.headers.get('cache-control'))
    }
    // No file for a post that does not exist: a 404 page (not JSON), on which vike loads the page in full.
    const missing = await fromNginx('/blog/no-such-post/index.pageContext.json')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('unknown paths: the 404 page with status 404, Post Not Found under /blog/, plain-text 404s under /api/ and /media/', async () => {
    for (const [url, text] of [['/no/such/page', 'Page Not Found'], ['/blog/a/b', 'Page Not Found'], ['/blog/tag/no-such-tag', 'Page Not Found'], ['/blog/tag/404', 'Page Not Found'], ['/blog/tag/exported-tag/page/2', 'Page Not Found'], ['/blog/no-such-post', 'Post Not Found'], ['/nginx.conf', 'Page Not Found'], ['/.watchio-export.json', 'Page Not Found']] as const) {
      const response = await fromNginx(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html, url).toContain(text)
      // One file for every visit: the browser picks the not-found line (SPEC §2: at random each time).
      if (text === 'Page Not Found') expect(html, url).toContain('class="container not-found" data-lines="[')
      expectSecurityHeaders(response, url)
    }
    // Static hosts serve the nearest 404.html: under /blog/tag/ that is the 404 page, not Post Not Found.
    expect(await readFile(path.join(out, 'blog', '404.html'), 'utf8')).toContain('Post Not Found')
    expect(await readFile(path.join(out, 'blog', 'tag', '404.html'), 'utf8')).toContain('Page Not Found')
    for (const url of ['/api/blog/posts/no-such-post', '/api/nothing', '/media/2025/missing-0123456789-10x10.jpg', '/media/w9999/2025/x.jpg']) {
      const [ours, theirs] = await Promise.all([fromNginx(url), fromServer(url)])
      const type = (response: Response) => response.headers.get('content-type')?.replace(/;\s*/g, '; ')
      expect([ours.status, await ours.text(), type(ours)], url).toEqual([theirs.status, await theirs.text(), type(theirs)])
      expectSecurityHeaders(ours, url.replace('/media/', '/x/'))
    }
  })

  it('/blog/ answers 301 to /blog with its query, as the server does', async () => {
    const [ours, theirs] = await Promise.all([fromNginx('/blog/?page=2'), fromServer('/blog/?page=2')])
    expect(ours.status).toBe(301)
    expect(ours.headers.get('location')).toBe(theirs.headers.get('location'))
  })

  it('hashed assets and media are immutable; a variant comes in the format Accept asks for, as the server sends it', async () => {
    const html = await (await fromNginx('/blog')).text()
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
    const script = await fromNginx(asset)
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')

    const original = await fromNginx(photo.url)
    expect(Buffer.from(await original.arrayBuffer()).equals(photo.bytes)).toBe(true)
    expect(original.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    const variant = photo.url.replace('/media/', '/media/w320/')
    for (const [accept, type] of [[AVIF_ACCEPT, 'image/avif'], ['image/webp,*/*', 'image/webp'], ['image/avif;q=0,image/webp', 'image/webp'], ['*/*', 'image/jpeg']] as const) {
      const [ours, theirs] = await Promise.all([fromNginx(variant, { accept }), fromServer(variant, { accept })])
      expect(ours.status, accept).toBe(200)
      expect(ours.headers.get('content-type'), accept).toBe(type)
      expect(ours.headers.get('vary'), accept).toMatch(/Accept/)
      expect(Buffer.from(await ours.arrayBuffer()).equals(Buffer.from(await theirs.arrayBuffer())), accept).toBe(true)
    }
  })

  it('text is sent gzipped to a client that accepts it, as the server sends it, with the same type: pages, scripts, styles, feeds, the API', async () => {
    const html = await (await fromNginx('/blog')).text()
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!
    const chunks = await readdir(path.join(out, 'assets', 'chunks'))
    const sizes = await Promise.all(chunks.map(async (name) => ({ name, size: (await readFile(path.join(out, 'assets', 'chunks', name))).length })))
    const largestScript = `/assets/chunks/${sizes.filter(({ name }) => name.endsWith('.js')).sort((a, b) => b.size - a.size)[0]!.name}`
    for (const url of ['/blog', '/pricing', largestScript, style, '/blog/rss.xml', '/blog/feed.json', '/api/blog/posts', '/sitemap.xml']) {
      const [ours, theirs] = await Promise.all([fromNginx(url, { 'accept-encoding': 'gzip' }), fromServer(url, { 'accept-encoding': 'gzip' })])
      expect(ours.status, url).toBe(200)
      expect(ours.headers.get('content-encoding'), url).toBe('gzip')
      expect(theirs.headers.get('content-encoding'), `${url} from the server`).toBe('gzip')
      expect(ours.headers.get('content-type'), url).toBe(theirs.headers.get('content-type'))
      expect(ours.headers.get('vary'), url).toMatch(/Accept-Encoding/i)
    }
  })

  it('content/redirects.yaml: the same 301s and Location as the server (GET and HEAD, query kept), chains followed, pages first', async () => {
    const urls = ['/blog/old-introduction', '/blog/old-introduction/', '/old-plans', '/old-plans/?from=mail', '/older-plans', '/pricing']
    for (const method of ['GET', 'HEAD']) {
      for (const url of urls) {
        const [ours, theirs] = await Promise.all([
          fetch(nginx.url + url, { method, redirect: 'manual' }),
          fetch(server.url + url, { method, redirect: 'manual' }),
        ])
        expect([ours.status, ours.headers.get('location')], `${method} ${url}`).toEqual([theirs.status, theirs.headers.get('location')])
        expectSecurityHeaders(ours, url)
      }
    }
    const answers = await Promise.all(urls.map(async (url) => [(await fromNginx(url)).status, (await fromNginx(url)).headers.get('location')]))
    expect(answers).toEqual([
      [301, '/blog/introducing-watchio'],
      [301, '/blog/introducing-watchio'],
      [301, '/blog'],
      [301, '/blog?from=mail'],
      [301, '/blog'],
      [200, null],
    ])
    const redirects = await readFile(path.join(out, '_redirects'), 'utf8')
    expect(redirects).toContain('/blog/old-introduction /blog/introducing-watchio 301\n/blog/old-introduction/ /blog/introducing-watchio 301\n')
    expect(redirects).toContain('/old-plans /blog 301\n')
    // A page is never shadowed: no rule for /pricing (the hosts would not apply one over a file either).
    expect(redirects).not.toMatch(/^\/pricing /m)
  })

  it("the paths readers try for a feed: the same 301s to the blog's feeds as the server", async () => {
    for (const url of ['/feed', '/feed/', '/rss.xml', '/atom.xml', '/feed.json?via=reader']) {
      const [ours, theirs] = await Promise.all([fromNginx(url), fromServer(url)])
      expect([ours.status, ours.headers.get('location')], url).toEqual([theirs.status, theirs.headers.get('location')])
      expect(ours.status, url).toBe(301)
    }
    expect((await fromNginx('/feed')).headers.get('location')).toBe('/blog/rss.xml')
    expect(await readFile(path.join(out, '_redirects'), 'utf8')).toContain('/feed.json /blog/feed.json 301\n')
  })

  it('_headers and _redirects carry the same headers and rewrites for Netlify and Cloudflare Pages', async () => {
    const headers = await readFile(path.join(out, '_headers'), 'utf8')
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${securityHeadersOf('production')['Content-Security-Policy']}\n`)
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')
    expect(headers).toContain('/api/blog/posts/*\n  Content-Type: application/json; charset=utf-8\n  Cache-Control: no-cache\n')
    expect(headers).toContain('/blog/rss.xml\n  Content-Type: application/rss+xml; charset=utf-8\n')
    expect(headers).toContain('/blog/tag/*/atom.xml\n  Content-Type: application/atom+xml; charset=utf-8\n')
    expect(headers).toContain('/pricing\n  Cache-Control: public, no-cache\n')
    // No rule may give Cache-Control to every path: the hosts would join it with the specific one.
    expect(headers.split(/\n(?=\/)/).find((rule) => rule.startsWith('/*\n'))).not.toContain('Cache-Control')
    const redirects = await readFile(path.join(out, '_redirects'), 'utf8')
    expect(redirects).toContain('/api/blog/posts /api/blog/posts.json 200\n')
    expect(redirects).toContain('/api/blog/posts/:slug /api/blog/posts/:slug.json 200\n')
  })

  it('a second export replaces the first whole, for content changed since, and leaves nothing beside it', async () => {
    const gone = ((await (await fromNginx('/api/blog/posts')).json()) as { slug: string }[])[0]!.slug
    await rm(path.join(site.blogDir, `${gone}.html`))
    const config = { ...loadConfig(env(), repoRoot), mode: 'production' as const }
    const result = await exportSite({ config, build: (await readBuildInfo(config.distDir))!, logger: recordingLogger(), out })
    expect(result.out).toBe(out)
    expect((await fromNginx(`/blog/${gone}`)).status).toBe(404)
    expect((await fromNginx(`/api/blog/posts/${gone}`)).status).toBe(404)
    expect(await (await fromNginx('/api/blog/posts')).text()).not.toContain(`"slug":"${gone}"`)
    expect(await (await fromNginx('/sitemap.xml')).text()).not.toContain(`/blog/${gone}<`)
    expect((await readdir(path.dirname(out))).filter((name) => name.startsWith('.export.'))).toEqual([])
  })

  it('refuses a folder inside the content repository, or one holding other files, and leaves it as it was', async () => {
    const inside = await runExportCli(path.join(site.repoDir, 'public-export'))
    expect(inside.code).toBe(1)
    expect(inside.stderr).toMatch(/Refusing to export into .*public-export: it is inside the content repository/)
    const other = path.join(path.dirname(site.repoDir), 'photos')
    await mkdir(other)
    await writeFile(path.join(other, 'keep.txt'), 'mine')
    const config = { ...loadConfig(env(), repoRoot), mode: 'production' as const }
    await expect(exportSite({ config, build: (await readBuildInfo(config.distDir))!, logger: recordingLogger(), out: other })).rejects.toThrow(
      /holds files that are not an earlier export/,
    )
    expect(await readdir(other)).toEqual(['keep.txt'])
  })
})
