/**
 * The blog's feeds: /blog/rss.xml, /blog/atom.xml and /blog/feed.json, read as a feed reader would
 * and checked item by item against the public API, over a temp site with more published posts
 * than a feed holds.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'
import { readFeed } from '../support/read-feed.ts'
import { signedInServer } from '../support/signed-in-server.ts'

const SITE = 'https://watchio.example'
const FEEDS = [
  { path: '/blog/rss.xml', type: 'application/rss+xml; charset=utf-8', format: 'rss' },
  { path: '/blog/atom.xml', type: 'application/atom+xml; charset=utf-8', format: 'atom' },
  { path: '/blog/feed.json', type: 'application/feed+json; charset=utf-8', format: 'json' },
] as const

interface PublicPost {
  id: string
  slug: string
  title: string
  summary: string
  publishDate: string
  content: string
}

/** A post with a site image, site links and what the sanitizer removes, saved by an admin. */
const RICH_SLUG = 'feed-post-with-media'
const RICH_IMAGE = '/media/2025/living-room-0123456789-1600x900.jpg'
const RICH_CONTENT = [
  `<p><img src="${RICH_IMAGE}" alt="A living room"></p>`,
  '<p>See the <a href="/pricing">plans</a>, the <a href="#notes">notes</a> or <a href="https://example.org/elsewhere">elsewhere</a>.</p>',
  '<script>alert("feed")</script>',
  '<p onclick="alert(1)">Clickable?</p>',
].join('')

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({
    prepare: async (prepared) => {
      // The fixtures' 12 published posts and 10 more (dates 2025-10-21 to 10-30, around the
      // fixtures' newer drafts): 22 published, so the two oldest fall out of a 20-post feed.
      // Nine are files a maintainer committed...
      for (let day = 21; day <= 30; day++) {
        if (day === 27) continue
        await writeFile(
          path.join(prepared.blogDir, `feed-post-${day}.html`),
          [
            '---',
            `id: feed${day}`,
            `title: Feed post ${day} & friends`,
            `slug: feed-post-${day}`,
            `summary: What post ${day} is about <briefly>.`,
            `publishDate: '2025-10-${day}'`,
            'isPublished: true',
            "featuredImageUrl: ''",
            '---',
            `<p>Body of post ${day}.</p>`,
            '',
          ].join('\n'),
        )
      }
      git(prepared.repoDir, 'add', '-A')
      git(prepared.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'feed fixtures')
    },
  }))
  await server.site.pages.idle()
  // ...and one an admin saves, with what the sanitizer removes (a post file with it is refused).
  const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ title: 'A post with media', slug: RICH_SLUG, publishDate: '2025-10-27', content: RICH_CONTENT }))
  expect(created.status).toBe(201)
})

afterAll(() => close?.())

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { headers })

async function feed(pathname: string) {
  const response = await get(pathname)
  expect(response.status).toBe(200)
  return readFeed(await response.text())
}

async function publicList(): Promise<PublicPost[]> {
  const list = (await (await get('/api/blog/posts')).json()) as Omit<PublicPost, 'content'>[]
  return Promise.all(list.map(async (entry) => (await (await get(`/api/blog/posts/${entry.slug}`)).json()) as PublicPost))
}

/** Every `src` and `href` value in some HTML. */
const urlsIn = (html: string) => [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map(([, url]) => url!)

describe.each(FEEDS)('$path', ({ path: feedPath, type, format }) => {
  it(`answers ${type}, revalidated with an ETag (304 on If-None-Match)`, async () => {
    const response = await get(feedPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(type)
    expect(response.headers.get('cache-control')).toMatch(/no-cache/)
    const etag = response.headers.get('etag')
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await get(feedPath, { 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await get(feedPath, { 'If-None-Match': '"something-else"' })).status).toBe(200)
  })

  it('is compressed when the reader accepts it', async () => {
    const response = await get(feedPath, { 'Accept-Encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(readFeed(await response.text()).items).toHaveLength(20)
  })

  it('is a feed of the blog: title, link, self link, updated', async () => {
    const parsed = await feed(feedPath)
    expect(parsed.type).toBe(format)
    expect(parsed.title).toBe('Watchio blog')
    expect(parsed.url).toBe(`${SITE}/blog`)
    expect(parsed.self).toBe(SITE + feedPath)
    const newest = (await publicList())[0]!
    expect(parsed.updated?.toISOString()).toBe(`${newest.publishDate}T00:00:00.000Z`)
  })

  it('holds the 20 newest published posts in the public order, each with title, link, id, summary, content and date', async () => {
    const published = await publicList()
    expect(published).toHaveLength(22)
    const expected = published.slice(0, 20)
    const items = (await feed(feedPath)).items
    expect(items.map((item) => item.url)).toEqual(expected.map((post) => `${SITE}/blog/${post.slug}`))
    items.forEach((item, at) => {
      const post = expected[at]!
      expect(item.title).toBe(post.title)
      expect(item.id).toBe(`tag:watchio.example,2025:blog/${post.id}`)
      expect(item.description).toBe(post.summary)
      expect(item.published?.toISOString()).toBe(`${post.publishDate}T00:00:00.000Z`)
      // The page's sanitized content; only relative URLs differ, made absolute (a heading's link among them).
      if (post.slug !== RICH_SLUG) expect((item?.content ?? '')).toBe(post.content.replaceAll('href="#', `href="${SITE}/blog/${post.slug}#`))
      for (const url of urlsIn((item?.content ?? ''))) expect(url).toMatch(/^(https?|mailto|tel|data):/)
    })
    // Summaries and titles with `&` and `<` come back as the text they are.
    expect(items.find((item) => item.url === `${SITE}/blog/feed-post-30`)?.title).toBe('Feed post 30 & friends')
    expect(items.find((item) => item.url === `${SITE}/blog/feed-post-30`)?.description).toBe('What post 30 is about <briefly>.')
  })

  it('leaves out drafts and the posts past the 20th', async () => {
    const urls = (await feed(feedPath)).items.map((item) => item.url)
    for (const slug of ['tips-for-smooth-playback', 'whats-next-for-watchio', 'introducing-watchio', 'watchio-faq']) {
      expect(urls).not.toContain(`${SITE}/blog/${slug}`)
    }
  })

  it('carries the sanitized content with absolute image and link URLs', async () => {
    const item = (await feed(feedPath)).items.find((entry) => entry.url === `${SITE}/blog/${RICH_SLUG}`)
    const content = (item?.content ?? '')
    expect(urlsIn(content)).toEqual([
      SITE + RICH_IMAGE,
      `${SITE}/pricing`,
      `${SITE}/blog/${RICH_SLUG}#notes`,
      'https://example.org/elsewhere',
    ])
    expect(content).toContain('alt="A living room"')
    expect(content).toContain('Clickable?')
    expect(content).not.toMatch(/script|onclick|alert/i)
  })
})

describe('the feeds as site documents', () => {
  it('are written as files beside the pages, like the sitemap', () => {
    expect(existsSync(path.join(site.pagesDir, 'blog', 'rss.xml'))).toBe(true)
    expect(existsSync(path.join(site.pagesDir, 'blog', 'atom.xml'))).toBe(true)
    expect(existsSync(path.join(site.pagesDir, 'blog', 'feed.json'))).toBe(true)
  })

  it('are linked from the head of /blog and of a post page', async () => {
    for (const page of ['/blog', '/blog/feed-post-30']) {
      const html = await (await get(page)).text()
      const head = html.slice(0, html.indexOf('</head>'))
      const alternates = [...head.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)">/g)].map(
        ([, linkType, title, href]) => ({ type: linkType, title, href }),
      )
      expect(alternates, page).toEqual([
        { type: 'application/rss+xml', title: 'Watchio blog (RSS)', href: `${SITE}/blog/rss.xml` },
        { type: 'application/atom+xml', title: 'Watchio blog (Atom)', href: `${SITE}/blog/atom.xml` },
        { type: 'application/feed+json', title: 'Watchio blog (JSON Feed)', href: `${SITE}/blog/feed.json` },
      ])
    }
  })

  it('stay out of the sitemap and robots.txt', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    const robots = await (await get('/robots.txt')).text()
    expect(sitemap).not.toMatch(/rss|atom|feed\.json/)
    expect(robots).not.toMatch(/rss|atom|feed\.json/)
  })

  it('answer 404 beside the feed paths, never 500', async () => {
    for (const pathname of ['/blog/feed.xml', '/blog/rss', '/blog/rss.xml.bak', '/blog/atom.XML', '/blog/feed.JSON', '/blog/feed.json.gz', '/feeds', '/rss.xml.bak']) expect((await get(pathname)).status, pathname).toBe(404)
  })
})

describe('the paths readers try for a feed', () => {
  const aliases = [
    ['/feed', '/blog/rss.xml'],
    ['/feed/', '/blog/rss.xml'],
    ['/feed/rss2', '/blog/rss.xml'],
    ['/rss.xml', '/blog/rss.xml'],
    ['/index.xml', '/blog/rss.xml'],
    ['/atom.xml', '/blog/atom.xml'],
    ['/feed/atom/', '/blog/atom.xml'],
    ['/feed.xml', '/blog/atom.xml'],
    ['/feed.json', '/blog/feed.json'],
  ] as const

  it("redirect (301) to the blog's feed of their format, keeping the query", async () => {
    for (const [from, to] of aliases) {
      const response = await fetch(`${server.url}${from}?utm_source=reader`, { redirect: 'manual' })
      expect(response.status, from).toBe(301)
      expect(response.headers.get('location'), from).toBe(`${to}?utm_source=reader`)
    }
    const followed = await fetch(`${server.url}/feed`)
    expect(followed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
  })

  it("give way to a redirect of the site's own from the same path", async () => {
    expect((await api.json('POST', '/api/admin/redirects', { from: '/feed', to: '/pricing' })).status).toBe(201)
    expect((await fetch(`${server.url}/feed`, { redirect: 'manual' })).headers.get('location')).toBe('/pricing')
    expect((await api.request('DELETE', `/api/admin/redirects?from=${encodeURIComponent('/feed')}`)).status).toBe(204)
    expect((await fetch(`${server.url}/feed`, { redirect: 'manual' })).headers.get('location')).toBe('/blog/rss.xml')
  })
})

describe('after content changes', () => {
  const items = async (feedPath: string) => (await feed(feedPath)).items

  it('follow an admin save: a title edit keeps the post\'s id, and changes the ETag', async () => {
    const before = await Promise.all(FEEDS.map(async ({ path: feedPath }) => (await get(feedPath)).headers.get('etag')))
    const post = await api.postBySlug<Record<string, unknown> & { id: string }>('feed-post-29')
    const { status } = await api.json('PUT', `/api/admin/blog/posts/${post!.id}`, { ...post, title: 'Feed post 29, renamed' })
    expect(status).toBe(200)
    for (const [at, { path: feedPath }] of FEEDS.entries()) {
      const response = await get(feedPath, { 'If-None-Match': before[at]! })
      expect(response.status).toBe(200)
      const item = readFeed(await response.text()).items.find((entry) => entry.url === `${SITE}/blog/feed-post-29`)
      expect(item?.title).toBe('Feed post 29, renamed')
      expect(item?.id).toBe('tag:watchio.example,2025:blog/feed29')
    }
  })

  it('follow an edit of a listed post\'s content alone', async () => {
    const post = await api.postBySlug<Record<string, unknown> & { id: string }>('feed-post-28')
    const { status } = await api.json('PUT', `/api/admin/blog/posts/${post!.id}`, { ...post, content: '<p>New words, with <a href="/legal">a link</a>.</p>' })
    expect(status).toBe(200)
    for (const { path: feedPath } of FEEDS) {
      const item = (await items(feedPath)).find((entry) => entry.url === `${SITE}/blog/feed-post-28`)
      expect((item?.content ?? '')).toBe(`<p>New words, with <a href="${SITE}/legal">a link</a>.</p>`)
    }
  })

  it('keep a post\'s id through a rename', async () => {
    const post = await api.postBySlug<Record<string, unknown> & { id: string }>('feed-post-28')
    expect((await api.json('PUT', `/api/admin/blog/posts/${post!.id}`, { ...post, slug: 'feed-post-28-moved' })).status).toBe(200)
    for (const { path: feedPath } of FEEDS) {
      const item = (await items(feedPath)).find((entry) => entry.id === 'tag:watchio.example,2025:blog/feed28')
      expect(item?.url).toBe(`${SITE}/blog/feed-post-28-moved`)
    }
  })

  it('show a new published post first, and still hold 20', async () => {
    const { status } = await api.json('POST', '/api/admin/blog/posts', newPostBody({ title: 'Fresh off the press', slug: 'fresh-off-the-press', publishDate: '2025-12-01' }))
    expect(status).toBe(201)
    const list = await publicList()
    for (const { path: feedPath } of FEEDS) {
      const all = await items(feedPath)
      expect(all).toHaveLength(20)
      expect(all[0]?.title).toBe('Fresh off the press')
      expect(all.map((item) => item.url)).toEqual(list.slice(0, 20).map((post) => `${SITE}/blog/${post.slug}`))
      expect(all.map((item) => item.url)).not.toContain(`${SITE}/blog/add-an-m3u-playlist`)
    }
  })

  it('drop an unpublished post', async () => {
    const post = await api.postBySlug<Record<string, unknown> & { id: string }>('fresh-off-the-press')
    expect((await api.json('PUT', `/api/admin/blog/posts/${post!.id}`, { ...post, isPublished: false })).status).toBe(200)
    for (const { path: feedPath } of FEEDS) {
      expect((await items(feedPath)).map((item) => item.title)).not.toContain('Fresh off the press')
    }
  })

  it('stay as they are when a post outside them changes', async () => {
    const before = await Promise.all(FEEDS.map(async ({ path: feedPath }) => (await get(feedPath)).headers.get('etag')))
    const post = await api.postBySlug<Record<string, unknown> & { id: string }>('introducing-watchio')
    expect((await api.json('PUT', `/api/admin/blog/posts/${post!.id}`, { ...post, title: 'Introducing Watchio, again' })).status).toBe(200)
    for (const [at, { path: feedPath }] of FEEDS.entries()) {
      expect((await get(feedPath, { 'If-None-Match': before[at]! })).status).toBe(304)
    }
  })

  it('follow a post published on disk (a pull, an edit by hand)', async () => {
    const file = path.join(site.blogDir, 'whats-next-for-watchio.html')
    await writeFile(file, (await readFile(file, 'utf8')).replace('isPublished: false', 'isPublished: true'))
    for (const { path: feedPath } of FEEDS) {
      await waitFor(async () => (await items(feedPath))[0]?.url === `${SITE}/blog/whats-next-for-watchio`)
    }
  })
})
