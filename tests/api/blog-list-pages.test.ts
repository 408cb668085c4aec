/**
 * /blog holds the first page of the published list and the page count, not the whole list, and
 * every change that shows there is live at once. That the server rewrites /blog and the sitemap
 * only when what they show changes (a title edit on page 2 leaves both files alone: the
 * 10,000-post save target depends on it) is PublicPages' rule, tested on the service in
 * tests/integration/public-pages-service.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { signedInServer } from '../support/signed-in-server.ts'

type AdminPost = { id: string; slug: string; title: string; publishDate: string; isPublished: boolean; version: string } & Record<string, unknown>

let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ server, api, close } = await signedInServer())
  // The pages are rendered in the background after start: this file reads them as files.
  await server.site.pages.idle()
})

afterAll(() => close?.())

/** The page's text with React's `<!-- -->` separators removed. */
const page = async (urlPath: string) => (await (await fetch(new URL(urlPath, server.url))).text()).replace(/<!-- -->/g, '')

async function publishedNewestFirst(): Promise<AdminPost[]> {
  const { body } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
  return body.filter((post) => post.isPublished).sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug))
}

/** An update of the post a list card names: the whole post is read first (cards carry no content). */
async function save(card: AdminPost, changes: Partial<AdminPost>): Promise<AdminPost> {
  const { body: post } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${card.id}`)
  const { status, body } = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${card.id}`, { ...post, ...changes })
  expect(status).toBe(200)
  return body
}

describe('/blog and the sitemap', () => {
  it('/blog carries the ten newest posts and the page count, and nothing of page 2', async () => {
    const published = await publishedNewestFirst()
    expect(published).toHaveLength(12)
    const html = await page('/blog')
    expect(html).toContain('Page 1 of 2')
    for (const post of published.slice(0, 10)) expect(html, post.slug).toContain(`href="/blog/${post.slug}"`)
    // Not as a link, and not in the data handed to the browser either.
    for (const post of published.slice(10)) expect(html.includes(post.slug), post.slug).toBe(false)
  })

  it('a title edit on page 1 is on /blog at once', async () => {
    const [newest] = await publishedNewestFirst()
    await save(newest!, { title: 'A newer title for the newest post' })
    expect(await page('/blog')).toContain('>A newer title for the newest post</h2>')
  })

  // Which files such an edit rewrites (its page alone) is PublicPages' rule: tests/integration/public-pages-service.test.ts.
  it('a title edit on page 2 is in the API and on its page at once', async () => {
    const oldest = (await publishedNewestFirst()).at(-1)!
    await save(oldest, { title: 'A new title on page two' })
    const list = (await (await fetch(new URL('/api/blog/posts', server.url))).json()) as { title: string }[]
    expect(list.map((post) => post.title)).toContain('A new title on page two')
    expect(await page(`/blog/${oldest.slug}`)).toContain('A new title on page two')
  })

  it('a post on page 2 dated newest moves to the top of /blog and changes its sitemap date', async () => {
    const oldest = (await publishedNewestFirst()).at(-1)!
    await save(oldest, { publishDate: '2026-01-02' })
    const html = await page('/blog')
    // The first link to a post is this one.
    expect(html.indexOf('href="/blog/')).toBe(html.indexOf(`href="/blog/${oldest.slug}"`))
    expect(await page('/sitemap.xml')).toMatch(new RegExp(`/blog/${oldest.slug}</loc>\\s*<lastmod>2026-01-02</lastmod>`))
  })

  it('unpublishing page 2 away leaves one page: /blog has no pagination any more', async () => {
    const published = await publishedNewestFirst()
    for (const post of published.slice(10)) await save(post, { isPublished: false })
    const html = await page('/blog')
    expect(html).not.toContain('Page 1 of')
    for (const post of published.slice(0, 10)) expect(html, post.slug).toContain(`href="/blog/${post.slug}"`)
    for (const post of published.slice(10)) expect(await page('/sitemap.xml')).not.toContain(`/blog/${post.slug}<`)
  })
})
