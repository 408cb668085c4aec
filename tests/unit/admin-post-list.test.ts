import { describe, expect, it } from 'vitest'
import { readPostListQuery } from '../../server/http/post-list-query.ts'
import { type AdminPostSummary, listEntry, selectPosts } from '../../server/services/admin-post-list.ts'

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

// Newest first, as the index gives them.
const entries = [
  card('cafe-news', { title: 'Café news', publishDate: '2025-03-01' }),
  card('draft-one', { isPublished: false, publishDate: '2025-02-01' }),
  card('apple-tv-tips', { title: 'Apple TV tips', publishDate: '2025-01-15', review: { state: 'in-review', branch: 'cms/apple-tv-tips' } }),
  card('zebra', { publishDate: '2024-12-01' }),
].map(listEntry)
const slugs = (query: Parameters<typeof selectPosts>[1]) => selectPosts(entries, query).posts.map((post) => post.slug)

describe('selectPosts', () => {
  it('gives the first page, newest first, when nothing is asked', () => {
    expect(selectPosts(entries, {})).toEqual({ posts: entries.map((entry) => entry.card), total: 4 })
    const many = Array.from({ length: 45 }, (_, i) => listEntry(card(`post-${String(i).padStart(2, '0')}`)))
    expect(selectPosts(many, {})).toMatchObject({ total: 45, posts: many.slice(0, 20).map((entry) => entry.card) })
    expect(selectPosts(many, { page: 3 }).posts.map((post) => post.slug)).toEqual(many.slice(40).map((entry) => entry.card.slug))
  })

  it('searches title and slug, every word, ignoring case and accents', () => {
    expect(slugs({ q: 'CAFE' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'café' })).toEqual(['cafe-news'])
    expect(slugs({ q: 'tv apple' })).toEqual(['apple-tv-tips'])
    expect(slugs({ q: 'draft-o' })).toEqual(['draft-one'])
    expect(slugs({ q: 'apple zebra' })).toEqual([])
  })

  it('filters by state', () => {
    expect(slugs({ state: 'draft' })).toEqual(['draft-one'])
    expect(slugs({ state: 'published' })).toEqual(['cafe-news', 'apple-tv-tips', 'zebra'])
    expect(slugs({ state: 'in-review' })).toEqual(['apple-tv-tips'])
    expect(slugs({ state: 'out-of-sync' })).toEqual([])
  })

  it('sorts oldest first or by title', () => {
    expect(slugs({ sort: 'oldest' })).toEqual(['zebra', 'apple-tv-tips', 'draft-one', 'cafe-news'])
    expect(slugs({ sort: 'title' })).toEqual(['apple-tv-tips', 'cafe-news', 'draft-one', 'zebra'])
    // The shared, sorted entries are never reordered by a request.
    expect(entries.map((entry) => entry.card.slug)).toEqual(['cafe-news', 'draft-one', 'apple-tv-tips', 'zebra'])
  })

  it('pages, with the total of every page', () => {
    expect(selectPosts(entries, { page: 2, perPage: 3 })).toMatchObject({ total: 4, posts: [{ slug: 'zebra' }] })
    expect(selectPosts(entries, { page: 3, perPage: 3 })).toEqual({ total: 4, posts: [] })
    expect(selectPosts(entries, { page: 1, perPage: 2, state: 'published' })).toMatchObject({ total: 3, posts: [{ slug: 'cafe-news' }, { slug: 'apple-tv-tips' }] })
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
