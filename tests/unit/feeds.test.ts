import { describe, expect, it } from 'vitest'
import type { PublicPost } from '../../core/post.ts'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { withAbsoluteUrls } from '../../server/pages/absolute-urls.ts'
import { FEED_PATHS, FEED_SIZE, feedEntryId, feedSlugs, isFeedPath, rememberedAbsoluteContent, renderFeed } from '../../server/pages/feeds.ts'
import { readFeed } from '../support/read-feed.ts'

const SITE = 'https://watchio.example'

function post(n: number, fields: Partial<PublicPost> = {}): PublicPost {
  return {
    id: `id${n}`,
    slug: `post-${n}`,
    title: `Post ${n}`,
    summary: `Summary ${n}`,
    featuredImageUrl: '',
    publishDate: `2025-01-${String(n).padStart(2, '0')}`,
    content: `<p>Body ${n}</p>`,
    ...fields,
  }
}

const all = FEED_PATHS
const FORMATS = { '/blog/rss.xml': 'rss', '/blog/atom.xml': 'atom', '/blog/feed.json': 'json' } as const

describe('renderFeed', () => {
  for (const path of all) {
    describe(path, () => {
      it('carries each post: title, absolute link, stable id, summary, content and date, in the order given', () => {
        const posts = [post(3), post(2), post(1)]
        const feed = readFeed(renderFeed(path, { siteUrl: SITE, posts, emptyDate: '2025-06-01' }))
        expect(feed.type).toBe(FORMATS[path])
        expect(all).toEqual(['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json'])
        expect(feed.title).toBe('Watchio blog')
        expect(feed.url).toBe(`${SITE}/blog`)
        expect(feed.self).toBe(SITE + path)
        expect(feed.updated?.toISOString()).toBe('2025-01-03T00:00:00.000Z')
        expect(feed.items).toEqual(
          posts.map((p) => ({
            id: `tag:watchio.example,2025:blog/${p.id}`,
            title: p.title,
            url: `${SITE}/blog/${p.slug}`,
            description: p.summary,
            content: p.content,
            published: new Date(`${p.publishDate}T00:00:00.000Z`),
            categories: [],
            image: null,
          })),
        )
      })

      it('keeps text as text: ampersands, angle brackets and a CDATA end in titles and summaries', () => {
        const tricky = post(1, { title: 'Tom & Jerry <3 ]]> end', summary: 'Use <video> & "quotes" ]]>' })
        const [item] = readFeed(renderFeed(path, { siteUrl: SITE, posts: [tricky], emptyDate: '2025-06-01' })).items
        expect(item?.title).toBe(tricky.title)
        expect(item?.description).toBe(tricky.summary)
      })

      it('makes relative URLs in the content absolute, against the post', () => {
        const content = '<p><img src="/media/2025/cat-0123456789-10x10.png" alt="cat"> <a href="/pricing">plans</a> <a href="#notes">notes</a> <a href="mailto:a@b.example">mail</a> <a href="https://other.example/x">x</a></p>'
        const [item] = readFeed(renderFeed(path, { siteUrl: SITE, posts: [post(1, { content })], emptyDate: '2025-06-01' })).items
        expect(item?.content).toBe(
          `<p><img src="${SITE}/media/2025/cat-0123456789-10x10.png" alt="cat"> <a href="${SITE}/pricing">plans</a> <a href="${SITE}/blog/post-1#notes">notes</a> <a href="mailto:a@b.example">mail</a> <a href="https://other.example/x">x</a></p>`,
        )
      })

      it("files each entry under the post's tags, and carries its featured image, absolute", () => {
        const tagged = post(1, { tags: ['Apple TV', 'Setup & tips'], featuredImageUrl: '/media/2025/tv-0123456789-1600x900.jpg' })
        const [item] = readFeed(renderFeed(path, { siteUrl: SITE, posts: [tagged, post(2)], emptyDate: '2025-06-01' })).items
        expect(item?.categories).toEqual(['Apple TV', 'Setup & tips'])
        expect(item?.image).toBe(`${SITE}/media/2025/tv-0123456789-1600x900.jpg`)
        const text = renderFeed(path, { siteUrl: SITE, posts: [tagged], emptyDate: '2025-06-01' })
        if (path === '/blog/rss.xml') expect(text).toContain(`<media:content url="${SITE}/media/2025/tv-0123456789-1600x900.jpg" medium="image" type="image/jpeg"/>`)
        if (path === '/blog/atom.xml') {
          expect(text).toContain(`<category term="apple-tv" label="Apple TV" scheme="${SITE}/blog/tag/"/>`)
          expect(text).toContain(`<link rel="enclosure" href="${SITE}/media/2025/tv-0123456789-1600x900.jpg" type="image/jpeg"/>`)
        }
      })

      it('puts a link to the video where the post shows one: readers strip frames', () => {
        const content = displayPostHtml('<figure><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Setting up"></iframe><figcaption>Watch first</figcaption></figure>')
        const [item] = readFeed(renderFeed(path, { siteUrl: SITE, posts: [post(1, { content })], emptyDate: '2025-06-01' })).items
        expect(item?.content).toBe('<figure><p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Video: Setting up</a></p><figcaption>Watch first</figcaption></figure>')
      })

      it('is the same bytes for the same posts, and dated by the build when empty', () => {
        const input = { siteUrl: SITE, posts: [post(2), post(1)], emptyDate: '2025-06-01' }
        expect(renderFeed(path, input)).toBe(renderFeed(path, { ...input, posts: [post(2), post(1)] }))
        const empty = readFeed(renderFeed(path, { siteUrl: SITE, posts: [], emptyDate: '2025-06-01' }))
        expect(empty.items).toEqual([])
        // JSON Feed has no date of its own; the XML feeds say the build's.
        expect(empty.updated?.toISOString() ?? null).toBe(path === '/blog/feed.json' ? null : '2025-06-01T00:00:00.000Z')
      })
    })
  }

  it('leaves out a post that fails to render, tells of it, and carries the others', () => {
    // Deeper than the HTML tools' recursion goes (the limits keep such content out of the index).
    const deep = post(2, { content: '<blockquote>'.repeat(20_000) })
    for (const path of all) {
      const failures: string[] = []
      const xml = renderFeed(path, { siteUrl: SITE, posts: [post(3), deep, post(1)], emptyDate: '2025-06-01', onPostFailure: (failed) => failures.push(failed.slug) })
      expect(readFeed(xml).items.map((item) => item.url)).toEqual([`${SITE}/blog/post-3`, `${SITE}/blog/post-1`])
      expect(failures).toEqual(['post-2'])
    }
  })

  it('gives a post the same id whatever its slug, title or date', () => {
    const before = readFeed(renderFeed('/blog/atom.xml', { siteUrl: SITE, posts: [post(1)], emptyDate: '2025-06-01' })).items[0]
    const renamed = post(1, { slug: 'renamed', title: 'Renamed', publishDate: '2025-02-01' })
    const after = readFeed(renderFeed('/blog/atom.xml', { siteUrl: SITE, posts: [renamed], emptyDate: '2025-06-01' })).items[0]
    expect(after?.id).toBe(before?.id)
    expect(after?.id).toBe(feedEntryId(SITE, 'id1'))
    expect(after?.url).toBe(`${SITE}/blog/renamed`)
  })
})

describe('the JSON Feed', () => {
  it('is JSON Feed 1.1 with the blog\'s title, links, description, language and author', () => {
    const feed = JSON.parse(renderFeed('/blog/feed.json', { siteUrl: SITE, posts: [post(1)], emptyDate: '2025-06-01' }))
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Watchio blog',
      home_page_url: `${SITE}/blog`,
      feed_url: `${SITE}/blog/feed.json`,
      description: 'News, updates, and insights from the team',
      language: 'en',
      authors: [{ name: 'Watchio', url: `${SITE}/` }],
    })
    expect(Object.keys(feed.items[0]).sort()).toEqual(['content_html', 'date_published', 'id', 'summary', 'title', 'url'])
  })

  it('keeps hostile text inside its strings: no added field or item, no closing tag a browser could act on', () => {
    const hostile = post(1, {
      title: 'A", "injected": "yes',
      summary: '"}]} </script><script>alert(1)</script>',
      content: '<p>"},{"id":"forged"} \u2028 </p>',
    })
    const text = renderFeed('/blog/feed.json', { siteUrl: SITE, posts: [hostile], emptyDate: '2025-06-01' })
    const feed = JSON.parse(text)
    expect(feed.items).toHaveLength(1)
    expect(feed.items[0].title).toBe(hostile.title)
    expect(feed.items[0].summary).toBe(hostile.summary)
    expect(feed.items[0].content_html).toBe(hostile.content)
    expect(feed.injected).toBeUndefined()
    expect(text).not.toContain('</')
  })
})

describe('feedSlugs', () => {
  it('takes the first FEED_SIZE of the published list, in its order', () => {
    const list = Array.from({ length: FEED_SIZE + 5 }, (_, i) => ({ slug: `post-${i}` }))
    expect(feedSlugs(list)).toEqual(list.slice(0, FEED_SIZE).map((entry) => entry.slug))
    expect(FEED_SIZE).toBe(20)
  })
})

describe('isFeedPath', () => {
  it('knows the three feeds and nothing else', () => {
    expect(['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json'].every(isFeedPath)).toBe(true)
    for (const other of ['/blog/rss', '/rss.xml', '/blog/feed.xml', '/blog/rss.xml/', '/sitemap.xml', '/feed.json', '/blog/feed.json/']) expect(isFeedPath(other)).toBe(false)
  })
})

describe('withAbsoluteUrls', () => {
  const base = `${SITE}/blog/a-post`

  it('resolves root-relative, path-relative, protocol-relative and fragment URLs against the post', () => {
    expect(withAbsoluteUrls('<p><a href="/x">a</a><a href="y">b</a><a href="//cdn.example/z">c</a><a href="#f">d</a></p>', base)).toBe(
      `<p><a href="${SITE}/x">a</a><a href="${SITE}/blog/y">b</a><a href="https://cdn.example/z">c</a><a href="${base}#f">d</a></p>`,
    )
  })

  it('leaves absolute URLs, other schemes and the rest of the markup as they are', () => {
    const html = '<h2>Title &amp; more</h2>\n<p><a href="https://x.example/?a=1&amp;b=2">x</a> <a href="tel:+123">t</a> <img src="data:image/png;base64,AAAA" alt=""></p>\n<pre><code class="language-js">a &lt; b</code></pre>'
    expect(withAbsoluteUrls(html, base)).toBe(html)
  })

  it('resolves each candidate of a responsive image\'s srcset', () => {
    const html = '<p><img src="/media/2025/a-0123456789-500x400.png" srcset="/media/w320/2025/a-0123456789-500x400.png 320w, /media/2025/a-0123456789-500x400.png 500w" alt=""></p>'
    expect(withAbsoluteUrls(html, base)).toBe(
      `<p><img src="${SITE}/media/2025/a-0123456789-500x400.png" srcset="${SITE}/media/w320/2025/a-0123456789-500x400.png 320w, ${SITE}/media/2025/a-0123456789-500x400.png 500w" alt=""></p>`,
    )
  })
})

describe('rememberedAbsoluteContent', () => {
  it('makes the feeds withAbsoluteUrls makes, and follows a post whose content or link changed', () => {
    const remembered = rememberedAbsoluteContent()
    const posts = [post(2, { content: '<p><a href="/x">x</a></p>' }), post(1, { content: '<p><img src="y.png" alt=""></p>' })]
    for (const path of all) {
      expect(renderFeed(path, { siteUrl: SITE, posts, emptyDate: '2025-06-01', absoluteContent: remembered })).toBe(renderFeed(path, { siteUrl: SITE, posts, emptyDate: '2025-06-01' }))
    }
    const link = `${SITE}/blog/post-1`
    expect(remembered('<p><a href="/x">x</a></p>', link)).toBe(`<p><a href="${SITE}/x">x</a></p>`)
    expect(remembered('<p><a href="/z">z</a></p>', link)).toBe(`<p><a href="${SITE}/z">z</a></p>`)
    expect(remembered('<p><a href="z">z</a></p>', `${SITE}/other/post-1`)).toBe(`<p><a href="${SITE}/other/z">z</a></p>`)
  })
})
