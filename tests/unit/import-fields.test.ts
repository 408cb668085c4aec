import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sitePagePaths } from '../../server/import/import-target.ts'
import type { ImportedPost } from '../../server/import/imported-post.ts'
import { freeSlug, publishDayOf, publishedOf, summaryOf, titleOf, wantedSlugOf } from '../../server/import/imported-fields.ts'

const post = (fields: Partial<ImportedPost>): ImportedPost => ({
  source: 'test:1', title: 'A title', slug: '', html: '', summary: '', status: 'published', date: '', featuredImage: '', featuredImageAlt: '', oldPaths: [], ...fields,
})

describe('the imported post\'s fields', () => {
  it('keeps a valid slug, makes one from an invalid slug or the title, and suffixes a taken one within the limit', () => {
    expect(wantedSlugOf(post({ slug: 'hello-world' }), 'x')).toEqual({ value: 'hello-world' })
    expect(wantedSlugOf(post({ slug: 'Café Olé' }), 'x').value).toBe('cafe-ole')
    expect(wantedSlugOf(post({ slug: '' }), 'Hello, World! 2.0')).toEqual({ value: 'hello-world-2-0', note: 'no slug in the source: "hello-world-2-0" made from the title' })
    expect(freeSlug('a', (slug) => ['a', 'a-2'].includes(slug))).toBe('a-3')
    expect(freeSlug('x'.repeat(100), (slug) => slug === 'x'.repeat(100))).toBe(`${'x'.repeat(98)}-2`)
  })

  it('dates a post by its moment\'s day in the site\'s zone, a bare or zoneless date as written, none as today', () => {
    expect(publishDayOf('2019-05-01T23:30:00Z', 'UTC', '2026-01-01').value).toBe('2019-05-01')
    expect(publishDayOf('2019-05-01T23:30:00Z', 'Europe/Berlin', '2026-01-01').value).toBe('2019-05-02')
    expect(publishDayOf('2019-05-01T23:30:00', 'Europe/Berlin', '2026-01-01').value).toBe('2019-05-01')
    expect(publishDayOf('', 'UTC', '2026-01-01')).toEqual({ value: '2026-01-01', note: 'no date in the source: dated today' })
    expect(publishDayOf('2019-02-30', 'UTC', '2026-01-01').value).toBe('2026-01-01')
  })

  it('keeps drafts as drafts and says when a date turns a status into another', () => {
    expect(publishedOf(post({ status: 'draft' }), '2030-01-01', '2026-01-01')).toEqual({ value: false })
    expect(publishedOf(post({ status: 'scheduled' }), '2030-01-01', '2026-01-01')).toEqual({ value: true })
    expect(publishedOf(post({ status: 'scheduled' }), '2020-01-01', '2026-01-01').note).toMatch(/has begun: published/)
    expect(publishedOf(post({ status: 'published' }), '2030-01-01', '2026-01-01').note).toMatch(/scheduled until that day/)
  })

  it('takes the source\'s summary, or the first words of the text within the limit, or the title', () => {
    expect(summaryOf(post({ summary: ' Given. ' }), '<p>x</p>', 't')).toEqual({ value: 'Given.' })
    const made = summaryOf(post({}), `<p>${'word '.repeat(100)}</p>`, 't')
    expect(made.value.length).toBeLessThanOrEqual(200)
    expect(made.value).toMatch(/^word word .* word…$/)
    expect(summaryOf(post({}), '<figure><img src="/images/a.png" alt=""></figure>', 'The title').value).toBe('The title')
    expect(titleOf(post({ title: '  ' }))).toEqual({ value: 'Untitled', note: 'no title in the source: titled "Untitled"' })
  })

  it('knows the site\'s own pages from the pages/ folders', () => {
    const pages = sitePagePaths(path.resolve(import.meta.dirname, '../../pages'))
    expect([...pages]).toEqual(expect.arrayContaining(['/', '/blog', '/pricing', '/legal']))
    expect([...pages].some((page) => page.startsWith('/admin') || page.includes('@') || page.includes('_error'))).toBe(false)
  })
})
