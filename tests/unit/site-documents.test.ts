import { readFeed } from '../support/read-feed.ts'
import { describe, expect, it } from 'vitest'
import type { Post } from '../../core/post.ts'
import { PostIndex } from '../../server/content/post-index.ts'
import { PageStamps } from '../../server/services/pages/page-stamps.ts'
import { SiteDocuments } from '../../server/services/pages/site-documents.ts'

/** 25 published posts (post-1 oldest, post-25 newest) and a draft newer than all of them. */
function site() {
  const index = new PostIndex()
  const post = (n: number, fields: Partial<Post> = {}): Post => ({
    id: `id${n}`,
    title: `Post ${n}`,
    slug: `post-${n}`,
    summary: `Summary ${n}`,
    publishDate: `2025-01-${String(n).padStart(2, '0')}`,
    isPublished: true,
    featuredImageUrl: '',
    content: `<p>Body ${n}</p>`,
    ...fields,
  })
  for (let n = 1; n <= 25; n++) index.upsert(post(n), `v${n}`)
  index.upsert(post(26, { isPublished: false }), 'v26')
  const stamps = new PageStamps({ index, publicPages: [], renderId: 'build', builtOn: '2025-06-01' })
  const documents = new SiteDocuments({ index, stamps, siteUrl: 'https://watchio.example', builtOn: '2025-06-01' })
  return { index, post, stamps, documents }
}

const FEEDS = ['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json']
const FEED_TYPES: Record<string, RegExp> = { rss: /^application\/rss\+xml/, atom: /^application\/atom\+xml/, json: /^application\/feed\+json/ }

describe('SiteDocuments', () => {
  it('makes the feeds from the 20 newest published posts, drafts left out', () => {
    const { documents } = site()
    for (const url of FEEDS) {
      const document = documents.render(url)
      const feed = readFeed(document!.html)
      expect(document?.contentType).toMatch(FEED_TYPES[feed.type]!)
      const titles = feed.items.map((item) => item.title)
      expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${25 - i}`))
    }
  })

  it('knows its documents and leaves the rest to vike', () => {
    const { documents } = site()
    expect(documents.render('/sitemap.xml')?.contentType).toMatch(/^application\/xml/)
    expect(documents.render('/robots.txt')?.contentType).toMatch(/^text\/plain/)
    for (const url of ['/blog', '/blog/post-1', '/blog/feed.xml']) expect(documents.render(url)).toBeNull()
  })

  it('names the feeds stale when one of their posts changes, and only then', () => {
    const { documents } = site()
    const change = (fields: { updated?: string[]; removed?: string[]; publishedListChanged?: boolean }) =>
      documents.affectedBy({ updated: [], removed: [], publishedListChanged: false, ...fields })
    expect(change({ updated: ['post-25'] })).toEqual(FEEDS)
    expect(change({ updated: ['post-6'] })).toEqual(FEEDS)
    expect(change({ updated: ['post-5'] })).toEqual([])
    expect(change({ updated: ['post-26'] })).toEqual([])
    expect(change({ publishedListChanged: true })).toEqual(['/sitemap.xml', ...FEEDS])
  })
})

describe('PageStamps of the feeds', () => {
  it('change with a listed post\'s version, not with one outside the feeds', () => {
    const { index, post, stamps } = site()
    expect(stamps.expectedUrls()).toEqual(expect.arrayContaining(FEEDS))
    const before = FEEDS.map((url) => stamps.expectedStamp(url))
    index.upsert(post(3, { content: '<p>Edited</p>' }), 'v3b')
    expect(FEEDS.map((url) => stamps.expectedStamp(url))).toEqual(before)
    index.upsert(post(10, { content: '<p>Edited</p>' }), 'v10b')
    const after = FEEDS.map((url) => stamps.expectedStamp(url))
    after.forEach((stamp, at) => expect(stamp).not.toBe(before[at]))
  })
})
