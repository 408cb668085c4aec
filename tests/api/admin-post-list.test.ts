/**
 * The admin list at scale: cards without content, searched, filtered, sorted and
 * paged by the server, compressed, and true after every write; Edit reads the whole post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

interface Card {
  id: string
  slug: string
  title: string
  summary: string
  publishDate: string
  isPublished: boolean
  version: string
}

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})

afterAll(() => close?.())

async function list(query = ''): Promise<{ cards: Card[]; total: number; response: Response }> {
  const { status, body, response } = await api.json<Card[]>('GET', `/api/admin/blog/posts${query}`)
  expect(status).toBe(200)
  return { cards: body, total: Number(response.headers.get('x-total-count')), response }
}

describe('GET /api/admin/blog/posts', () => {
  it('lists every post as a card (no content), drafts included, newest first, with its version', async () => {
    const { cards, total, response } = await list()
    expect(total).toBe(14)
    expect(cards).toHaveLength(14)
    for (const card of cards) {
      expect(Object.keys(card).sort()).toEqual(['id', 'isPublished', 'publishDate', 'slug', 'summary', 'title', 'version'])
      expect(card.version).toBe(git(site.repoDir, 'hash-object', `content/blog/${card.slug}.html`))
    }
    expect(cards.filter((card) => !card.isPublished).map((card) => card.slug).sort()).toEqual(['tips-for-smooth-playback', 'whats-next-for-watchio'])
    const dates = cards.map((card) => card.publishDate)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('is compressed for a client that accepts it, and plain for one that does not', async () => {
    const compressed = await api.request('GET', '/api/admin/blog/posts', { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/i)
    expect(compressed.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await compressed.json()) as Card[]).length).toBe(14)
    const gzip = await api.request('GET', '/api/admin/blog/posts', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const plain = await api.request('GET', '/api/admin/blog/posts', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(((await plain.json()) as Card[]).length).toBe(14)
  })

  it('searches title and slug, any case, every word', async () => {
    expect((await list('?q=XTREAM')).cards.map((card) => card.slug)).toEqual(['connect-an-xtream-codes-account'])
    expect((await list('?q=apple%20tv')).cards.map((card) => card.slug)).toEqual([
      'tips-for-smooth-playback',
      'summer-update-for-apple-tv',
      'introducing-watchio',
    ])
    expect((await list('?q=m3u-play')).cards.map((card) => card.slug)).toEqual(['add-an-m3u-playlist'])
    expect(await list('?q=nothing-like-this')).toMatchObject({ cards: [], total: 0 })
  })

  it('filters by state and sorts', async () => {
    const drafts = await list('?state=draft')
    expect(drafts.total).toBe(2)
    expect(drafts.cards.map((card) => card.slug)).toEqual(['whats-next-for-watchio', 'tips-for-smooth-playback'])
    const published = await list('?state=published')
    expect(published.total).toBe(12)
    expect(published.cards.every((card) => card.isPublished)).toBe(true)
    expect((await list('?sort=oldest')).cards[0]!.slug).toBe('introducing-watchio')
    const byTitle = (await list('?sort=title')).cards.map((card) => card.title.toLowerCase())
    expect([...byTitle].sort()).toEqual(byTitle)
  })

  it('pages, telling the total of every page', async () => {
    const all = (await list()).cards.map((card) => card.slug)
    const first = await list('?page=1&perPage=5')
    const third = await list('?page=3&perPage=5')
    expect(first).toMatchObject({ total: 14 })
    expect(first.cards.map((card) => card.slug)).toEqual(all.slice(0, 5))
    expect(third.cards.map((card) => card.slug)).toEqual(all.slice(10))
    expect(await list('?page=4&perPage=5')).toMatchObject({ cards: [], total: 14 })
    // A size without a page is the first page.
    expect((await list('?perPage=5')).cards.map((card) => card.slug)).toEqual(all.slice(0, 5))
    expect((await list('?state=published&page=2&perPage=10')).cards).toHaveLength(2)
  })

  it.each([
    ['a 10,000-character search', `?q=${'a'.repeat(10_000)}`, /q is too long/],
    ['an unknown state', '?state=secret', /state must be one of/],
    ['an unknown sort', '?sort=id', /sort must be one of/],
    ['page 0', '?page=0', /page must be a whole number/],
    ['a page that is not a number', '?page=two', /page must be a whole number/],
    ['a negative page', '?page=-3', /page must be a whole number/],
    ['a huge page', '?page=1e309', /page must be a whole number/],
    ['too many per page', '?perPage=1000', /perPage must be a whole number from 1 to 100/],
    ['a parameter given twice', '?q=a&q=b', /q may be given once/],
  ])('refuses %s with a 400 that says why', async (_name, query, message) => {
    const started = performance.now()
    const response = await api.request('GET', `/api/admin/blog/posts${query}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(message)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('is for signed-in admins only', async () => {
    expect((await new ApiClient(server.url).request('GET', '/api/admin/blog/posts?q=watchio')).status).toBe(401)
  })
})

describe('after a write, the list says what is saved', () => {
  it('has a created post, its new title after an update, and not once deleted', async () => {
    const created = await api.json<Card>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'list-after-write', title: 'Zanzibar notes', publishDate: '2026-01-01' }))
    expect(created.status).toBe(201)
    let page = await list('?page=1&perPage=3')
    expect(page.total).toBe(15)
    expect(page.cards[0]).toMatchObject({ slug: 'list-after-write', title: 'Zanzibar notes', version: created.body.version })
    expect((await list('?q=zanzibar')).cards.map((card) => card.id)).toEqual([created.body.id])

    const full = await api.json<Card & { content: string }>('GET', `/api/admin/blog/posts/${created.body.id}`)
    expect(full.body.content).toContain('<p>')
    const updated = await api.json<Card>('PUT', `/api/admin/blog/posts/${created.body.id}`, { ...full.body, title: 'Mombasa notes' })
    expect(updated.status).toBe(200)
    expect((await list('?q=zanzibar')).total).toBe(0)
    expect((await list('?q=mombasa')).cards).toMatchObject([{ id: created.body.id, version: updated.body.version }])

    const removed = await api.request('DELETE', `/api/admin/blog/posts/${created.body.id}`, { headers: { 'If-Match': `"${updated.body.version}"` } })
    expect(removed.status).toBe(204)
    page = await list('?page=1&perPage=3')
    expect(page.total).toBe(14)
    expect((await list('?q=mombasa')).total).toBe(0)
  })
})

describe('GET /api/admin/blog/posts/{id}', () => {
  it('is the whole post with its content, compressed, its version as ETag', async () => {
    const [card] = (await list('?q=xtream')).cards
    const response = await api.request('GET', `/api/admin/blog/posts/${card!.id}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBe(`"${card!.version}"`)
    expect(response.headers.get('content-encoding')).toBe('br')
    const post = (await response.json()) as Card & { content: string; featuredImageUrl: string }
    expect(post).toMatchObject({ ...card, content: expect.stringContaining('</p>') })
    expect(typeof post.featuredImageUrl).toBe('string')
  })
})
