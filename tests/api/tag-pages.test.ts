/**
 * The tags' pages and feeds over a real server: /blog/tag/<slug> and its later pages listed like
 * /blog, 404 for an unknown tag or a page past the end, each tag's RSS, Atom and JSON feeds, the
 * sitemap, and the pages kept true to saves (a tag gained, a tag's last post untagged).
 */
import { existsSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { type ApiClient, newPostBody } from '../support/admin-client.ts'
import { postText } from '../support/fixtures.ts'
import { git } from '../support/git.ts'
import { readFeed } from '../support/read-feed.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import type { TempSite } from '../support/temp-site.ts'

const SITE = 'https://watchio.example'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

/** A post file with tags, as a maintainer writes it. */
function postFile(slug: string, day: number, tags: string, isPublished = true): string {
  const publishDate = `2025-09-${String(day).padStart(2, '0')}`
  return postText({ id: slug.replaceAll('-', ''), slug, title: `Tagged post ${day}`, summary: `Post ${day} with tags.`, body: `Body of tagged post ${day}.`, publishDate, isPublished, tags })
}

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({
    prepare: async (prepared) => {
      // Twelve published posts tagged Apple TV (two pages), a draft with it, one post tagged Setup too.
      for (let day = 1; day <= 12; day++) {
        await writeFile(path.join(prepared.blogDir, `tagged-${day}.html`), postFile(`tagged-${day}`, day, day === 5 ? 'Apple TV, Setup' : 'Apple TV'))
      }
      await writeFile(path.join(prepared.blogDir, 'tagged-draft.html'), postFile('tagged-draft', 20, 'Apple TV, Drafty', false))
      git(prepared.repoDir, 'add', '-A')
      git(prepared.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'tagged posts')
    },
  }))
  await server.site.pages.idle()
})

afterAll(() => close?.())

const get = (pathname: string) => fetch(server.url + pathname)
const cardSlugs = (html: string) => [...html.matchAll(/class="post-card__link" href="\/blog\/([a-z0-9-]+)"/g)].map(([, slug]) => slug)

describe('a tag page', () => {
  it('lists the tag\'s ten newest posts under its name, with "Page 1 of 2" and a link to the next page', async () => {
    const response = await get('/blog/tag/apple-tv')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<h1>Apple TV<\/h1>/)
    expect(cardSlugs(html)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((day) => `tagged-${day}`))
    expect(html).toContain('Page <!-- -->1<!-- --> of <!-- -->2')
    expect(html).toMatch(/<a class="button" href="\/blog\/tag\/apple-tv\/page\/2" rel="next">/)
    expect(html).not.toContain('rel="prev"')
    expect(html).toContain('<title>Posts tagged Apple TV | Watchio</title>')
    expect(html).not.toContain('tagged-draft')
  })

  it('has its later pages at /page/<n>, with a link back and none onward at the end', async () => {
    const html = await (await get('/blog/tag/apple-tv/page/2')).text()
    expect(cardSlugs(html)).toEqual(['tagged-2', 'tagged-1'])
    expect(html).toContain('Page <!-- -->2<!-- --> of <!-- -->2')
    expect(html).toMatch(/<a class="button" href="\/blog\/tag\/apple-tv" rel="prev">/)
    expect(html).not.toContain('rel="next"')
  })

  it('answers the site\'s not-found page with 404 for an unknown tag, a draft\'s tag, a page past the end and /page/1', async () => {
    for (const pathname of ['/blog/tag/no-such-tag', '/blog/tag/drafty', '/blog/tag/apple-tv/page/3', '/blog/tag/apple-tv/page/1', '/blog/tag/Apple-TV']) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(404)
      expect(await response.text(), pathname).toContain('not-found__code')
    }
  })

  it('points at the tag\'s feeds and the blog\'s from its head', async () => {
    const html = await (await get('/blog/tag/setup')).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const alternates = [...head.matchAll(/<link rel="alternate" type="[^"]+" title="([^"]+)" href="([^"]+)">/g)].map(([, title, href]) => [title, href])
    expect(alternates).toEqual([
      ['Watchio blog: Setup (RSS)', `${SITE}/blog/tag/setup/rss.xml`],
      ['Watchio blog: Setup (Atom)', `${SITE}/blog/tag/setup/atom.xml`],
      ['Watchio blog: Setup (JSON Feed)', `${SITE}/blog/tag/setup/feed.json`],
      ['Watchio blog (RSS)', `${SITE}/blog/rss.xml`],
      ['Watchio blog (Atom)', `${SITE}/blog/atom.xml`],
      ['Watchio blog (JSON Feed)', `${SITE}/blog/feed.json`],
    ])
  })

  it('answers vike\'s client routing its data, as for any page', async () => {
    const response = await get('/blog/tag/apple-tv/page/2/index.pageContext.json')
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/"name":"Apple TV"[\s\S]*"page":2/)
  })

  it('is written as a file with the others, its feeds beside it', () => {
    for (const file of ['blog/tag/apple-tv/index.html', 'blog/tag/apple-tv/page/2/index.html', 'blog/tag/setup/rss.xml', 'blog/tag/setup/atom.xml', 'blog/tag/setup/feed.json']) {
      expect(existsSync(path.join(site.pagesDir, file)), file).toBe(true)
    }
  })
})

describe.each([
  { file: 'rss.xml', type: 'application/rss+xml; charset=utf-8', format: 'rss' },
  { file: 'atom.xml', type: 'application/atom+xml; charset=utf-8', format: 'atom' },
  { file: 'feed.json', type: 'application/feed+json; charset=utf-8', format: 'json' },
])('a tag\'s $file', ({ file, type, format }) => {
  it('is a feed of the tag\'s published posts, newest first, following its page', async () => {
    const response = await get(`/blog/tag/apple-tv/${file}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(type)
    const feed = readFeed(await response.text())
    expect(feed.type).toBe(format)
    expect(feed.title).toBe('Watchio blog: Apple TV (' + { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' }[format] + ')')
    expect(feed.url).toBe(`${SITE}/blog/tag/apple-tv`)
    expect(feed.self).toBe(`${SITE}/blog/tag/apple-tv/${file}`)
    expect(feed.items.map((item) => item.url)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((day) => `${SITE}/blog/tagged-${day}`))
  })

  it('answers 404 for a tag no published post has', async () => {
    expect((await get(`/blog/tag/drafty/${file}`)).status).toBe(404)
  })
})

describe('tags on the cards and the post page', () => {
  it('shows a card\'s tags as text inside its one link, and a post\'s as links to the tag pages', async () => {
    const list = await (await get('/blog/tag/setup')).text()
    const card = /<li class="post-card">[\s\S]*?<\/li>/.exec(list)![0]
    expect(card.match(/<a /g)).toHaveLength(1)
    expect(card).toContain('<span class="visually-hidden">Tags: </span><span class="post-tags__tag">Apple TV</span><span class="post-tags__tag">Setup</span>')
    const post = await (await get('/blog/tagged-5')).text()
    expect(post).toContain('<ul class="post-tags" aria-label="Tags"><li><a class="post-tags__tag" href="/blog/tag/apple-tv">Apple TV</a></li><li><a class="post-tags__tag" href="/blog/tag/setup">Setup</a></li></ul>')
  })

  it('shows nothing of tags on a post without any', async () => {
    expect(await (await get('/blog/introducing-watchio')).text()).not.toContain('post-tags')
  })
})

describe('the sitemap', () => {
  it('lists every tag page, dated by its newest post, and no tag feed', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<url><loc>${SITE}/blog/tag/apple-tv</loc><lastmod>2025-09-12</lastmod></url>`)
    expect(sitemap).toContain(`<url><loc>${SITE}/blog/tag/apple-tv/page/2</loc><lastmod>2025-09-02</lastmod></url>`)
    expect(sitemap).toContain(`<url><loc>${SITE}/blog/tag/setup</loc><lastmod>2025-09-05</lastmod></url>`)
    expect(sitemap).not.toContain('/blog/tag/drafty')
    expect(sitemap).not.toMatch(/tag\/[a-z-]+\/(rss|atom|feed)/)
  })
})

describe('after saves', () => {
  it('leaves a tag page\'s file alone when a save changes nothing it shows, and writes its feed again', async () => {
    const file = path.join(site.pagesDir, 'blog/tag/apple-tv/index.html')
    const feedFile = path.join(site.pagesDir, 'blog/tag/apple-tv/rss.xml')
    const [before, feedBefore] = [statSync(file).mtimeMs, statSync(feedFile).mtimeMs]
    const post = (await api.postBySlug('tagged-12'))!
    const saved = await api.json('PUT', `/api/admin/blog/posts/${post.id as string}`, { ...post, content: '<p>Edited body.</p>' })
    expect(saved.status).toBe(200)
    await server.site.pages.idle()
    expect(statSync(file).mtimeMs).toBe(before)
    expect(statSync(feedFile).mtimeMs).not.toBe(feedBefore)
    expect(await (await get('/blog/tag/apple-tv/rss.xml')).text()).toContain('Edited body.')
  })

  it('makes a new tag\'s page and feeds when a post gains it, and removes them when its last post loses it', async () => {
    const created = await api.json<{ id: string }>('POST', '/api/admin/blog/posts', newPostBody({ title: 'Freshly tagged', slug: 'freshly-tagged', tags: ['Brand New'] }))
    expect(created.status).toBe(201)
    await server.site.pages.idle()
    expect(cardSlugs(await (await get('/blog/tag/brand-new')).text())).toEqual(['freshly-tagged'])
    expect(existsSync(path.join(site.pagesDir, 'blog/tag/brand-new/index.html'))).toBe(true)
    expect(readFeed(await (await get('/blog/tag/brand-new/rss.xml')).text()).items).toHaveLength(1)

    const post = (await api.postBySlug('freshly-tagged'))!
    const untagged = await api.json('PUT', `/api/admin/blog/posts/${post.id as string}`, { ...post, tags: [] })
    expect(untagged.status).toBe(200)
    await server.site.pages.idle()
    expect((await get('/blog/tag/brand-new')).status).toBe(404)
    expect((await get('/blog/tag/brand-new/rss.xml')).status).toBe(404)
    expect(existsSync(path.join(site.pagesDir, 'blog/tag/brand-new'))).toBe(false)
    expect(await (await get('/sitemap.xml')).text()).not.toContain('brand-new')
  })

  it('drops a tag\'s last page when a post leaves it', async () => {
    const post = (await api.postBySlug('tagged-1'))!
    expect((await api.json('PUT', `/api/admin/blog/posts/${post.id as string}`, { ...post, tags: ['Other'] })).status).toBe(200)
    const second = (await api.postBySlug('tagged-2'))!
    expect((await api.json('DELETE', `/api/admin/blog/posts/${second.id as string}`)).status).toBeLessThan(300)
    await server.site.pages.idle()
    expect((await get('/blog/tag/apple-tv/page/2')).status).toBe(404)
    expect(existsSync(path.join(site.pagesDir, 'blog/tag/apple-tv/page'))).toBe(false)
    expect(await (await get('/blog/tag/apple-tv')).text()).not.toContain('rel="next"')
  })
})
