import { describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { POST_KEYS, type Post } from '../../core/post.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { fixturePostFiles } from '../support/fixtures.ts'

const sampleFiles = fixturePostFiles()

/** The keys written at the start of a line between the two `---` lines, in file order. */
function frontMatterKeys(text: string): string[] {
  const end = text.indexOf('\n---\n', 4)
  expect(text.startsWith('---\n')).toBe(true)
  expect(end).toBeGreaterThan(0)
  return [...text.slice(4, end + 1).matchAll(/^([A-Za-z]+):/gm)].map((match) => match[1] ?? '')
}

describe('the fixture posts in tests/fixtures/content/blog', () => {
  it('are there, at least 14 of them', () => {
    expect(sampleFiles.length).toBeGreaterThanOrEqual(14)
  })

  describe.each(sampleFiles)('$name', ({ name, text }) => {
    it('serializes back to the same bytes it was parsed from', () => {
      expect(serializePost(parsePostFile(text, name))).toBe(text)
    })

    it('has canonical content: cleaning it changes nothing', () => {
      const post = parsePostFile(text, name)
      expect(post.content.length).toBeGreaterThan(0)
      expect(cleanPostHtml(post.content)).toBe(post.content)
    })

    it('has its front matter keys in the canonical order', () => {
      expect(frontMatterKeys(text)).toEqual([...POST_KEYS])
    })

    it('has a slug equal to its file name', () => {
      expect(parsePostFile(text, name).slug).toBe(name.slice(0, -'.html'.length))
    })
  })
})

const basePost: Post = {
  id: 'abc123',
  title: 'A title',
  slug: 'a-post',
  summary: 'A summary.',
  publishDate: '2025-01-01',
  isPublished: true,
  featuredImageUrl: '',
  content: '<p>Hello</p>',
}

/** Strings a YAML reader could take for something else, or that need quoting. */
const awkwardTitles = [
  'Watchio: the new player',
  'He said "hello"',
  "It's here",
  '- starts like a list item',
  '# starts like a comment',
  'ends with # a hash',
  'Ünïcødé – “curly quotes” ’apostrophe’',
  'Emoji 🎬📺 and more',
  'yes',
  'no',
  'true',
  'false',
  'null',
  '~',
  '1.0',
  '42',
  '0x1F',
  '2025-01-01',
  '2025-01-01T10:00:00Z',
  '[not, a, list]',
  '{not: a map}',
  '&anchor',
  '*alias',
  '!tag',
  '@at',
  '`backtick',
  '> folded?',
  '| literal?',
  '---',
  '...',
  'a'.repeat(200),
]

const awkwardSummaries = [
  'First line.\nSecond line.',
  'Blank line\n\nin between.',
  'Trailing spaces  \nbefore a newline.',
  'Tab\tinside.',
]

const awkwardContents = ['', '<p>a</p>\n', '\n<p>leading newline</p>', '---\n<p>looks like front matter</p>']

describe('serializePost then parsePostFile', () => {
  it.each(awkwardTitles)('gives back a post titled %j unchanged', (title) => {
    const post: Post = { ...basePost, title }
    expect(parsePostFile(serializePost(post), 'a-post.html')).toEqual(post)
  })

  it.each(awkwardSummaries)('gives back a post with summary %j unchanged', (summary) => {
    const post: Post = { ...basePost, summary }
    expect(parsePostFile(serializePost(post), 'a-post.html')).toEqual(post)
  })

  it('trims whitespace around a title or summary, as the admin API does: it is never part of the value', () => {
    const post: Post = { ...basePost, title: ' leading and trailing space ', summary: 'Ends with a newline.\n' }
    expect(parsePostFile(serializePost(post), 'a-post.html')).toEqual({ ...post, title: 'leading and trailing space', summary: 'Ends with a newline.' })
  })

  it.each(awkwardContents)('gives back a post with content %j unchanged', (content) => {
    const post: Post = { ...basePost, content }
    expect(parsePostFile(serializePost(post), 'a-post.html')).toEqual(post)
  })

  it('keeps a draft, a featured image and a leap day', () => {
    const post: Post = {
      ...basePost,
      isPublished: false,
      featuredImageUrl: 'https://cdn.example/images/a.png?w=800',
      publishDate: '2024-02-29',
    }
    expect(parsePostFile(serializePost(post), 'a-post.html')).toEqual(post)
  })

  it('keeps a featured image alt text, written after the SPEC fields and only when set', () => {
    const post: Post = { ...basePost, featuredImageUrl: '/media/2025/sea-0123456789-1600x900.jpg', featuredImageAlt: 'Waves: "big" ones # at dusk' }
    const text = serializePost(post)
    expect(frontMatterKeys(text)).toEqual([...POST_KEYS, 'featuredImageAlt'])
    expect(parsePostFile(text, 'a-post.html')).toEqual(post)
    // Read and written again: the same bytes.
    expect(serializePost(parsePostFile(text, 'a-post.html'))).toBe(text)
    // None, or an empty one: the file is what it was without it.
    expect(serializePost({ ...post, featuredImageAlt: undefined })).toBe(serializePost({ ...basePost, featuredImageUrl: post.featuredImageUrl }))
    expect(serializePost({ ...post, featuredImageAlt: '' })).not.toContain('featuredImageAlt')
  })

  it('keeps tags as a list after the SPEC fields and the alt text, and writes none when there are none', () => {
    const post: Post = { ...basePost, featuredImageUrl: '/a.png', featuredImageAlt: 'A boat', tags: ['Apple TV', 'Release: "1.0"', '2025'] }
    const text = serializePost(post)
    expect(frontMatterKeys(text)).toEqual([...POST_KEYS, 'featuredImageAlt', 'tags'])
    expect(text).toContain("tags:\n  - Apple TV\n  - 'Release: \"1.0\"'\n  - '2025'\n")
    expect(parsePostFile(text, 'a-post.html')).toEqual(post)
    expect(serializePost(parsePostFile(text, 'a-post.html'))).toBe(text)
    expect(serializePost({ ...basePost, tags: [] })).toBe(serializePost(basePost))
  })

  it('always writes the keys in the order id, title, slug, summary, publishDate, isPublished, featuredImageUrl', () => {
    const order = ['id', 'title', 'slug', 'summary', 'publishDate', 'isPublished', 'featuredImageUrl']
    for (const title of ['yes', '- dash: "q" #h']) {
      for (const summary of awkwardSummaries) {
        expect(frontMatterKeys(serializePost({ ...basePost, title, summary }))).toEqual(order)
      }
    }
  })

  it('quotes a date so that it stays a string', () => {
    expect(serializePost(basePost)).toContain("\npublishDate: '2025-01-01'\n")
  })

  it('ends the file with the content and exactly one newline', () => {
    const text = serializePost(basePost)
    expect(text.endsWith('---\n<p>Hello</p>\n')).toBe(true)
    expect(text.endsWith('\n\n')).toBe(false)
  })
})
