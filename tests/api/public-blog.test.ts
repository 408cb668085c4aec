import { readFile, rm, writeFile } from 'node:fs/promises'
import { Agent, type IncomingMessage, request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { waitFor as pollUntil } from '../support/wait-for.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
const logger = recordingLogger()

beforeAll(async () => {
  ;({ site, server, close } = await signedInServer({ logger, signIn: false }))
  // The pages are rendered in the background after start; some tests here are about their files.
  await server.site.pages.idle()
})

afterAll(() => close?.())

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { headers })

describe('GET /api/blog/posts', () => {
  it('lists published posts only, newest first, with the public fields', async () => {
    const response = await get('/api/blog/posts')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const posts = (await response.json()) as Record<string, unknown>[]
    expect(posts).toHaveLength(12)
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(['featuredImageUrl', 'id', 'publishDate', 'slug', 'summary', 'title'])
    }
    const dates = posts.map((post) => post.publishDate as string)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(posts.map((post) => post.slug)).not.toContain('tips-for-smooth-playback')
  })

  it('answers 304 to a matching If-None-Match and revalidates on every use', async () => {
    const first = await get('/api/blog/posts')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const second = await get('/api/blog/posts', { 'If-None-Match': etag! })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  it('compresses with brotli or gzip when asked', async () => {
    const br = await get('/api/blog/posts', { 'Accept-Encoding': 'br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const gzip = await get('/api/blog/posts', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(await br.json()).toEqual(await gzip.json())
  })
})

describe('GET /api/blog/posts/{slug}', () => {
  it('returns one published post with its content', async () => {
    const response = await get('/api/blog/posts/add-an-m3u-playlist')
    expect(response.status).toBe(200)
    const post = (await response.json()) as Record<string, string>
    expect(Object.keys(post).sort()).toEqual(['content', 'featuredImageUrl', 'id', 'publishDate', 'slug', 'summary', 'title'])
    expect(post.slug).toBe('add-an-m3u-playlist')
    expect(post.content).toContain('<')
    const etag = response.headers.get('etag')!
    expect((await get('/api/blog/posts/add-an-m3u-playlist', { 'If-None-Match': etag })).status).toBe(304)
  })

  it('answers 404 for a draft and for an unknown slug', async () => {
    expect((await get('/api/blog/posts/tips-for-smooth-playback')).status).toBe(404)
    expect((await get('/api/blog/posts/no-such-post')).status).toBe(404)
  })

  it.each([
    ['path traversal', '..%2f..%2fetc%2fpasswd'],
    ['dot segments', '%2e%2e%2f%2e%2e%2fpackage.json'],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['unicode', encodeURIComponent('café-ünïcødé-😀')],
    ['NUL byte', 'add-an-m3u-playlist%00'],
    ['malformed escape', '%E0%A4%A'],
    ['upper case', 'Add-An-M3u-Playlist'],
  ])('answers 404, never 500, for a hostile slug (%s)', async (_name, slug) => {
    const api = await get(`/api/blog/posts/${slug}`)
    expect(api.status).toBe(404)
    const page = await get(`/blog/${slug}`)
    expect(page.status).toBe(404)
  })
})

describe('keep-alive connections', () => {
  it('stay open 65 s when idle, longer than the proxies and clients in front keep theirs (their next request never meets a closing socket)', async () => {
    const agent = new Agent({ keepAlive: true })
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request(`${server.url}/api/blog/posts`, { agent }, resolve).on('error', reject).end()
    })
    response.resume()
    agent.destroy()
    expect(response.headers['keep-alive']).toBe('timeout=65')
  })
})

describe('security headers', () => {
  it.each(['/api/blog/posts', '/blog', '/blog/no-such-post', '/no/such/page', '/api/nothing', '/assets/nothing.js'])(
    'are on %s',
    async (pathname) => {
      const response = await get(pathname)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      // The page with the search box alone may also run Pagefind's WebAssembly.
      const wasm = pathname === '/blog' ? " 'wasm-unsafe-eval'" : ''
      expect(csp).toContain(`script-src 'self' 'sha256-`)
      expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+'${wasm}(;|$)`))
      expect(csp).not.toContain('unsafe-inline')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBeTruthy()
      // Plain HTTP here: HSTS only over HTTPS.
      expect(response.headers.get('strict-transport-security')).toBeNull()
    },
  )

  it('the only inline script of a page is the one the policy hashes', async () => {
    const response = await get('/blog')
    const html = await response.text()
    const csp = response.headers.get('content-security-policy')!
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/json"/.test(attributes!),
    )
    expect(inline).toHaveLength(1)
    const { createHash } = await import('node:crypto')
    const hash = createHash('sha256').update(inline[0]![2]!).digest('base64')
    expect(csp).toContain(`'sha256-${hash}'`)
  })
})

describe('pages', () => {
  it('serves prerendered pages with their data, revalidation headers and compression', async () => {
    const response = await get('/blog', { 'Accept-Encoding': 'br' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, no-cache')
    expect(response.headers.get('content-encoding')).toBe('br')
    const html = await response.text()
    expect(html).toContain('<h1>Blog</h1>')
    expect(html).toContain('News, updates, and insights from the team')
    expect(html).toContain('Page <!-- -->1<!-- --> of <!-- -->2')
    expect(html).toContain('<link rel="canonical" href="https://watchio.example/blog">')
    expect(html).toContain('<meta name="keywords"')
  })

  it('sends a page URL with a trailing slash to the one without', async () => {
    const response = await fetch(`${server.url}/blog/?page=2`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/blog?page=2')
  })

  it('serves hashed assets as immutable', async () => {
    const html = await (await get('/blog')).text()
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
    const response = await get(asset)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('a post page carries its metadata', async () => {
    const post = (await (await get('/api/blog/posts/add-an-m3u-playlist')).json()) as Record<string, string>
    const html = await (await get('/blog/add-an-m3u-playlist')).text()
    expect(html).toContain(`<meta name="description" content="${post.summary!.replace(/"/g, '&quot;')}">`)
    expect(html).toContain(`<meta property="article:published_time" content="${post.publishDate}">`)
    expect(html).toContain('<meta property="og:type" content="article">')
    // The featured image is an SVG, which social networks do not show: the site's card stands in.
    expect(html).toContain('<meta property="og:image" content="https://watchio.example/images/social-card.jpg">')
    expect(html).toContain('<link rel="canonical" href="https://watchio.example/blog/add-an-m3u-playlist">')
  })

  it('a draft or unknown post shows Post Not Found with HTTP 404', async () => {
    for (const slug of ['tips-for-smooth-playback', 'no-such-post']) {
      const response = await get(`/blog/${slug}`)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain('Post Not Found')
      expect(html).toContain('The blog post you&#x27;re looking for doesn&#x27;t exist or has been removed.')
    }
  })

  it('an unknown path answers 404 with the not-found page inside the site chrome', async () => {
    const response = await get('/definitely/not/here')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page Not Found')
    expect(html).toContain('Back to Home')
    expect(html).toContain('class="nav"')
    expect(html).toContain('class="footer"')
    expect(html).toContain('<meta name="robots" content="noindex">')
  })
})

describe('content changes on disk', () => {
  // Read again once the watcher's burst has settled (watchFolder's settleMs, on fake timers in
  // tests/integration/watch-folder.test.ts); the wait's timeout is only a safety net.
  const waitFor = <T>(check: () => Promise<T | undefined>) => pollUntil(check)

  it('an edited post shows in the API and on its page', async () => {
    const file = path.join(site.blogDir, 'add-an-m3u-playlist.html')
    const original = await readFile(file, 'utf8')
    await writeFile(file, original.replace(/^title: .*$/m, 'title: Edited on disk while running'))
    await waitFor(async () => {
      const post = (await (await get('/api/blog/posts/add-an-m3u-playlist')).json()) as { title: string }
      return post.title === 'Edited on disk while running' ? true : undefined
    })
    await waitFor(async () => ((await (await get('/blog/add-an-m3u-playlist')).text()).includes('Edited on disk while running') ? true : undefined))
    await waitFor(async () => ((await (await get('/blog')).text()).includes('Edited on disk while running') ? true : undefined))
  })

  it('an added post appears and a removed one disappears', async () => {
    const source = await readFile(path.join(site.blogDir, 'watchio-faq.html'), 'utf8')
    const added = source
      .replace(/^id: .*$/m, 'id: addedondisk1')
      .replace(/^slug: .*$/m, 'slug: added-on-disk')
      .replace(/^publishDate: .*$/m, "publishDate: '2025-12-01'")
    await writeFile(path.join(site.blogDir, 'added-on-disk.html'), added)
    await waitFor(async () => ((await get('/blog/added-on-disk')).status === 200 ? true : undefined))
    const list = (await (await get('/api/blog/posts')).json()) as { slug: string }[]
    expect(list[0]!.slug).toBe('added-on-disk')

    await rm(path.join(site.blogDir, 'added-on-disk.html'))
    await waitFor(async () => ((await get('/blog/added-on-disk')).status === 404 ? true : undefined))
    expect((await get('/api/blog/posts/added-on-disk')).status).toBe(404)
  })

  it('a file that fails to parse is skipped and logged; the rest stays up', async () => {
    await writeFile(path.join(site.blogDir, 'broken-post.html'), '---\ntitle: [unclosed\n---\n<p>x</p>\n')
    await waitFor(async () => (logger.lines.some((line) => line.includes('broken-post.html')) ? true : undefined))
    expect(logger.lines.find((line) => line.includes('broken-post.html'))).toMatch(/^warn: Skipped broken-post\.html: front matter/)
    expect((await get('/api/blog/posts')).status).toBe(200)
    expect((await get('/blog/broken-post')).status).toBe(404)
  })
})
