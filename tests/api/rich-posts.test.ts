/**
 * Posts with the HTML real blogs have (heading ids, figures, tables, code languages, images at
 * site-relative URLs with their size), as the benchmark's generator makes them, are all on the
 * site; and the same posts as Hugo or Astro lay them out by hand (tables over many lines, a
 * class on a figure, lazy images) are on it too, served cleaned with a warning each. Their pages
 * link every heading, with no script added.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serializePost } from '../../server/content/serialize-post.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import type { Post } from '../../core/post.ts'
import type { RunningServer } from '../../server/start.ts'
import { generatePosts } from '../bench/generate-posts.ts'
import type { ApiClient } from '../support/admin-client.ts'
import { commitAsMaintainer } from '../support/git.ts'
import { signedInServer } from '../support/signed-in-server.ts'

type Problem = { path: string; reason: string; severity?: string }

const COUNT = 120
const IMAGES = ['one.svg', 'two.svg', 'three.svg']

/** A rich post as a static site generator writes its HTML: indented over many lines, with its own classes and attributes. */
function handWritten(post: Post): Post {
  const content = post.content
    .replace(/<table>/g, '<table class="table">\n  ')
    .replace(/<\/tr>/g, '</tr>\n  ')
    .replace(/<figure>/g, '<figure class="wide">\n  ')
    .replace(/<img /g, '<img loading="lazy" ')
  return { ...post, content }
}

const generated = generatePosts({ count: COUNT, images: IMAGES, rich: true, seed: 27 })
// Every third one as a generator lays it out by hand, when it has a table or a figure to lay out.
const changed = new Set(generated.filter((post, i) => i % 3 === 0 && /<table>|<figure>/.test(post.content)).map((post) => post.slug))
const posts = generated.map((post) => (changed.has(post.slug) ? handWritten(post) : post))

let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
const get = (pathname: string) => fetch(new URL(pathname, server.url))

beforeAll(async () => {
  ;({ server, api, close } = await signedInServer({
    prepare: async (site) => {
      for (const post of posts) await writeFile(path.join(site.blogDir, `${post.slug}.html`), serializePost(post))
      commitAsMaintainer(site.repoDir, 'Rich posts', 'content/blog')
    },
  }))
})

afterAll(() => close?.())

describe('the benchmark corpus with rich HTML', () => {
  it('is made of what a post may hold, as the server writes it, with every kind of rich block', () => {
    for (const post of generated) expect(cleanPostHtml(post.content), post.slug).toBe(post.content)
    const all = generated.map((post) => post.content).join('\n')
    for (const block of ['<h2 id="', '<figure><img src="/images/blog/', '<figcaption>', '<table><thead>', '<th scope="col">', 'colspan="3"', '<code class="language-']) {
      expect(all).toContain(block)
    }
    expect(changed.size).toBeGreaterThan(10)
  })

  it('is on the site, every published post, including those laid out by hand', async () => {
    const published = posts.filter((post) => post.isPublished)
    const list = (await (await get('/api/blog/posts?perPage=1000')).json()) as { slug: string }[] | { posts: { slug: string }[] }
    const slugs = new Set((Array.isArray(list) ? list : list.posts).map((post) => post.slug))
    for (const post of published) expect(slugs.has(post.slug), post.slug).toBe(true)
    for (const post of published) expect((await get(`/blog/${post.slug}`)).status, post.slug).toBe(200)
  })

  it('reports only the posts laid out by hand, as warnings, none as unreadable, once the start has checked them after listening', async () => {
    // A start serves first and checks content that is not clean as written after (BlogContent.checkContent).
    expect(await server.site.checkContent()).toMatchObject({ served: changed.size, refused: 0 })
    const problems = (await api.json<Problem[]>('GET', '/api/admin/blog/problems')).body
    expect(problems.every((problem) => problem.severity === 'warning')).toBe(true)
    expect(problems.map((problem) => problem.path).sort()).toEqual([...changed].map((slug) => `content/blog/${slug}.html`).sort())
  })

  it('shows a hand-laid-out post cleaned: its table and figure one line each, the classes gone', async () => {
    const slug = [...changed].find((name) => posts.find((post) => post.slug === name)!.isPublished)!
    const { content } = (await (await get(`/api/blog/posts/${slug}`)).json()) as { content: string }
    expect(content).not.toMatch(/class="(table|wide)"/)
    for (const line of content.split('\n').filter((text) => /^<(table|figure)>/.test(text))) expect(line).toMatch(/<\/(table|figure)>$/)
  })

  it('links every heading of a post page with its id, and adds no script', async () => {
    const post = generated.find((entry) => entry.isPublished && entry.content.includes('<h2 id="'))!
    const page = await (await get(`/blog/${post.slug}`)).text()
    const ids = [...post.content.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]!)
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids) expect(page).toContain(`<a href="#${id}" class="heading-anchor"`)
    const plain = await (await get('/blog/introducing-watchio')).text()
    const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts(page)).toEqual(scripts(plain))
  })
})
