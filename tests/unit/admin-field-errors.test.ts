import { describe, expect, it } from 'vitest'
import {
  fieldErrorOfRefusal,
  fieldsChangedSince,
  firstFieldWithError,
  requiredFieldErrors,
  withoutStatus,
} from '../../pages/admin/blog/field-errors.ts'
import { emptyForm } from '../../pages/admin/blog/post-form.ts'

const filled = { ...emptyForm('2025-11-01'), title: 'T', slug: 't', summary: 'S', content: '<p>C</p>' }

describe('the post form says what is wrong at each field', () => {
  it('names every empty required field (SPEC §5), in the form order', () => {
    const errors = requiredFieldErrors(emptyForm('2025-11-01'))
    expect(Object.keys(errors)).toEqual(['title', 'slug', 'summary', 'content'])
    expect(firstFieldWithError(errors)).toBe('title')
    expect(requiredFieldErrors(filled)).toEqual({})
    // Empty editor HTML is no content.
    expect(Object.keys(requiredFieldErrors({ ...filled, content: '<p><br></p>', summary: '  ' }))).toEqual(['summary', 'content'])
    expect(firstFieldWithError(requiredFieldErrors({ ...filled, content: '' }))).toBe('content')
  })

  it('puts a refusal of the server at its field, in words, without the status code', () => {
    expect(fieldErrorOfRefusal(409, '409: slug "welcome" is already used by another post')).toEqual({
      field: 'slug',
      message: 'The slug “welcome” is already used by another post. Choose another one.',
    })
    expect(fieldErrorOfRefusal(400, '400: slug must be lowercase letters and digits separated by single hyphens')).toEqual({
      field: 'slug',
      message: 'Slug must be lowercase letters and digits separated by single hyphens.',
    })
    expect(fieldErrorOfRefusal(400, '400: title must be at most 200 characters')).toEqual({ field: 'title', message: 'Title must be at most 200 characters.' })
    expect(fieldErrorOfRefusal(400, '400: featuredImageUrl must be empty, an http(s) URL or a path starting with /')?.message).toBe(
      'Featured image URL must be empty, an http(s) URL or a path starting with /.',
    )
    expect(fieldErrorOfRefusal(400, '400: publishDate must be a real date written YYYY-MM-DD')?.field).toBe('publishDate')
    expect(fieldErrorOfRefusal(400, '400: content has nothing left once unsafe HTML is removed')?.field).toBe('content')
    expect(fieldErrorOfRefusal(413, '413: Payload Too Large')?.message).toMatch(/^The content is too large to save\./)
  })

  it('leaves to the form what names no field: a stale edit, an unknown word, a server failure', () => {
    expect(fieldErrorOfRefusal(409, '409: This post was changed since you opened it (its version is now abc). Reload it, then save again.')).toBeNull()
    expect(fieldErrorOfRefusal(400, '400: The body must be a JSON object')).toBeNull()
    expect(fieldErrorOfRefusal(400, '400: constructor is odd')).toBeNull()
    expect(fieldErrorOfRefusal(500, '500: Internal Server Error')).toBeNull()
    expect(withoutStatus('500: Internal Server Error')).toBe('Internal Server Error')
    expect(withoutStatus('Failed to fetch')).toBe('Failed to fetch')
  })

  it('after a stale save, the fields someone else changed since the form was opened', () => {
    expect(fieldsChangedSince(filled, { ...filled, summary: 'Other', isPublished: true })).toEqual(['summary', 'isPublished'])
    expect(fieldsChangedSince(filled, filled)).toEqual([])
  })
})
