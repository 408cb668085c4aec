/**
 * What an attacker found in the site's output, each checked through the real server: a post
 * whose `]]>` closed the feeds' CDATA, an `<img` inside an attribute value that the responsive
 * rewrite broke out of on the post page, and nesting deep enough to overflow the HTML tools
 * (saved, previewed, or written by hand into a post file).
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseFeed } from '@rowanmanning/feed-parser'
import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import { unified } from 'unified'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CONTENT_DEPTH } from '../../server/content/post-rules.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { readFeedsStrictly } from '../support/strict-feed-reader.ts'
import { signedInServer } from '../support/signed-in-server.ts'

const SITE = 'https://watchio.example'
const FEEDS = ['/blog/rss.xml', '/blog/atom.xml'] as const
const nested = (levels: number) => '<blockquote>'.repeat(levels) + '<p>deep</p>' + '</blockquote>'.repeat(levels)
const DEPTH_LIMIT = `content must not nest elements more than ${MAX_CONTENT_DEPTH} levels deep`

/** Two CDATA ends, then the markup of a forged item: what broke both feeds. */
const CDATA_CONTENT =
  '<p>one ]]> two ]]></content:encoded></item><item><title>Forged</title><link>https://evil.example/</link>' +
  '<description><![CDATA[<img src=x onerror=alert(1)>]]></description></item><item><title>x</title><content:encoded><![CDATA[ end</p>'
/** An `<img` of the media library inside a title: the rewrite's regex found it and wrote quotes into the value. */
const ATTRIBUTE_IMG =
  '<p><a title="<img src=/media/2025/photo-0123456789-800x600.png href=javascript:alert(1) onfocus=alert(1) autofocus id=vike_pageContext>" href="/pricing">a link</a></p>'
const BY_HAND = 'deep-by-hand'

let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ server, api, close } = await signedInServer({
    prepare: async (prepared) => {
      // A file as a pull request brings it: 3,000 nested quotes, published, committed by a maintainer.
      await writeFile(
        path.join(prepared.blogDir, `${BY_HAND}.html`),
        ['---', 'title: Deep by hand', `slug: ${BY_HAND}`, 'summary: S', "publishDate: '2025-10-20'", 'isPublished: true', '---', nested(3000), ''].join('\n'),
      )
      git(prepared.repoDir, 'add', '-A')
      git(prepared.repoDir, '-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com', 'commit', '-q', '-m', 'A deep post')
    },
  }))
  for (const [slug, content] of [['cdata-ends', CDATA_CONTENT], ['attribute-img', ATTRIBUTE_IMG]]) {
    const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug, title: slug, publishDate: '2025-10-25', content }))
    expect(created.status).toBe(201)
  }
  await server.site.pages.idle()
})

afterAll(() => close?.())

const get = (pathname: string) => fetch(server.url + pathname)
const publicSlugs = async () => ((await (await get('/api/blog/posts')).json()) as { slug: string }[]).map((post) => post.slug)

async function feeds(): Promise<string[]> {
  return Promise.all(
    FEEDS.map(async (feedPath) => {
      const response = await get(feedPath)
      expect(response.status, feedPath).toBe(200)
      return response.text()
    }),
  )
}

describe('a post with two CDATA ends', () => {
  it('is one item of each feed, which a strict XML parser reads with exactly the published posts', async () => {
    const documents = await feeds()
    const expected = (await publicSlugs()).slice(0, 20).map((slug) => `${SITE}/blog/${slug}`)
    const strict = readFeedsStrictly(documents)
    for (const [at, feed] of strict.entries()) {
      if ('error' in feed) throw new Error(`${FEEDS[at]} is not well-formed: ${feed.error}`)
      expect(feed.items.map((item) => item.link)).toEqual(expected)
      expect(feed.items.find((item) => item.link === `${SITE}/blog/cdata-ends`)?.content).toContain('one ]]> two ]]>')
    }
    for (const document of documents) {
      expect(parseFeed(document).items.map((item) => item.url)).toEqual(expected)
      expect(document).not.toContain('evil.example/</link>')
    }
  })
})

describe('an <img written inside an attribute value', () => {
  it("stays in that value on the post page: no handler, no script but the page's own", async () => {
    const response = await get('/blog/attribute-img')
    expect(response.status).toBe(200)
    const html = await response.text()
    const elements = elementsOf(unified().use(rehypeParse).parse(html))
    expect(elements.filter((element) => Object.keys(element.properties).some((name) => /^on/i.test(name)))).toEqual([])
    // The inline theme script and the site's script files: nothing the post could have opened.
    const scripts = elements.filter((element) => element.tagName === 'script')
    expect(scripts.filter((element) => element.properties.src === undefined)).toHaveLength(1)
    expect(scripts.filter((element) => !/^\/assets\/[\w./-]+\.js$/.test(String(element.properties.src ?? '/assets/theme.js')))).toEqual([])
    const link = elements.find((element) => element.tagName === 'a' && element.properties.title !== undefined)
    expect(Object.keys(link!.properties).sort()).toEqual(['href', 'title'])
    expect(link!.properties.title).toMatch(/^<img src=\/media\/2025\/photo-0123456789-800x600\.png href=javascript:alert\(1\) onfocus=alert\(1\)/)
  })

  it('comes the same from the public API', async () => {
    const { content } = (await (await get('/api/blog/posts/attribute-img')).json()) as { content: string }
    const elements = elementsOf(unified().use(rehypeParse, { fragment: true }).parse(content))
    expect(elements.map((element) => element.tagName)).toEqual(['p', 'a'])
  })
})

describe(`nesting deeper than ${MAX_CONTENT_DEPTH} levels`, () => {
  it('is a 400 naming the limit on create, update and preview', async () => {
    const body = newPostBody({ slug: 'too-deep', content: nested(3000) })
    const created = await api.request('POST', '/api/admin/blog/posts', { json: body })
    expect(created.status).toBe(400)
    expect(await created.text()).toBe(DEPTH_LIMIT)
    const preview = await api.request('POST', '/api/admin/blog/preview', { json: body })
    expect(preview.status).toBe(400)
    expect(await preview.text()).toBe(DEPTH_LIMIT)
    const { body: posts } = await api.json<{ id: string; slug: string }[]>('GET', '/api/admin/blog/posts')
    const id = posts.find((post) => post.slug === 'cdata-ends')!.id
    const updated = await api.request('PUT', `/api/admin/blog/posts/${id}`, { json: newPostBody({ slug: 'cdata-ends', content: nested(4000) }) })
    expect(updated.status).toBe(400)
    expect(await updated.text()).toBe(DEPTH_LIMIT)
  })

  it('in a file written by hand, is a reported problem, and the feeds, list and sitemap serve the other posts', async () => {
    const problems = (await api.json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')).body
    expect(problems).toContainEqual({ path: `content/blog/${BY_HAND}.html`, reason: DEPTH_LIMIT })
    expect((await get(`/blog/${BY_HAND}`)).status).toBe(404)
    const slugs = await publicSlugs()
    expect(slugs).not.toContain(BY_HAND)
    expect(slugs).toContain('cdata-ends')
    for (const document of await feeds()) expect(parseFeed(document).items.map((item) => item.url)).toEqual(slugs.slice(0, 20).map((slug) => `${SITE}/blog/${slug}`))
    expect((await get('/blog')).status).toBe(200)
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(await sitemap.text()).not.toContain(BY_HAND)
  })
})

function elementsOf(tree: Root): Element[] {
  const found: Element[] = []
  const stack: (Root | Element)[] = [tree]
  while (stack.length > 0) {
    for (const child of stack.pop()!.children) {
      if (child.type !== 'element') continue
      found.push(child)
      stack.push(child)
    }
  }
  return found
}
