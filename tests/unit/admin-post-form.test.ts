import { describe, expect, it } from 'vitest'
import {
  emptyForm,
  hasRequiredFields,
  isContentEmpty,
  isDirty,
  previewableImage,
  saveBody,
  slugify,
} from '../../pages/admin/blog/post-form.ts'
import { checkSlug } from '../../server/content/post-rules.ts'

describe('the post form', () => {
  it('starts with SPEC §3 defaults: empty strings, today, a draft', () => {
    expect(emptyForm('2026-11-21')).toEqual({
      title: '', slug: '', summary: '', content: '', publishDate: '2026-11-21', isPublished: false, featuredImageUrl: '', featuredImageAlt: '',
    })
  })

  it("sends SPEC's payload as it is while there is no featured image alt text, and an empty one to remove a saved one", () => {
    const form = { ...emptyForm('2026-11-21'), title: 'T' }
    const spec = ['title', 'slug', 'summary', 'content', 'publishDate', 'isPublished', 'featuredImageUrl']
    expect(Object.keys(saveBody(form, null)).sort()).toEqual([...spec].sort())
    expect(Object.keys(saveBody(form, {})).sort()).toEqual([...spec].sort())
    expect(saveBody({ ...form, featuredImageAlt: 'A boat' }, null)).toEqual({ ...form, featuredImageAlt: 'A boat' })
    expect(saveBody(form, { featuredImageAlt: 'Saved' })).toEqual({ ...form, featuredImageAlt: '' })
  })

  it('suggests a slug the server accepts from any title', () => {
    expect(slugify('Hello, World! 2.0')).toBe('hello-world-2-0')
    expect(slugify('Crème brûlée — à la carte')).toBe('creme-brulee-a-la-carte')
    expect(slugify('  --Already-a-slug--  ')).toBe('already-a-slug')
    for (const title of ['What’s next: iPhone & Mac', 'x'.repeat(300), 'a - b - c', '2025 roadmap']) {
      expect(checkSlug(slugify(title)), title).toBeNull()
    }
    expect(slugify('!!!')).toBe('')
  })

  it('counts editor HTML without text or image as no content', () => {
    expect(isContentEmpty('')).toBe(true)
    expect(isContentEmpty('<p></p>')).toBe(true)
    expect(isContentEmpty('<p><br></p>\n<p>&nbsp;</p>')).toBe(true)
    expect(isContentEmpty('<p>Hi</p>')).toBe(false)
    expect(isContentEmpty('<p><img src="https://x.example/a.png" alt=""></p>')).toBe(false)
    // A post of a video alone is a post.
    expect(isContentEmpty('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="A video"></iframe>')).toBe(false)
  })

  it('requires title, slug, summary and content (SPEC §5)', () => {
    const full = { ...emptyForm('2026-11-21'), title: 'T', slug: 't', summary: 'S', content: '<p>C</p>' }
    expect(hasRequiredFields(full)).toBe(true)
    for (const key of ['title', 'slug', 'summary'] as const) expect(hasRequiredFields({ ...full, [key]: '  ' })).toBe(false)
    expect(hasRequiredFields({ ...full, content: '<p></p>' })).toBe(false)
  })

  it('knows when the form differs from what it opened with', () => {
    const form = emptyForm('2026-11-21')
    expect(isDirty(form, { ...form })).toBe(false)
    expect(isDirty({ ...form, isPublished: true }, form)).toBe(true)
    expect(isDirty({ ...form, featuredImageAlt: 'A boat' }, form)).toBe(true)
    // A draft kept before the alt text existed: no change.
    const { featuredImageAlt: _, ...older } = form
    expect(isDirty(older, form)).toBe(false)
  })

  it('previews only http(s) and site images', () => {
    expect(previewableImage('https://x.example/a.png')).toBe('https://x.example/a.png')
    expect(previewableImage('/images/blog/a.svg')).toBe('/images/blog/a.svg')
    expect(previewableImage('//evil.example/a.png')).toBeNull()
    expect(previewableImage('javascript:alert(1)')).toBeNull()
    expect(previewableImage('')).toBeNull()
  })
})

describe('the post form\'s tags', () => {
  it('are sent when there are some, [] to remove saved ones, and left out otherwise (SPEC\'s payload)', () => {
    const form = { ...emptyForm('2026-11-21'), title: 'T' }
    expect(saveBody({ ...form, tags: ['Apple TV'] }, null).tags).toEqual(['Apple TV'])
    expect(saveBody({ ...form, tags: [] }, { tags: ['Old'] }).tags).toEqual([])
    expect(saveBody(form, { tags: ['Old'] }).tags).toEqual([])
    expect(saveBody({ ...form, tags: [] }, {})).not.toHaveProperty('tags')
  })

  it('make the form dirty by their items, none being the same as an empty list', () => {
    const form = { ...emptyForm('2026-11-21'), tags: ['A'] }
    expect(isDirty({ ...form, tags: ['A'] }, form)).toBe(false)
    expect(isDirty({ ...form, tags: ['A', 'B'] }, form)).toBe(true)
    expect(isDirty({ ...form, tags: [] }, emptyForm('2026-11-21'))).toBe(false)
  })
})
