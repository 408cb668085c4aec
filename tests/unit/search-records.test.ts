import { describe, expect, it } from 'vitest'
import { PostIndex } from '../../server/content/post-index.ts'
import { searchRecordOf, searchRecordsOf, searchStampOf } from '../../server/search/search-records.ts'

const post = (slug: string, fields: { title?: string; publishDate?: string; isPublished?: boolean; content?: string } = {}) => ({
  id: `id-${slug}`,
  slug,
  title: fields.title ?? `Title of ${slug}`,
  summary: '',
  publishDate: fields.publishDate ?? '2025-01-01',
  isPublished: fields.isPublished ?? true,
  featuredImageUrl: '',
  content: fields.content ?? `<p>Text of ${slug}</p>`,
})

describe('search records', () => {
  it('a post as Pagefind indexes it: its URL, its title then its text as plain text, its title and date to show', () => {
    const record = searchRecordOf(
      { slug: 'wifi-tips', title: 'Wi-Fi & you', publishDate: '2025-03-04' },
      '<h2 id="a">Set up</h2><p>Use <strong>Wi</strong>Fi &amp; a <a href="/x">router</a>.</p>\n\n<ul><li>One</li></ul>',
    )
    expect(record).toEqual({
      url: '/blog/wifi-tips',
      content: 'Wi-Fi & you. Set up Use WiFi & a router. One',
      language: 'en',
      meta: { title: 'Wi-Fi & you', date: '2025-03-04' },
    })
  })

  it('indexes the live posts only, newest first', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('old', { publishDate: '2025-01-01' }), 'v1')
    index.upsert(post('new', { publishDate: '2025-05-01' }), 'v2')
    index.upsert(post('draft', { isPublished: false }), 'v3')
    index.upsert(post('scheduled', { publishDate: '2025-07-01' }), 'v4')
    const urls: string[] = []
    for await (const record of searchRecordsOf(index, { chunk: 1 })) urls.push(record.url)
    expect(urls).toEqual(['/blog/new', '/blog/old'])
  })

  it('the stamp changes with a live post\'s version, a post published or removed; not with a draft', () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a'), 'v1')
    const first = searchStampOf(index)
    expect(searchStampOf(index)).toBe(first)
    index.upsert(post('draft', { isPublished: false }), 'd1')
    expect(searchStampOf(index)).toBe(first)
    index.upsert(post('a', { content: '<p>Changed</p>' }), 'v2')
    const edited = searchStampOf(index)
    expect(edited).not.toBe(first)
    index.upsert(post('draft'), 'd2')
    expect(searchStampOf(index)).not.toBe(edited)
    index.remove('draft')
    expect(searchStampOf(index)).toBe(edited)
  })
})
