import { describe, expect, it } from 'vitest'
import type { PostSummary } from '../../core/post.ts'
import { tagFeedLinks, tagFeedOfUrl, tagFeedPath } from '../../core/tag-feeds.ts'
import { tagPageCount, tagPageData, tagPageUrls, tagPathsMoved } from '../../core/tag-pages.ts'
import { feedContentTypeOf } from '../../server/pages/feeds.ts'
import { isDocumentPath, pageFilePath } from '../../server/pages/page-files.ts'
import { noteTagsBefore } from '../../server/services/pages/tag-page-stamps.ts'

/** A published list, newest first: `count` posts with `tags`, dated down from 2025-01-28. */
function list(count: number, tags: string[], prefix = 'p'): PostSummary[] {
  return Array.from({ length: count }, (_, at) => ({
    id: `${prefix}${at}`,
    slug: `${prefix}-${at}`,
    title: `Post ${at}`,
    summary: 'S',
    featuredImageUrl: '',
    publishDate: `2025-01-${String(28 - at).padStart(2, '0')}`,
    tags,
  }))
}

describe('tagPageData', () => {
  const published = [...list(23, ['Apple TV']), ...list(2, ['Setup', 'apple tv'], 'q')]

  it('gives a page of ten cards in the list\'s order, without summaries, with the tag\'s first spelling and the page count', () => {
    const first = tagPageData(published, 'apple-tv', 1)!
    expect(first.name).toBe('Apple TV')
    expect(first.totalPages).toBe(3)
    expect(first.posts.map((post) => post.slug)).toEqual(Array.from({ length: 10 }, (_, at) => `p-${at}`))
    expect(first.posts[0]).not.toHaveProperty('summary')
    expect(tagPageData(published, 'apple-tv', 3)!.posts.map((post) => post.slug)).toEqual(['p-20', 'p-21', 'p-22', 'q-0', 'q-1'])
  })

  it('answers null for an unknown tag, page 0, a fraction or a page past the end', () => {
    expect(tagPageData(published, 'nope', 1)).toBeNull()
    for (const page of [0, 1.5, 4, Number.NaN]) expect(tagPageData(published, 'apple-tv', page), String(page)).toBeNull()
  })

  it('lists every page of every tag', () => {
    expect(tagPageUrls(published)).toEqual(['/blog/tag/apple-tv', '/blog/tag/apple-tv/page/2', '/blog/tag/apple-tv/page/3', '/blog/tag/setup'])
    expect(tagPageCount({ posts: [] })).toBe(1)
  })
})

describe('tag feeds', () => {
  it('sit beside the tag page, named like the blog\'s, each with its title', () => {
    expect(tagFeedLinks('apple-tv', 'Apple TV')).toEqual([
      { path: '/blog/tag/apple-tv/rss.xml', type: 'application/rss+xml', title: 'Watchio blog: Apple TV (RSS)' },
      { path: '/blog/tag/apple-tv/atom.xml', type: 'application/atom+xml', title: 'Watchio blog: Apple TV (Atom)' },
      { path: '/blog/tag/apple-tv/feed.json', type: 'application/feed+json', title: 'Watchio blog: Apple TV (JSON Feed)' },
    ])
    expect(tagFeedPath('setup', '/blog/atom.xml')).toBe('/blog/tag/setup/atom.xml')
  })

  it('are known by their URL, and nothing else is', () => {
    expect(tagFeedOfUrl('/blog/tag/apple-tv/feed.json')).toEqual({ slug: 'apple-tv', format: '/blog/feed.json' })
    for (const url of ['/blog/tag/apple-tv/other.xml', '/blog/tag/Apple/rss.xml', '/blog/tag/a/b/rss.xml', '/blog/rss.xml', '/blog/tag/-a/rss.xml']) {
      expect(tagFeedOfUrl(url), url).toBeNull()
    }
  })

  it('are feeds and documents to the server: their type, and a file of their own beside the page', () => {
    expect(feedContentTypeOf('/blog/tag/x/rss.xml')).toBe('application/rss+xml; charset=utf-8')
    expect(feedContentTypeOf('/blog/tag/x/page.xml')).toBeUndefined()
    expect(isDocumentPath('/blog/tag/x/feed.json')).toBe(true)
    expect(isDocumentPath('/blog/tag/x')).toBe(false)
    expect(pageFilePath('/site', '/blog/tag/x/atom.xml')).toBe('/site/blog/tag/x/atom.xml')
    expect(pageFilePath('/site', '/blog/tag/x/page/2')).toBe('/site/blog/tag/x/page/2/index.html')
  })
})

describe('noteTagsBefore', () => {
  it('keeps each slug once, and makes no list for a post without tags', () => {
    const change: { tagsBefore?: string[] } = {}
    noteTagsBefore(change, undefined)
    noteTagsBefore(change, [])
    expect(change).toEqual({})
    noteTagsBefore(change, ['Apple TV', 'Setup'])
    noteTagsBefore(change, ['apple tv'])
    expect(change.tagsBefore).toEqual(['apple-tv', 'setup'])
  })
})

describe('tagPathsMoved', () => {
  const published = [...list(23, ['Apple TV']), ...list(2, ['Setup'], 'q')]

  it("pairs each of the old tag's pages and feeds with the new tag's", () => {
    expect(tagPathsMoved(published, 'apple-tv', 'tvos')).toEqual([
      ['/blog/tag/apple-tv', '/blog/tag/tvos'],
      ['/blog/tag/apple-tv/page/2', '/blog/tag/tvos/page/2'],
      ['/blog/tag/apple-tv/page/3', '/blog/tag/tvos/page/3'],
      ['/blog/tag/apple-tv/rss.xml', '/blog/tag/tvos/rss.xml'],
      ['/blog/tag/apple-tv/atom.xml', '/blog/tag/tvos/atom.xml'],
      ['/blog/tag/apple-tv/feed.json', '/blog/tag/tvos/feed.json'],
    ])
  })

  it('is empty when the slug stays, or when no published post has the tag (drafts have no tag page)', () => {
    expect(tagPathsMoved(published, 'apple-tv', 'apple-tv')).toEqual([])
    expect(tagPathsMoved(published, 'only-in-drafts', 'tvos')).toEqual([])
  })
})
