/**
 * What a post page shows besides the post (pages/blog/@slug/): its reading time, a table of
 * contents for a long post, its related posts and its previous and next links, rendered on the
 * server as plain markup; and, after a save, the other posts' pages that show the saved post
 * brought up to date in the background, with no stale page served meanwhile.
 */
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'

/** This test's own posts, newer than the fixtures' (2025), newest first. */
function postFile(slug: string, fields: { title: string; date: string; tags?: string[]; content: string }): string {
  return [
    '---',
    `id: x${slug.replace(/-/g, '')}`,
    `title: '${fields.title}'`,
    `slug: ${slug}`,
    'summary: A post of the extras test.',
    `publishDate: '${fields.date}'`,
    'isPublished: true',
    "featuredImageUrl: ''",
    ...(fields.tags ? ['tags:', ...fields.tags.map((tag) => `  - ${tag}`)] : []),
    '---',
    fields.content,
    '',
  ].join('\n')
}
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')
const LONG_CONTENT = [
  '<h2>Getting started</h2>',
  `<p>${words(230)}</p>`,
  '<h3>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h3>',
  `<p>${words(230)}</p>`,
  '<h2 id="last-words">Last words</h2>',
  '<p>Done.</p>',
].join('\n')

const POSTS: [string, Parameters<typeof postFile>[1]][] = [
  ['extras-newest', { title: 'The newest post', date: '2026-01-06', tags: ['Other'], content: '<p>Newest.</p>' }],
  ['extras-long', { title: 'A long post', date: '2026-01-05', tags: ['Apple TV', 'Playback'], content: LONG_CONTENT }],
  ['extras-twin', { title: 'Its twin', date: '2026-01-04', tags: ['apple tv', 'Playback'], content: '<p>Twin.</p>' }],
  ['extras-one', { title: 'One tag shared', date: '2026-01-03', tags: ['Playback'], content: '<p>One.</p>' }],
]
/** The fixtures' oldest published post: far from the test's posts, no tag. */
const FAR = 'add-an-m3u-playlist'

let site: TempSite
let server: RunningServer

beforeAll(async () => {
  site = await createTempSite()
  for (const [slug, fields] of POSTS) await writeFile(path.join(site.blogDir, `${slug}.html`), postFile(slug, fields))
  git(site.repoDir, 'add', '-A')
  git(site.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'tagged posts')
  server = await startTestServer(site)
  await server.site.pages.idle()
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

const get = (pathname: string) => fetch(new URL(pathname, server.url))
const page = async (slug: string) => (await (await get(`/blog/${slug}`)).text()).replace(/<!-- -->/g, '')
const pageFile = (slug: string) => path.join(site.pagesDir, 'blog', slug, 'index.html')
/** The part of a page between two markers. */
const between = (html: string, start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)) + end.length)

describe('the post page', () => {
  it('shows the reading time and, for three headings or more, a table of contents linking to their anchors', async () => {
    const html = await page('extras-long')
    expect(html).toContain('<span class="article__reading-time">2 min read</span>')
    const contents = between(html, '<nav class="contents"', '</nav>')
    expect(contents).toBe(
      '<nav class="contents" aria-labelledby="Contents-title"><p id="Contents-title" class="contents__title">Contents</p><ol class="contents__list">' +
        '<li><a href="#getting-started">Getting started</a><ol class="contents__list"><li><a href="#script-alert-1-script-more">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</a></li></ol></li>' +
        '<li><a href="#last-words">Last words</a></li></ol></nav>',
    )
    // Each link's target is a heading of the post.
    for (const id of ['getting-started', 'script-alert-1-script-more', 'last-words']) expect(html).toContain(`id="${id}"`)
    // A short post: its reading time, no contents.
    const short = await page('extras-twin')
    expect(short).toContain('1 min read')
    expect(short).not.toContain('class="contents"')
  })

  it('ends with the related posts (most tags shared, then newest, then the closest in date) and the previous and next posts', async () => {
    const html = await page('extras-long')
    const related = between(html, '<aside class="related"', '</aside>')
    expect([...related.matchAll(/href="\/blog\/([^"]+)"/g)].map((match) => match[1])).toEqual(['extras-twin', 'extras-one', 'ftp-webdav-and-cloud-accounts'])
    expect(related).toContain('<h2 id="Related-title" class="related__title">Related posts</h2>')
    expect(related).toContain('<a href="/blog/extras-twin">Its twin</a><time dateTime="2026-01-04">January 4, 2026</time>')
    const neighbours = between(html, '<nav class="neighbours"', '</nav>')
    expect(neighbours).toBe(
      '<nav class="neighbours" aria-label="Previous and next posts">' +
        '<a class="neighbours__link neighbours__link--prev" href="/blog/extras-twin" rel="prev"><span class="neighbours__label">Previous post</span><span class="neighbours__title">Its twin</span></a>' +
        '<a class="neighbours__link neighbours__link--next" href="/blog/extras-newest" rel="next"><span class="neighbours__label">Next post</span><span class="neighbours__title">The newest post</span></a></nav>',
    )
    // The newest post has no next one.
    expect(await page('extras-newest')).not.toContain('rel="next"')
  })
})

describe('after a save', () => {
  it("brings the pages showing the saved post up to date: its neighbours' at once, the rest's files in the background", async () => {
    const farWritten = (await stat(pageFile(FAR))).mtimeMs
    const api = await new ApiClient(server.url).signIn()
    const { body: twin } = await api.json<Record<string, unknown>>('GET', '/api/admin/blog/posts/xextrastwin')
    const { status } = await api.json('PUT', '/api/admin/blog/posts/xextrastwin', { ...twin, title: 'The twin, renamed' })
    expect(status).toBe(200)
    // No page served meanwhile shows the old title: its next post's (previous link, related), its previous post's (next link).
    expect(await page('extras-long')).toContain('<span class="neighbours__title">The twin, renamed</span>')
    expect(between(await page('extras-long'), '<aside', '</aside>')).toContain('The twin, renamed')
    expect(await page('extras-one')).toContain('<span class="neighbours__label">Next post</span><span class="neighbours__title">The twin, renamed</span>')
    await server.site.pages.idle()
    // Written again, and served from their files.
    for (const slug of ['extras-long', 'extras-one']) {
      expect(await readFile(pageFile(slug), 'utf8')).toContain('The twin, renamed')
      expect((await get(`/blog/${slug}`)).headers.get('cache-control')).toBe('public, no-cache')
    }
    // A page that shows nothing of it is not rendered again.
    expect((await stat(pageFile(FAR))).mtimeMs).toBe(farWritten)
  })

  it('moves a post: its old and new neighbours link past it or to it, and related lists follow its tags', async () => {
    const api = await new ApiClient(server.url).signIn()
    const { body: one } = await api.json<Record<string, unknown>>('GET', '/api/admin/blog/posts/xextrasone')
    // Newest of all now, and no tag shared with the long post any more.
    const { status } = await api.json('PUT', '/api/admin/blog/posts/xextrasone', { ...one, publishDate: '2026-01-07', tags: ['Other'] })
    expect(status).toBe(200)
    const twin = await page('extras-twin')
    expect(twin).not.toContain('href="/blog/extras-one" rel="prev"')
    expect(twin).toContain('href="/blog/ftp-webdav-and-cloud-accounts" rel="prev"')
    expect(await page('extras-newest')).toContain('href="/blog/extras-one" rel="next"')
    const long = await page('extras-long')
    expect([...between(long, '<aside', '</aside>').matchAll(/href="\/blog\/([^"]+)"/g)].map((match) => match[1])).toEqual(['extras-twin', 'ftp-webdav-and-cloud-accounts', 'extras-one'])
    await server.site.pages.idle()
    expect(await readFile(pageFile('extras-twin'), 'utf8')).toContain('href="/blog/ftp-webdav-and-cloud-accounts" rel="prev"')
  })
})
