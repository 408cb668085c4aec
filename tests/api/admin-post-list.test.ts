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

  it('searches title, slug, summary and text, any case, every word', async () => {
    expect((await list('?q=XTREAM')).cards.map((card) => card.slug)).toContain('connect-an-xtream-codes-account')
    // Each word anywhere: "m3u" and "play" both in this post's slug.
    expect((await list('?q=m3u-play')).cards.map((card) => card.slug)).toContain('add-an-m3u-playlist')
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
    const response = await api.request('GET', `/api/admin/blog/posts${query}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(message)
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
    const [card] = (await list('?q=connect-an-xtream-codes-account')).cards
    const response = await api.request('GET', `/api/admin/blog/posts/${card!.id}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBe(`"${card!.version}"`)
    expect(response.headers.get('content-encoding')).toBe('br')
    const post = (await response.json()) as Card & { content: string; featuredImageUrl: string }
    expect(post).toMatchObject({ ...card, content: expect.stringContaining('</p>') })
    expect(typeof post.featuredImageUrl).toBe('string')
  })
})

describe('searching the text', () => {
  /** Posts made for these tests only, deleted after: the others count the fixtures' 14. */
  const made: Card[] = []

  beforeAll(async () => {
    const bodies = [
      newPostBody({
        slug: 'search-in-the-text',
        title: 'Evening notes',
        summary: 'Where the quokkas sleep.',
        content: '<p>The <strong>zyzzyva</strong> crosses the Ménière bridge, Wi<em>Fi</em> on.</p>\n<p>See <a href="https://example.com/hiddenpath">the map</a> &amp; more.</p>',
      }),
      newPostBody({ slug: 'search-a-draft', title: 'Crème brûlée', summary: 'A dessert.', content: '<p>Caramelised ZYZZYVA sugar.</p>', isPublished: false }),
    ]
    for (const body of bodies) {
      const created = await api.json<Card>('POST', '/api/admin/blog/posts', body)
      expect(created.status).toBe(201)
      made.push(created.body)
    }
  })

  afterAll(async () => {
    for (const card of made) {
      const current = await api.json<Card>('GET', `/api/admin/blog/posts/${card.id}`)
      await api.request('DELETE', `/api/admin/blog/posts/${card.id}`, { headers: { 'If-Match': `"${current.body.version}"` } })
    }
  })

  const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).cards.map((card) => card.slug).sort()

  it('finds a word only in the text, drafts included, in any case', async () => {
    expect(await found('zyzzyva')).toEqual(['search-a-draft', 'search-in-the-text'])
    expect(await found('ZyZzYvA')).toEqual(['search-a-draft', 'search-in-the-text'])
    expect(await found('zyzzyva bridge')).toEqual(['search-in-the-text'])
    expect(await found('zyzzyva')).toEqual(await found('zyzz'))
    // A word cut by an inline element is one word.
    expect(await found('wifi zyzzyva')).toEqual(['search-in-the-text'])
    expect((await list('?q=zyzzyva&state=draft')).cards.map((card) => card.slug)).toEqual(['search-a-draft'])
  })

  it('finds a word only in the summary', async () => {
    expect(await found('quokkas')).toEqual(['search-in-the-text'])
  })

  it('ignores accents, in the text and in the query', async () => {
    expect(await found('meniere')).toEqual(['search-in-the-text'])
    expect(await found('MÉNIÈRE')).toEqual(['search-in-the-text'])
    expect(await found('creme brulee')).toEqual(['search-a-draft'])
    expect(await found('caramélised')).toEqual(['search-a-draft'])
  })

  it('finds nothing in markup, nor where no post has the word', async () => {
    expect(await found('hiddenpath')).toEqual([])
    expect(await found('strong zyzzyva')).toEqual([])
    expect(await list('?q=xylophonist')).toMatchObject({ cards: [], total: 0 })
  })

  it('finds the text as saved: a new word at once, the old one no more', async () => {
    const [card] = made
    const current = await api.json<Card & { content: string }>('GET', `/api/admin/blog/posts/${card!.id}`)
    const saved = await api.json<Card>('PUT', `/api/admin/blog/posts/${card!.id}`, { ...current.body, content: '<p>Now about a quixotic heron.</p>' })
    expect(saved.status).toBe(200)
    expect(await found('quixotic')).toEqual(['search-in-the-text'])
    expect(await found('zyzzyva')).toEqual(['search-a-draft'])
  })

  it.each([
    ['regular expression characters', '.*(['],
    ['markup', '<script>alert(1)</script>'],
    ['a NUL character', '\u0000'],
    ['only punctuation', '?!…—'],
    ['two hundred letters', 'e'.repeat(200)],
    ['a hundred one-letter words', Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ')],
  ])('answers %s with a page, never an error', async (_name, q) => {
    const response = await api.request('GET', `/api/admin/blog/posts?q=${encodeURIComponent(q)}`)
    expect(response.status).toBe(200)
    expect(Array.isArray(await response.json())).toBe(true)
  })

  it.each([
    ['a query cut in the middle of a percent sign', '?q=%E2%80'],
    ['a bad percent sign', '?q=%zz'],
    ['a lone surrogate, encoded', '?q=%ED%A0%80'],
    ['a query as a list', '?q=a&q=b'],
  ])('answers %s with a page or a 400, never a 500', async (_name, query) => {
    const response = await api.request('GET', `/api/admin/blog/posts${query}`)
    expect([200, 400]).toContain(response.status)
  })
})
