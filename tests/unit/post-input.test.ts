import { describe, expect, it } from 'vitest'
import { readPostInput, readVersion } from '../../server/content/post-input.ts'
import { InvalidInputError } from '../../server/lib/errors.ts'
import { MAX_URL_LENGTH } from '../../core/contract/index.ts'
import { MAX_TAG_LENGTH, MAX_TAG_NAMES, MAX_TAGS, MAX_TAGS_TEXT_LENGTH } from '../../core/tags.ts'

const defaults = { publishDate: '2025-01-01', isPublished: false, featuredImageUrl: '' }
const valid = { title: 'T', slug: 'a-post', summary: 'S', content: '<p>x</p>' }
const version = 'a'.repeat(40)

function problem(body: unknown): string {
  try {
    readPostInput(body, defaults)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return (error as Error).message
  }
  throw new Error('expected an InvalidInputError')
}

describe('readPostInput', () => {
  it('reads tags: a list or a comma-separated text, trimmed, the first spelling of a slug kept; left out, the post keeps its own', () => {
    expect(readPostInput({ ...valid, tags: [' News ', 'Apple  TV', 'apple-tv', ''] }, defaults).input.tags).toEqual(['News', 'Apple TV'])
    expect(readPostInput({ ...valid, tags: 'News, Guides' }, defaults).input.tags).toEqual(['News', 'Guides'])
    expect(readPostInput(valid, { ...defaults, tags: ['Kept'] }).input.tags).toEqual(['Kept'])
    expect(readPostInput({ ...valid, tags: [] }, { ...defaults, tags: ['Kept'] }).input).not.toHaveProperty('tags')
    expect(problem({ ...valid, tags: [{ name: 'x' }] })).toBe('tags must be a list of tag names (text)')
    expect(problem({ ...valid, tags: ['!!!'] })).toMatch(/^tags must each have a letter or digit/)
    expect(problem({ ...valid, tags: ['x'.repeat(41)] })).toBe('tags must each be at most 40 characters')
    expect(problem({ ...valid, tags: ['a\u0001b'] })).toBe('tags must each be one line without control characters')
    expect(problem({ ...valid, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toBe('tags must be at most 10')
    expect(problem({ ...valid, tags: 5 })).toBe('tags must be a list of tag names')
  })

  it('refuses a tags value far past any real one before splitting or reading it: as text, as a list', () => {
    expect(MAX_TAG_NAMES).toBe(20)
    expect(MAX_TAGS_TEXT_LENGTH).toBe(840)
    expect(problem({ ...valid, tags: ','.repeat(2_400_000) })).toBe('tags must be at most 840 characters as one text')
    expect(problem({ ...valid, tags: 'a,'.repeat(421) })).toBe('tags must be at most 840 characters as one text')
    expect(problem({ ...valid, tags: ','.repeat(MAX_TAG_NAMES) })).toBe('tags must list at most 20 names, repeats and blanks included')
    expect(problem({ ...valid, tags: Array.from({ length: 100_000 }, () => '') })).toBe('tags must list at most 20 names, repeats and blanks included')
    // Up to the limits, repeats and blanks are dropped as before.
    const longest = Array.from({ length: MAX_TAGS }, (_, i) => `${String.fromCharCode(97 + i)}${'x'.repeat(MAX_TAG_LENGTH - 1)}`)
    expect(readPostInput({ ...valid, tags: [...longest, ...longest] }, defaults).input.tags).toEqual(longest)
    expect(readPostInput({ ...valid, tags: [...longest, ...longest].join(', ') }, defaults).input.tags).toEqual(longest)
    expect(readPostInput({ ...valid, tags: `News,${','.repeat(MAX_TAG_NAMES - 2)}` }, defaults).input.tags).toEqual(['News'])
  })

  it('refuses a featured image URL over 2,000 characters', () => {
    const url = (length: number) => `https://x.example/${'a'.repeat(length - 'https://x.example/'.length)}`
    expect(readPostInput({ ...valid, featuredImageUrl: url(MAX_URL_LENGTH) }, defaults).input.featuredImageUrl).toHaveLength(2000)
    expect(problem({ ...valid, featuredImageUrl: url(MAX_URL_LENGTH + 1) })).toBe('featuredImageUrl must be at most 2000 characters')
  })

  it('fills the optional fields from the defaults and drops fields outside the contract', () => {
    const { input } = readPostInput({ ...valid, id: 'forged', isAdmin: true, __proto__: { x: 1 } }, defaults)
    expect(input).toEqual({ ...valid, ...defaults })
  })

  it('keeps given optional fields, trims title and summary, and turns CRLF into LF', () => {
    const { input } = readPostInput(
      { ...valid, title: '  Spaced  ', summary: 'one\r\ntwo', publishDate: '2024-02-29', isPublished: true, featuredImageUrl: 'https://x.example/a.png' },
      defaults,
    )
    expect(input).toMatchObject({ title: 'Spaced', summary: 'one\ntwo', publishDate: '2024-02-29', isPublished: true })
  })

  it('takes a featured image alt text, trimmed; an empty one is none; an update keeps the current one unless one is given', () => {
    expect(readPostInput({ ...valid, featuredImageAlt: '  A red boat  ' }, defaults).input.featuredImageAlt).toBe('A red boat')
    expect(readPostInput({ ...valid, featuredImageAlt: '   ' }, defaults).input).not.toHaveProperty('featuredImageAlt')
    expect(readPostInput(valid, defaults).input).not.toHaveProperty('featuredImageAlt')
    const current = { ...defaults, featuredImageAlt: 'Kept' }
    expect(readPostInput(valid, current).input.featuredImageAlt).toBe('Kept')
    expect(readPostInput({ ...valid, featuredImageAlt: '' }, current).input).not.toHaveProperty('featuredImageAlt')
    expect(problem({ ...valid, featuredImageAlt: 'a'.repeat(501) })).toBe('featuredImageAlt must be at most 500 characters')
    expect(readPostInput({ ...valid, featuredImageAlt: 'a'.repeat(500) }, defaults).input.featuredImageAlt).toHaveLength(500)
    expect(problem({ ...valid, featuredImageAlt: 'two\nlines' })).toBe('featuredImageAlt must be one line without control characters')
    expect(problem({ ...valid, featuredImageAlt: 5 })).toBe('featuredImageAlt must be a string')
  })

  it('names the field and the reason for each wrong value', () => {
    expect(problem(null)).toBe('The body must be a JSON object')
    expect(problem([valid])).toBe('The body must be a JSON object')
    expect(problem({ ...valid, title: undefined })).toBe('title is required')
    expect(problem({ ...valid, slug: 'Bad Slug' })).toMatch(/^slug must be lowercase/)
    expect(problem({ ...valid, content: 7 })).toBe('content must be a string')
    expect(problem({ ...valid, publishDate: '2023-02-29' })).toMatch(/^publishDate must be a real date/)
    expect(problem({ ...valid, isPublished: 1 })).toBe('isPublished must be true or false')
    expect(problem({ ...valid, featuredImageUrl: 'ftp://x' })).toMatch(/^featuredImageUrl must be empty/)
    expect(problem({ ...valid, title: 'two\nlines' })).toMatch(/^title must be one line/)
    expect(problem({ ...valid, version: 'abc' })).toMatch(/^version must be/)
  })

  it('reads the version an edit started from', () => {
    expect(readPostInput({ ...valid, version }, defaults).version).toBe(version)
    expect(readPostInput(valid, defaults).version).toBeUndefined()
  })
})

describe('readVersion (If-Match)', () => {
  it('accepts quoted, weak and bare forms, and no version at all', () => {
    expect(readVersion(`"${version}"`)).toBe(version)
    expect(readVersion(`W/"${version}"`)).toBe(version)
    expect(readVersion(version)).toBe(version)
    expect(readVersion(undefined)).toBeUndefined()
    expect(readVersion('*')).toBeUndefined()
  })

  it('refuses anything else', () => {
    expect(() => readVersion('"nope"')).toThrow(InvalidInputError)
    expect(() => readVersion(42)).toThrow(InvalidInputError)
  })
})
