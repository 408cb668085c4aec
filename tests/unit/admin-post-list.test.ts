import { describe, expect, it } from 'vitest'
import { readPostListQuery } from '../../server/http/post-list-query.ts'
import { type AdminPostSummary, listEntry, selectPosts } from '../../server/services/posts/admin-post-list.ts'

const card = (slug: string, overrides: Partial<AdminPostSummary> = {}): AdminPostSummary => ({
  id: slug.replace(/-/g, ''),
  slug,
  title: slug.replace(/-/g, ' '),
  summary: 's',
  publishDate: '2025-01-01',
  isPublished: true,
  version: 'v',
  ...overrides,
})

/** An entry with its content (HTML, as a post file holds it). */
const entry = (summary: AdminPostSummary, content = '<p>Nothing to see.</p>') => listEntry(summary, () => content)

// Newest first, as the index gives them.
const entries = [
  entry(card('cafe-news', { title: 'Café news', publishDate: '2025-03-01' }), '<p>Our <strong>espresso</strong> machine is naïvely priced, <a href="https://example.com/hidden-word">see</a>.</p>\n<p>Wi<em>Fi</em> &amp; more</p>'),
  entry(card('draft-one', { isPublished: false, publishDate: '2025-02-01', summary: 'Subtitles in Portuguese' })),
  entry(card('apple-tv-tips', { title: 'Apple TV tips', publishDate: '2025-01-15', review: { state: 'in-review', branch: 'cms/apple-tv-tips' } })),
  entry(card('zebra', { publishDate: '2024-12-01' }), '<h2>Stripes</h2>\n<p>Résumé of the ZEBRA’s day</p>'),
]
/** The site's day in these tests: every post above is dated before it. */
const TODAY = '2025-06-01'
const slugs = (query: Parameters<typeof selectPosts>[1], today = TODAY) => selectPosts(entries, query, today).posts.map((post) => post.slug)

describe('selectPosts', () => {
  it('gives the first page, newest first, when nothing is asked', () => {
    expect(selectPosts(entries, {}, TODAY)).toEqual({ posts: entries.map((entry) => entry.card), total: 4 })
    const many = Array.from({ length: 45 }, (_, i) => entry(card(`post-${String(i).padStart(2, '0')}`)))
    expect(selectPosts(many, {}, TODAY)).toMatchObject({ total: 45, posts: many.slice(0, 20).map((entry) => entry.card) })
    expect(selectPosts(many, { page: 3 }, TODAY).posts.map((post) => post.slug)).toEqual(many.slice(40).map((entry) => entry.card.slug))
  })

  it('searches title and slug, every word, ignoring case and accents', () => {
    expect(slugs({ q: 'CAFE' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'café' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'tv apple' })).toEqual(['apple-tv-tips'])
    expect(slugs({ q: 'draft-o' })).toEqual(['draft-one'])
    expect(slugs({ q: 'apple zebra' })).toEqual([])
  })

  it('searches the summary and the text too, ignoring case, accents, tags and attributes', () => {
    expect(slugs({ q: 'espresso' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'ESPRES' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'naive' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'NAÏVELY' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'resume' })).toEqual(['zebra'])
    expect(slugs({ q: 'zebra’s stripes' })).toEqual(['zebra'])
    expect(slugs({ q: 'portuguese' })).toEqual(['draft-one'])
    // An inline element inside a word leaves the word whole.
    expect(slugs({ q: 'wifi' })).toEqual(['cafe-news'])
    // Markup is not text: tag names, attributes, links' addresses and references.
    expect(slugs({ q: 'strong' })).toEqual([])
    expect(slugs({ q: 'hidden' })).toEqual([])
    expect(slugs({ q: 'href' })).toEqual([])
    expect(slugs({ q: 'amp' })).toEqual([])
    // Every word must be found, each anywhere in the post.
    expect(slugs({ q: 'café espresso' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'espresso portuguese' })).toEqual([])
    expect(slugs({ q: 'subtitles', state: 'published' })).toEqual([])
  })

  it('finds nothing for a search with no letter or digit, and never fails on odd input', () => {
    expect(selectPosts(entries, { q: '?!…' }, TODAY)).toEqual({ posts: [], total: 0 })
    for (const q of ['.*', '(', '\\', '\u0000', '\ud800', '<script>', '%00', 'a'.repeat(200)]) {
      expect(() => selectPosts(entries, { q }, TODAY)).not.toThrow()
    }
  })

  it('filters by state', () => {
    expect(slugs({ state: 'draft' })).toEqual(['draft-one'])
    expect(slugs({ state: 'published' })).toEqual(['cafe-news', 'apple-tv-tips', 'zebra'])
    expect(slugs({ state: 'in-review' })).toEqual(['apple-tv-tips'])
    expect(slugs({ state: 'out-of-sync' })).toEqual([])
    expect(slugs({ state: 'scheduled' })).toEqual([])
  })

  it('marks a published post dated after the site\'s day as scheduled, and filters by it', () => {
    // On 2025-02-01, cafe-news (2025-03-01) is scheduled; the draft dated 2025-02-01 stays a draft.
    expect(slugs({ state: 'scheduled' }, '2025-02-01')).toEqual(['cafe-news'])
    expect(slugs({ state: 'published' }, '2025-02-01')).toEqual(['apple-tv-tips', 'zebra'])
    const page = selectPosts(entries, {}, '2025-02-01').posts
    expect(page.map((post) => post.scheduled)).toEqual([true, undefined, undefined, undefined])
    // The cached card itself is not marked: it outlives the day.
    expect(entries[0]!.card.scheduled).toBeUndefined()
    // Its day begun, it is published like any other.
    expect(slugs({ state: 'scheduled' }, '2025-03-01')).toEqual([])
  })

  it('sorts oldest first or by title', () => {
    expect(slugs({ sort: 'oldest' })).toEqual(['zebra', 'apple-tv-tips', 'draft-one', 'cafe-news'])
    expect(slugs({ sort: 'title' })).toEqual(['apple-tv-tips', 'cafe-news', 'draft-one', 'zebra'])
    // The shared, sorted entries are never reordered by a request.
    expect(entries.map((entry) => entry.card.slug)).toEqual(['cafe-news', 'draft-one', 'apple-tv-tips', 'zebra'])
  })

  it('pages, with the total of every page', () => {
    expect(selectPosts(entries, { page: 2, perPage: 3 }, TODAY)).toMatchObject({ total: 4, posts: [{ slug: 'zebra' }] })
    expect(selectPosts(entries, { page: 3, perPage: 3 }, TODAY)).toEqual({ total: 4, posts: [] })
    expect(selectPosts(entries, { page: 1, perPage: 2, state: 'published' }, TODAY)).toMatchObject({ total: 3, posts: [{ slug: 'cafe-news' }, { slug: 'apple-tv-tips' }] })
  })
})

describe('readPostListQuery', () => {
  it('reads every parameter', () => {
    expect(readPostListQuery({ q: ' tips ', state: 'draft', sort: 'title', page: '3', perPage: '50' })).toEqual({ q: 'tips', state: 'draft', sort: 'title', page: 3, perPage: 50 })
    expect(readPostListQuery({ q: '  ', state: 'all', sort: '' })).toEqual({})
    expect(readPostListQuery({ other: 'ignored' })).toEqual({})
  })

  it.each([
    [{ q: 'x'.repeat(10_000) }, /q is too long/],
    [{ state: 'secret' }, /state must be one of/],
    [{ sort: 'id; drop' }, /sort must be one of/],
    [{ page: '0' }, /page must be a whole number/],
    [{ page: '-1' }, /page must be a whole number/],
    [{ page: '1.5' }, /page must be a whole number/],
    [{ page: '99999999999999999999' }, /page must be a whole number/],
    [{ page: 'abc' }, /page must be a whole number/],
    [{ perPage: '101' }, /perPage must be a whole number from 1 to 100/],
    [{ q: ['a', 'b'] }, /q may be given once/],
  ])('refuses %o', (query, message) => {
    expect(() => readPostListQuery(query)).toThrow(message)
  })
})
