import { describe, expect, it } from 'vitest'
import { deriveId, parsePostFile } from '../../server/content/parse-post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { PostFileError, SlugMismatchError } from '../../server/lib/errors.ts'

const FILE = 'hello-world.html'

/** A valid front matter, one `key: value` per line, so that a test can change one field. */
const validFields: Record<string, string> = {
  id: 'abc123',
  title: 'Hello world',
  slug: 'hello-world',
  summary: 'A short summary.',
  publishDate: "'2025-10-01'",
  isPublished: 'true',
  featuredImageUrl: "''",
}

/** A post file with `changes` applied to the valid front matter; `undefined` leaves a key out. */
function postFile(changes: Record<string, string | undefined> = {}, body = '<p>Hello</p>\n'): string {
  const fields = { ...validFields, ...changes }
  const lines = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${value}\n`)
  return `---\n${lines.join('')}---\n${body}`
}

/** Parses `text` and returns the PostFileError it must throw. */
function parseError(text: string, fileName = FILE): PostFileError {
  try {
    parsePostFile(text, fileName)
  } catch (error) {
    expect(error).toBeInstanceOf(PostFileError)
    return error as PostFileError
  }
  throw new Error(`expected ${fileName} to be rejected`)
}

/** Asserts the error names the file and the field, in its properties and its message. */
function expectRejected(text: string, field: string, fileName = FILE): PostFileError {
  const error = parseError(text, fileName)
  expect(error.code).toBe('post_file_invalid')
  expect(error.file).toBe(fileName)
  expect(error.field).toBe(field)
  expect(error.reason.length).toBeGreaterThan(0)
  expect(error.message).toContain(fileName)
  expect(error.message).toContain(field)
  return error
}

describe('parsePostFile with a valid file', () => {
  it('returns every field and the content without the final newline', () => {
    expect(parsePostFile(postFile(), FILE)).toEqual({
      id: 'abc123',
      title: 'Hello world',
      slug: 'hello-world',
      summary: 'A short summary.',
      publishDate: '2025-10-01',
      isPublished: true,
      featuredImageUrl: '',
      content: '<p>Hello</p>',
    })
  })

  it('returns the content as written, unsanitized (sanitizing is the caller’s step)', () => {
    const body = '<p onclick="x()">Hi</p>\n<script>alert(1)</script>\n'
    expect(parsePostFile(postFile({}, body), FILE).content).toBe('<p onclick="x()">Hi</p>\n<script>alert(1)</script>')
  })
})

describe('parsePostFile rejects a broken front matter, naming the file', () => {
  it('when the file does not start with front matter', () => {
    expectRejected('<p>Hello</p>\n', 'front matter')
    expectRejected('', 'front matter')
    expectRejected(`\n${postFile()}`, 'front matter')
  })

  it('when the front matter is not valid YAML', () => {
    const error = expectRejected('---\ntitle: [unclosed\n---\n<p>x</p>\n', 'front matter')
    expect(error.reason).toMatch(/YAML/)
  })

  it('when a key is written twice, saying on which line of the file', () => {
    const error = expectRejected(postFile().replace('---\n<p>', 'title: Again\n---\n<p>'), 'front matter')
    expect(error.reason).toBe('is not valid YAML (duplicated mapping key, line 9)')
  })

  it('when the front matter is a list', () => {
    expectRejected('---\n- a\n- b\n---\n<p>x</p>\n', 'front matter')
  })

  it('when the front matter is a single scalar', () => {
    expectRejected('---\njust some words\n---\n<p>x</p>\n', 'front matter')
    expectRejected('---\n42\n---\n<p>x</p>\n', 'front matter')
  })

  it('when the front matter uses a YAML type tag outside the JSON schema', () => {
    expectRejected(postFile({ summary: '!!binary aGVsbG8=' }), 'front matter')
    expectRejected(postFile({ summary: '!!js/function "function () {}"' }), 'front matter')
  })
})

describe('parsePostFile rejects a bad field, naming the file and the field', () => {
  it.each([
    ['title', 'missing', undefined],
    ['title', 'empty', "''"],
    ['title', 'whitespace only', "'   '"],
    ['title', 'over 200 characters', 'a'.repeat(201)],
    ['summary', 'missing', undefined],
    ['summary', 'empty', "''"],
    ['summary', 'over 500 characters', 's'.repeat(501)],
    ['slug', 'missing', undefined],
    ['slug', 'empty', "''"],
    ['publishDate', 'missing', undefined],
    ['publishDate', 'not a calendar day (2025-02-30)', "'2025-02-30'"],
    ['publishDate', 'without zero padding (2025-1-5)', "'2025-1-5'"],
    ['publishDate', 'a timestamp', "'2025-10-01T10:00:00Z'"],
    ['publishDate', 'a number', '20251001'],
    ['isPublished', 'missing', undefined],
    ['isPublished', 'a number', '1'],
    ['isPublished', 'on (a YAML 1.1 boolean too, but rarely meant as one)', 'on'],
    ['isPublished', 'another word', 'published'],
    ['title', 'a boolean', 'true'],
    ['title', 'a list', '[a, b]'],
    ['id', 'a negative number', '-305'],
    ['id', 'a decimal number', '3.05'],
    ['publishDate', 'a timestamp written unquoted', '2025-10-01T10:00:00Z'],
    ['publishDate', 'a date with slashes', '2025/10/01'],
    ['id', 'uppercase', 'ABC'],
    ['id', 'empty', "''"],
    ['featuredImageUrl', 'a javascript: URL', "'javascript:alert(1)'"],
    ['featuredImageUrl', 'a protocol-relative URL', "'//evil.example/x.png'"],
    ['featuredImageUrl', 'a data: URL', "'data:image/png;base64,AAAA'"],
    ['featuredImageUrl', 'an URL with a quote in it', `'https://x.y/a".png'`],
    ['featuredImageUrl', 'not a string', 'true'],
  ])('%s: %s', (field, _case, value) => {
    expectRejected(postFile({ [field]: value }), field)
  })

  it('slug: not equal to the file name, saying both (no guessing which one is meant)', () => {
    const error = expectRejected(postFile({ slug: 'another-post' }), 'slug')
    expect(error).toBeInstanceOf(SlugMismatchError)
    expect((error as SlugMismatchError).slug).toBe('another-post')
    expect(error.reason).toBe('is "another-post" but must equal the file name (hello-world)')
  })

  it('a required field written with nothing after it is empty', () => {
    expect(expectRejected(postFile({ title: '' }), 'title').reason).toBe('is empty')
    expect(expectRejected(postFile({ summary: '~' }), 'summary').reason).toBe('is empty')
  })

  it.each(['Hello-World', 'hello_world', 'hello--world', '-hello', 'hello-'])('slug: %j breaks the slug rule', (slug) => {
    expectRejected(postFile({ slug }), 'slug', `${slug}.html`)
  })
})

describe('parsePostFile accepts', () => {
  it('an unquoted date, which the JSON schema keeps as the string 2025-10-01', () => {
    const post = parsePostFile(postFile({ publishDate: '2025-10-01' }), FILE)
    expect(post.publishDate).toBe('2025-10-01')
    expect(typeof post.publishDate).toBe('string')
  })

  it('a leap day', () => {
    expect(parsePostFile(postFile({ publishDate: "'2024-02-29'" }), FILE).publishDate).toBe('2024-02-29')
  })

  it('isPublished false', () => {
    expect(parsePostFile(postFile({ isPublished: 'false' }), FILE).isPublished).toBe(false)
  })

  it.each(['/images/x.svg', 'https://x.y/a.png', 'http://x.y/a.png'])('featuredImageUrl %j', (url) => {
    expect(parsePostFile(postFile({ featuredImageUrl: url }), FILE).featuredImageUrl).toBe(url)
  })

  it('a featuredImageAlt, trimmed; a file without it or with it empty has none', () => {
    expect(parsePostFile(postFile({ featuredImageAlt: "'  A boat at sea  '" }), FILE).featuredImageAlt).toBe('A boat at sea')
    expect(parsePostFile(postFile({}), FILE)).not.toHaveProperty('featuredImageAlt')
    expect(parsePostFile(postFile({ featuredImageAlt: "''" }), FILE)).not.toHaveProperty('featuredImageAlt')
    expect(parsePostFile(postFile({ featuredImageAlt: '' }), FILE)).not.toHaveProperty('featuredImageAlt')
  })

  it('a featuredImageAlt that is too long or not one line is an error naming it', () => {
    expectRejected(postFile({ featuredImageAlt: 'a'.repeat(501) }), 'featuredImageAlt')
    expectRejected(postFile({ featuredImageAlt: '"two\\nlines"' }), 'featuredImageAlt')
  })

  it('a missing featuredImageUrl, as an empty string', () => {
    expect(parsePostFile(postFile({ featuredImageUrl: undefined }), FILE).featuredImageUrl).toBe('')
  })

  it('a title of exactly 200 characters and a summary of exactly 500', () => {
    const post = parsePostFile(postFile({ title: 't'.repeat(200), summary: 's'.repeat(500) }), FILE)
    expect(post.title).toHaveLength(200)
    expect(post.summary).toHaveLength(500)
  })

  it('a file with Windows line endings', () => {
    const post = parsePostFile(postFile().replaceAll('\n', '\r\n'), FILE)
    expect(post.title).toBe('Hello world')
    expect(post.publishDate).toBe('2025-10-01')
  })
})

describe('parsePostFile reads a hand-written file forgivingly where its meaning is clear', () => {
  it('a number where text is expected is that text, as written: id: 305, title: 2024', () => {
    const post = parsePostFile(postFile({ id: '305', title: '2024', summary: '1.0' }), FILE)
    expect(post).toMatchObject({ id: '305', title: '2024', summary: '1.0' })
  })

  it('a number keeps the digits it was written with (007 is not 7, 1e3 is not 1000)', () => {
    expect(parsePostFile(postFile({ id: '007', title: '1e3' }), FILE)).toMatchObject({ id: '007', title: '1e3' })
  })

  it('an unquoted date is the date it reads as: publishDate: 2024-05-01', () => {
    expect(parsePostFile(postFile({ publishDate: '2024-05-01', title: '2024-05-01' }), FILE)).toMatchObject({
      publishDate: '2024-05-01',
      title: '2024-05-01',
    })
  })

  it('whitespace around a value is trimmed, quoted or not', () => {
    const post = parsePostFile(
      postFile({
        id: "' abc123 '",
        title: '"  Hello world  "',
        slug: "' hello-world '",
        summary: '|\n  A short summary.\n',
        publishDate: "' 2025-10-01 '",
        featuredImageUrl: "' /images/x.svg '",
      }),
      FILE,
    )
    expect(post).toMatchObject({
      id: 'abc123',
      title: 'Hello world',
      slug: 'hello-world',
      summary: 'A short summary.',
      publishDate: '2025-10-01',
      featuredImageUrl: '/images/x.svg',
    })
  })

  it.each([
    ["'true'", true],
    ['"false"', false],
    ['yes', true],
    ['no', false],
    ['Yes', true],
    ['TRUE', true],
    ["' yes '", true],
  ])('isPublished: %s (a word that can only mean a boolean)', (value, expected) => {
    expect(parsePostFile(postFile({ isPublished: value }), FILE).isPublished).toBe(expected)
  })

  it('an optional field written with nothing after it counts as left out', () => {
    const post = parsePostFile(postFile({ id: '', featuredImageUrl: '' }), FILE)
    expect(post.id).toBe(deriveId('hello-world'))
    expect(post.featuredImageUrl).toBe('')
  })

  it('gives the canonical post, which serializes to the canonical file (the next save writes it)', () => {
    const handWritten = postFile({ id: '305', title: '2024', publishDate: '2024-05-01', isPublished: 'yes' })
    const post = parsePostFile(handWritten, FILE)
    const canonical = serializePost(post)
    expect(canonical).not.toBe(handWritten)
    expect(canonical).toContain("id: '305'\ntitle: '2024'\n")
    expect(parsePostFile(canonical, FILE)).toEqual(post)
    expect(serializePost(parsePostFile(canonical, FILE))).toBe(canonical)
  })
})

describe('a post file without an id', () => {
  it('gets deriveId(slug): 12 hex characters', () => {
    const post = parsePostFile(postFile({ id: undefined }), FILE)
    expect(post.id).toBe(deriveId('hello-world'))
    expect(post.id).toMatch(/^[0-9a-f]{12}$/)
  })

  it('gets the same id every time, and a different one for another slug', () => {
    const first = parsePostFile(postFile({ id: undefined }), FILE).id
    const again = parsePostFile(postFile({ id: undefined, title: 'Changed title' }), FILE).id
    expect(again).toBe(first)
    expect(deriveId('hello-world')).toBe(deriveId('hello-world'))
    expect(deriveId('other-post')).not.toBe(deriveId('hello-world'))
  })

  it('keeps an id that is written in the file', () => {
    expect(parsePostFile(postFile({ id: 'q7f2m9xa' }), FILE).id).toBe('q7f2m9xa')
  })
})

describe('a __proto__ key in the front matter', () => {
  it('does not pollute Object.prototype', () => {
    const text = postFile().replace('---\n<p>', '__proto__:\n  polluted: yes\n  isAdmin: true\n---\n<p>')
    const post = parsePostFile(text, FILE)
    expect(post.title).toBe('Hello world')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('cannot supply a missing field', () => {
    const text = postFile({ title: undefined }).replace('---\n<p>', '__proto__:\n  title: Injected\n---\n<p>')
    expectRejected(text, 'title')
  })
})

describe('tags in the front matter', () => {
  it('reads a YAML list (numbers as their text) or one comma-separated text, and none when absent or empty', () => {
    expect(parsePostFile(postFile({ tags: '[News, 2025, "Apple TV"]' }), FILE).tags).toEqual(['News', '2025', 'Apple TV'])
    expect(parsePostFile(postFile({ tags: 'News, Guides' }), FILE).tags).toEqual(['News', 'Guides'])
    expect(parsePostFile(postFile({ tags: '[]' }), FILE)).not.toHaveProperty('tags')
    expect(parsePostFile(postFile({ tags: '' }), FILE)).not.toHaveProperty('tags')
    expect(parsePostFile(postFile(), FILE)).not.toHaveProperty('tags')
  })

  it('refuses tags that are not names, naming the file and the field', () => {
    expect(expectRejected(postFile({ tags: '{a: 1}' }), 'tags').message).toContain('must be a list of tag names')
    expect(expectRejected(postFile({ tags: '[[nested]]' }), 'tags').message).toContain('must be a list of tag names (text)')
    expect(expectRejected(postFile({ tags: '["???"]' }), 'tags').message).toContain('must each have a letter or digit')
  })
})

