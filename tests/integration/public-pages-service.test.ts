/**
 * Which pages a site writes and removes, on the PublicPages service itself, built as openSite
 * builds it (page-services.ts) over the posts AdminPosts saves (admin-services.ts), with a
 * renderer standing in for vike: after a save, a delete, a rename, a post's day beginning, and at
 * a start with pages left stale while the site was down. What the pages hold as vike renders them,
 * and how they are served, is the API tests' (tests/api/blog-list-pages, site-pages, background-pages).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type AdminServices, createAdminServices, TODAY } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'
import { openPublicPages, readContent, type SitePages } from './page-services.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** 22 published posts, one a day from 2025-10-01 (`post-01` the oldest), and a draft. */
const POSTS = Object.fromEntries([
  ...Array.from({ length: 22 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0')
    return [`post-${n}.html`, postText({ slug: `post-${n}`, title: `Post ${n}`, body: `Body ${n}.`, publishDate: `2025-10-${n}` })]
  }),
  ['a-draft.html', postText({ slug: 'a-draft', title: 'A draft', body: 'Not yet.', isPublished: false })],
])
const FEEDS = ['blog/atom.xml', 'blog/feed.json', 'blog/rss.xml']
const page = (slug: string) => `blog/${slug}/index.html`
/**
 * With no tags, a post page shows its previous and next posts and, as related posts, the posts two
 * to four places from it (core/related-posts.ts): the newest post is on the pages of the two
 * after it, the oldest on those of the three before it.
 */
const SHOWING_NEWEST = [page('post-21'), page('post-20')]
const SHOWING_OLDEST = [page('post-02'), page('post-03'), page('post-04')]

interface World extends AdminServices {
  site: SitePages
  siteDir: string
}

/** A site over POSTS whose pages were all written at its first start. */
async function setUp(): Promise<World> {
  const w = await createAdminServices(cleanups, { posts: POSTS })
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'watchio-site-pages-'))
  cleanups.push(() => rmSync(siteDir, { recursive: true, force: true }))
  const site = openPublicPages({ content: w.content, siteDir, cleanups })
  await site.pages.catchUp()
  site.pages.renderStale()
  await site.pages.idle()
  return { ...w, site, siteDir }
}

/** Saves (as an admin) and answers the page files that changed once the pages have caught up. */
async function changedBy(w: World, save: () => Promise<unknown>): Promise<string[]> {
  w.site.takeChanged()
  await save()
  await w.site.pages.idle()
  return w.site.takeChanged()
}
const update = (w: World, slug: string, fields: Record<string, unknown>) => {
  const current = w.posts.get(w.content.index.bySlugAny(slug)!.id)
  return w.posts.update(current.id, { ...current, ...fields }, ADA)
}

describe('PublicPages', () => {
  it('writes every page at a first start: the public pages, each published post, the sitemap, robots.txt and the feeds; no draft', async () => {
    const w = await setUp()
    const posts = Object.keys(POSTS).filter((name) => name !== 'a-draft.html').map((name) => page(name.replace('.html', '')))
    expect(w.site.takeChanged()).toEqual(
      ['index.html', 'blog/index.html', 'pricing/index.html', 'iptv/index.html', ...posts, 'sitemap.xml', 'robots.txt', ...FEEDS].sort(),
    )
    expect(w.site.pages.fileFor('/blog/a-draft')).toBeNull()
    expect(w.site.pages.fileFor('/blog/post-01')).toBe(path.join(w.site.dir, page('post-01')))
  })

  it('after a title edit, rewrites the post\'s page, and /blog and the feeds only when they show it', async () => {
    const w = await setUp()
    // The newest: on /blog's first page and in the feeds; the sitemap lists no titles.
    expect(await changedBy(w, () => update(w, 'post-22', { title: 'Newest, retitled' }))).toEqual(['blog/index.html', ...FEEDS, page('post-22'), ...SHOWING_NEWEST].sort())
    // The oldest: on no page of /blog's HTML, past the feeds' 20.
    expect(await changedBy(w, () => update(w, 'post-01', { title: 'Oldest, retitled' }))).toEqual([page('post-01'), ...SHOWING_OLDEST].sort())
    // A save that changes nothing writes nothing.
    expect(await changedBy(w, () => update(w, 'post-01', {}))).toEqual([])
  })

  it('writes a post\'s page, /blog, the sitemap and the feeds when it is published; removes its page when unpublished or deleted', async () => {
    const w = await setUp()
    const draft = w.content.index.bySlugAny('a-draft')!
    // The newest now: the next post of post-22 and a related post of post-21.
    const showingIt = [page('post-22'), page('post-21')]
    expect(await changedBy(w, () => update(w, 'a-draft', { publishDate: '2025-11-01', isPublished: true }))).toEqual(
      ['blog/index.html', 'sitemap.xml', ...FEEDS, page('a-draft'), ...showingIt].sort(),
    )
    expect(await changedBy(w, () => update(w, 'a-draft', { isPublished: false }))).toEqual(['blog/index.html', 'sitemap.xml', ...FEEDS, page('a-draft'), ...showingIt].sort())
    expect(existsSync(path.join(w.site.dir, 'blog', 'a-draft'))).toBe(false)
    // A delete of the oldest: off /blog's count and the sitemap; the feeds did not hold it.
    const oldest = w.posts.get(w.content.index.bySlugAny('post-01')!.id)
    expect(await changedBy(w, () => w.posts.remove(oldest.id, undefined, ADA))).toEqual(['blog/index.html', page('post-01'), 'sitemap.xml', ...SHOWING_OLDEST].sort())
    expect(existsSync(path.join(w.site.dir, 'blog', 'post-01'))).toBe(false)
    expect(w.site.pages.fileFor('/blog/post-01')).toBeNull()
    expect(w.content.index.byId(draft.id)?.isPublished).toBe(false)
  })

  it('removes the old page of a renamed post and writes the new one, and the lists that name it', async () => {
    const w = await setUp()
    expect(await changedBy(w, () => update(w, 'post-22', { slug: 'post-22-renamed' }))).toEqual(['blog/index.html', 'sitemap.xml', ...FEEDS, page('post-22'), page('post-22-renamed'), ...SHOWING_NEWEST].sort())
    expect(w.site.pages.fileFor('/blog/post-22')).toBeNull()
    expect(existsSync(path.join(w.site.dir, page('post-22')))).toBe(false)
    expect(w.site.pages.fileFor('/blog/post-22-renamed')).toBe(path.join(w.site.dir, page('post-22-renamed')))
  })

  it('writes nothing public for a scheduled post until its day begins, then its page and the lists; removes them if the clock goes back', async () => {
    const w = await setUp()
    const tomorrow = '2026-11-27'
    expect(await changedBy(w, () => w.posts.create({ title: 'Launch', slug: 'launch', summary: 'S.', content: '<p>L</p>', publishDate: tomorrow, isPublished: true }, ADA))).toEqual([])
    expect(w.site.pages.fileFor('/blog/launch')).toBeNull()
    // The newest once live: the next post of post-22 and a related post of post-21.
    const showingIt = [page('post-22'), page('post-21')]
    expect(await changedBy(w, () => w.content.setToday(tomorrow))).toEqual(['blog/index.html', 'sitemap.xml', ...FEEDS, page('launch'), ...showingIt].sort())
    expect(w.site.pages.fileFor('/blog/launch')).not.toBeNull()
    expect(await changedBy(w, () => w.content.setToday(TODAY))).toEqual(['blog/index.html', 'sitemap.xml', ...FEEDS, page('launch'), ...showingIt].sort())
    expect(w.site.pages.fileFor('/blog/launch')).toBeNull()
  })

  it('at a start, renders only the pages that changed while the site was down, and serves none of them from its old file until then', async () => {
    const w = await setUp()
    await w.site.pages.flush()
    // While it is stopped: a post edited, one deleted, one added, by hand.
    w.repo.write('content/blog/post-05.html', w.repo.read('content/blog/post-05.html').replace('title: Post 05', 'title: Edited while stopped'))
    rmSync(w.repo.file('content/blog/post-06.html'))
    w.repo.write('content/blog/added.html', postText({ slug: 'added', title: 'Added while stopped', body: 'New.', publishDate: '2025-09-01' }))

    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const again = openPublicPages({ content: await readContent(w.repo.blogDir), siteDir: w.siteDir, cleanups, catchUp: { chunkSize: 1, beforeChunk: () => held } })
    // The three posts' pages, the sitemap, and the feeds (which hold post-05 and post-06); /blog's
    // first page and count are as they were (one post gone, one added, both past the first page);
    // and the pages of the seven posts whose previous, next or related posts changed with them.
    const showingThem = ['post-01', 'post-02', 'post-03', 'post-04', 'post-07', 'post-08', 'post-09'].map(page)
    expect(await again.pages.catchUp()).toBe(14)
    expect(again.logger.lines).toContainEqual(expect.stringMatching(/^info: 14 pages differ from their content/))
    // Until rendered, the stale pages have no file: a request renders them as the content is now.
    for (const url of ['/blog/post-05', '/blog/post-06', '/blog/added', '/sitemap.xml', '/blog/rss.xml']) expect(again.pages.fileFor(url), url).toBeNull()
    for (const url of ['/blog/post-10', '/blog']) expect(again.pages.fileFor(url), url).not.toBeNull()
    expect((await again.pages.renderNow('/blog/post-05'))?.html).toContain('Edited while stopped')

    again.pages.renderStale()
    release()
    await again.pages.idle()
    expect(again.takeChanged()).toEqual([...FEEDS, page('added'), page('post-05'), page('post-06'), 'sitemap.xml', ...showingThem].sort())
    expect(existsSync(path.join(again.dir, 'blog', 'post-06'))).toBe(false)
    expect(again.pages.fileFor('/blog/post-05')).not.toBeNull()
    expect(again.logger.lines).toContainEqual(expect.stringMatching(/^info: Regenerated 14 pages in the background in [\d.]+ s \(14 were stale at start\)$/))
  })

  it('renders every page again at a start with another build or other settings, from an empty folder', async () => {
    const w = await setUp()
    await w.site.pages.flush()
    const again = openPublicPages({ content: await readContent(w.repo.blogDir), siteDir: w.siteDir, cleanups, renderId: 'another-build:{}' })
    const all = await again.pages.catchUp()
    again.pages.renderStale()
    await again.pages.idle()
    expect(all).toBe(4 + 22 + 5)
    expect(again.takeChanged()).toHaveLength(all)
  })
})
