/**
 * The post pages' lean path (server/pages/lean-post-page.ts) renders what vike renders, byte for
 * byte, for posts of every shape, and leaves everything else to vike. Against the real server
 * build in dist/ (built by the API tests' global setup).
 */
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PublicPost, PublishedPosts } from '../../core/post.ts'
import { type LeanPostPages, prepareLeanPostPages } from '../../server/pages/lean-post-page.ts'
import { createPageRenderer, loadServerBuild, renderWithVike } from '../../server/pages/render-page.ts'
import { DEFAULT_REDIRECT_TARGETS } from '../../core/redirect-targets.ts'

const distDir = path.resolve(import.meta.dirname, '../../dist')
const settings = { siteUrl: 'https://lean.example', redirectTargets: { ...DEFAULT_REDIRECT_TARGETS, help: 'https://help.example/a?b=1&c=<2>' } }

const post = (slug: string, fields: Partial<PublicPost> = {}): PublicPost => ({
  id: `id-${slug}`,
  slug,
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  featuredImageUrl: '',
  publishDate: '2026-01-01',
  content: '<p>Text.</p>',
  ...fields,
})

const POSTS: PublicPost[] = [
  post('plain'),
  post('quotes-and-entities', {
    title: 'Quotes “curly” & <angle> \'single\' "double"',
    summary: 'It’s </script><script>alert(1)</script> & more',
    content: '<h2>Heading &amp; more</h2>\n<p>Text with <a href="https://example.com/?a=1&amp;b=2">a link</a>, <strong>bold</strong>, <em>em</em> and <code>&lt;/script&gt;</code>.</p>',
  }),
  post('library-images', {
    featuredImageUrl: '/media/2026/photo-0123456789-1600x900.jpg',
    content: '<p><img src="/media/2026/shot-abcdef0123-1200x800.png" alt="A shot"></p>\n<p><img src="https://example.com/x.png" alt=""></p>',
  }),
  post('external-featured', { featuredImageUrl: 'https://cdn.example.com/a.jpg' }),
  post('unicode-ünïcödé-free-slug-2', { title: '日本語のタイトル 🎬', summary: 'Émojis 🍿 and ümlauts', content: '<ul>\n<li><p>One</p></li>\n<li><p>Two</p></li>\n</ul>' }),
  post('long', { content: Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} with <a href="/blog/plain">a link</a>.</p>`).join('\n') }),
]

function publishedPosts(list: PublicPost[]): PublishedPosts {
  const bySlug = new Map(list.map((item) => [item.slug, item]))
  return { list: () => list.map(({ content: _, ...summary }) => summary), get: (slug) => bySlug.get(slug) }
}

let lean: LeanPostPages
const posts = publishedPosts(POSTS)

beforeAll(async () => {
  await loadServerBuild(distDir)
  const prepared = await prepareLeanPostPages(distDir, settings, (url, sample, line) => renderWithVike(url, sample, settings, line))
  if (prepared.pages === null) throw new Error(`the lean path is off: ${prepared.reason}`)
  lean = prepared.pages
})

describe('the lean post page path', () => {
  it.each(POSTS.filter((item) => /^[a-z0-9-]+$/.test(item.slug)).map((item) => item.slug))('renders /blog/%s exactly as vike does', async (slug) => {
    const byVike = await renderWithVike(`/blog/${slug}`, posts, settings, 4242)
    const byLean = lean.render(`/blog/${slug}`, posts, settings, 4242)
    expect(byVike?.status).toBe(200)
    expect(byLean).not.toBeNull()
    expect(byLean!.html).toBe(byVike!.html)
    expect(byLean!.contentType).toBe(byVike!.contentType)
    expect(byLean!.headers).toEqual(byVike!.headers)
  })

  it("carries no page context: the page sends no script of vike's, the post is in its HTML alone", () => {
    const html = lean.render('/blog/quotes-and-entities', posts, settings, 1)!.html
    expect(html).not.toContain('vike_pageContext')
    expect(html).toContain('<article')
  })

  it('leaves to vike what is not the page of a published post', async () => {
    for (const url of ['/blog/unknown', '/blog', '/pricing', '/blog/Plain', '/blog/plain/', '/blog/plain?x=1', '/blog/a/b', '/blog/unicode-ünïcödé-free-slug-2']) {
      expect(lean.render(url, posts, settings, 1), url).toBeNull()
    }
    const render = createPageRenderer({ posts, settings, lean })
    expect((await render('/blog/unknown'))?.status).toBe(404)
    expect((await render('/pricing'))?.status).toBe(200)
    // A preview's posts override the site's for that one render.
    const preview = publishedPosts([post('draft-in-preview', { title: 'Preview title' })])
    expect((await render('/blog/draft-in-preview', { posts: preview }))?.html).toContain('Preview title')
    expect((await render('/blog/draft-in-preview'))?.status).toBe(404)
  })

  it('gives a post page the same bytes at every render, and a 404 a line picked at random', async () => {
    const render = createPageRenderer({ posts, settings, lean })
    const first = await render('/blog/plain')
    expect((await render('/blog/plain'))?.html).toBe(first?.html)
    const line = (html: string | undefined) => /class="not-found__line"[^>]*>([^<]*)</.exec(html ?? '')?.[1]
    const lines = new Set<string | undefined>()
    for (let i = 0; i < 6; i++) lines.add(line((await render('/no-such-page'))?.html))
    expect(lines.has(undefined)).toBe(false)
    expect(lines.size).toBeGreaterThan(1)
  })

  it('is off, with a reason, when the server build does not hold the post page where it looks', async () => {
    const prepared = await prepareLeanPostPages('/nonexistent-dist', settings, (url, sample, line) => renderWithVike(url, sample, settings, line))
    expect(prepared.pages).toBeNull()
    expect('reason' in prepared && prepared.reason).toMatch(/pages_blog_-slug/)
  })
})
