import { describe, expect, it } from 'vitest'
import { readPostBytes } from '../../server/content/post-files.ts'
import { checkContent, checkFeaturedImageUrl, checkIsPublished, checkPublishDate, checkSlug, checkSummary, checkTitle, MAX_CONTENT_DEPTH } from '../../server/content/post-rules.ts'
import { isCalendarDate } from '../../core/post-fields.ts'
import { MAX_CONTENT_LENGTH, MAX_SLUG_LENGTH, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH } from '../../core/contract/index.ts'

/** Values of the wrong type for a text field. */
const notStrings: unknown[] = [undefined, null, 1, 0, true, false, [], ['a'], {}, new Date('2025-01-01')]

describe('checkSlug', () => {
  it.each(['a', '1', 'hello', 'hello-world', 'a-1-b-2', '2025-recap', 'x'.repeat(MAX_SLUG_LENGTH)])('accepts %j', (slug) => {
    expect(checkSlug(slug)).toBeNull()
  })

  it('allows 100 characters and not 101', () => {
    expect(MAX_SLUG_LENGTH).toBe(100)
    expect(checkSlug('a'.repeat(100))).toBeNull()
    expect(checkSlug('a'.repeat(101))).toMatch(/at most 100/)
    expect(checkSlug(`${'ab-'.repeat(33)}a`)).toBeNull()
    expect(checkSlug(`${'ab-'.repeat(33)}ab`)).not.toBeNull()
  })

  it.each(['-a', 'a-', 'a--b', 'A', 'Hello', 'a_b', 'a b', 'a.b', 'a/b', '../a', 'ü', 'café', ' a', 'a\n', '-', 'a-\u00ad'])(
    'rejects %j',
    (slug) => {
      expect(checkSlug(slug)).toEqual(expect.any(String))
    },
  )

  it('calls an empty slug required', () => {
    expect(checkSlug('')).toBe('is required')
  })

  it.each(notStrings)('rejects the non-string %j', (value) => {
    expect(checkSlug(value)).toBe('must be a string')
  })
})

describe('isCalendarDate', () => {
  it.each(['2025-01-01', '2025-12-31', '2024-02-29', '2000-02-29', '2025-02-28', '2025-04-30', '1999-07-15'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true)
  })

  it.each([
    ['2025-02-29', 'not a leap year'],
    ['1900-02-29', 'a century that is not a leap year'],
    ['2025-02-30', 'no 30 February'],
    ['2025-04-31', 'April has 30 days'],
    ['2025-13-01', 'month 13'],
    ['2025-00-10', 'month 0'],
    ['2025-01-00', 'day 0'],
    ['2025-01-32', 'day 32'],
    ['2025-1-1', 'no zero padding'],
    ['2025-01-1', 'no zero padding on the day'],
    ['25-01-01', 'two-digit year'],
    ['2025/01/01', 'slashes'],
    ['01-01-2025', 'day first'],
    ['2025-01-01T00:00:00Z', 'a timestamp'],
    [' 2025-01-01', 'a leading space'],
    ['2025-01-01\n', 'a trailing newline'],
    ['', 'empty'],
  ])('rejects %j (%s)', (date) => {
    expect(isCalendarDate(date)).toBe(false)
  })
})

describe('checkPublishDate', () => {
  it('accepts a calendar date string', () => {
    expect(checkPublishDate('2024-02-29')).toBeNull()
  })

  it('rejects an impossible date', () => {
    expect(checkPublishDate('2025-02-29')).toEqual(expect.any(String))
  })

  it.each(notStrings)('rejects the non-string %j', (value) => {
    expect(checkPublishDate(value)).toEqual(expect.any(String))
  })
})

describe.each([
  ['checkTitle', checkTitle, MAX_TITLE_LENGTH, 200],
  ['checkSummary', checkSummary, MAX_SUMMARY_LENGTH, 500],
])('%s', (_name, check, max, expectedMax) => {
  it(`allows at most ${expectedMax} characters`, () => {
    expect(max).toBe(expectedMax)
    expect(check('x'.repeat(expectedMax))).toBeNull()
    expect(check('x'.repeat(expectedMax + 1))).toMatch(new RegExp(`at most ${expectedMax}`))
  })

  it('accepts ordinary text, punctuation and unicode', () => {
    expect(check('Watchio: “new” – 🎬')).toBeNull()
    expect(check('x')).toBeNull()
  })

  it.each(['', ' ', '   ', '\n', '\t \n', '\u00a0'])('calls %j missing: it is required', (value) => {
    expect(check(value)).toBe('is required')
  })

  it.each(notStrings)('rejects the non-string %j', (value) => {
    expect(check(value)).toBe('must be a string')
  })
})

describe('checkContent', () => {
  it('accepts any non-blank HTML', () => {
    expect(checkContent('<p>a</p>')).toBeNull()
    expect(checkContent('x'.repeat(100_000))).toBeNull()
  })

  it.each(['', ' ', '\n\n', '\t'])('calls %j missing: it is required', (value) => {
    expect(checkContent(value)).toBe('is required')
  })

  it.each(notStrings)('rejects the non-string %j', (value) => {
    expect(checkContent(value)).toBe('must be a string')
  })
})

describe('checkIsPublished', () => {
  it('accepts true and false', () => {
    expect(checkIsPublished(true)).toBeNull()
    expect(checkIsPublished(false)).toBeNull()
  })

  it.each(['true', 'false', 'yes', 1, 0, null, undefined, [], {}])('rejects %j', (value) => {
    expect(checkIsPublished(value)).toEqual(expect.any(String))
  })
})

describe('checkFeaturedImageUrl', () => {
  it.each(['', '/images/x.svg', '/images/blog/a-b.png', 'https://x.y/a.png', 'http://cdn.example/i/a.jpg?w=1'])('accepts %j', (url) => {
    expect(checkFeaturedImageUrl(url)).toBeNull()
  })

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:x',
    'ftp://x.y/a.png',
    '//evil.example/x.png',
    'images/x.png',
    'x.png',
    'https://x.y/a b.png',
    'https://x.y/a".png',
    "https://x.y/a'.png",
    'https://x.y/<a>.png',
    '/images\\x.png',
    ' /images/x.png',
  ])('rejects %j', (url) => {
    expect(checkFeaturedImageUrl(url)).toEqual(expect.any(String))
  })

  it.each(notStrings)('rejects the non-string %j', (value) => {
    expect(checkFeaturedImageUrl(value)).toBe('must be a string')
  })
})

describe('content limits', () => {
  const nested = (levels: number) => '<blockquote>'.repeat(levels) + '<p>x</p>' + '</blockquote>'.repeat(levels)

  it('names the depth limit past it, whatever the depth, without overflowing', () => {
    expect(MAX_CONTENT_DEPTH).toBe(100)
    expect(checkContent(nested(MAX_CONTENT_DEPTH - 1))).toBeNull()
    for (const levels of [MAX_CONTENT_DEPTH, 3000]) {
      expect(checkContent(nested(levels))).toBe('must not nest elements more than 100 levels deep')
    }
    // Within the size limit: 100,000 levels the scan counts, 3,000 unknown ones that parse5 does.
    expect(checkContent('<em>'.repeat(100_000))).toBe('must not nest elements more than 100 levels deep')
    expect(checkContent('<div>'.repeat(3000))).toBe('must not nest elements more than 100 levels deep')
  })

  it('names the size limit past it', () => {
    expect(checkContent('x'.repeat(MAX_CONTENT_LENGTH))).toBeNull()
    expect(checkContent('x'.repeat(MAX_CONTENT_LENGTH + 1))).toBe('must be at most 2,000,000 characters')
  })

  it('refuses a post file past either limit, naming the file and the limit', () => {
    const file = (content: string) => Buffer.from(`---\ntitle: Deep\nslug: deep\nsummary: S\npublishDate: '2025-01-01'\nisPublished: true\n---\n${content}\n`)
    const read = readPostBytes('deep.html', file(nested(3000)))
    expect('error' in read && read.error.message).toBe('deep.html: content must not nest elements more than 100 levels deep')
    expect('error' in readPostBytes('deep.html', file(nested(10)))).toBe(false)
  })
})
