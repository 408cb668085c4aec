import { slugify } from './slugify.ts'

/**
 * A post's tags (pure, for the server, the pages and the admin alike). A tag is a name as people
 * write it ("Apple TV"); its page is `/blog/tag/<slug>` with the slug made like a post's
 * ("apple-tv"). Two spellings with one slug are one tag, as Ghost and WordPress treat them.
 */

/** At most this many tags on a post: a tag list longer than this is a keyword list, not navigation. */
export const MAX_TAGS = 10
/** A tag name's length at most: it is a chip on a card and a page's title. */
export const MAX_TAG_LENGTH = 40

/**
 * How many names a tags value may list, repeats and blanks included (they are dropped, as a list
 * written by hand may have them), and how long it may be as one text of names separated by
 * commas. Checked before the text is split or any name read: a value far longer than any real
 * one is refused at once instead of being read, one name at a time, into a few tags.
 */
export const MAX_TAG_NAMES = 2 * MAX_TAGS
export const MAX_TAGS_TEXT_LENGTH = MAX_TAG_NAMES * (MAX_TAG_LENGTH + 2)

/** Control characters have no place in a tag, nor line breaks: it is one line on a card. */
const TAG_FORBIDDEN = /[\u0000-\u001f\u007f]/

/** The URL slug of a tag name; empty when the name has no letter or digit a-z/0-9 can spell. */
export function tagSlug(name: string): string {
  return slugify(name)
}

/** `/blog/tag/<slug>`, or its page `n` (from 2) `/blog/tag/<slug>/page/<n>`. */
export function tagUrl(slug: string, page = 1): string {
  return page > 1 ? `/blog/tag/${slug}/page/${page}` : `/blog/tag/${slug}`
}

const TAG_URL = /^\/blog\/tag\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/page\/([1-9][0-9]{0,5}))?$/

/** The tag slug and page number of a tag page's URL path, or null for any other path (page 1 is never `/page/1`). */
export function tagPageOfUrl(url: string): { slug: string; page: number } | null {
  const match = TAG_URL.exec(url)
  if (!match) return null
  const page = match[2] === undefined ? 1 : Number(match[2])
  return page === 1 && match[2] !== undefined ? null : { slug: match[1]!, page }
}

/**
 * Reads a tags value (a front matter's `tags:` or an API body's `tags`): a list of names, or one
 * text of names separated by commas (as people write them by hand). Names are trimmed, empty ones
 * dropped, and a later name with the slug of an earlier one dropped (the first spelling wins).
 * Answers the names, or a problem in words.
 */
export function readTags(value: unknown): { tags: string[] } | { problem: string } {
  if (value === undefined || value === null || value === '') return { tags: [] }
  if (typeof value === 'string' && value.length > MAX_TAGS_TEXT_LENGTH) return { problem: `must be at most ${MAX_TAGS_TEXT_LENGTH} characters as one text` }
  const names = typeof value === 'string' ? value.split(',') : value
  if (!Array.isArray(names)) return { problem: 'must be a list of tag names' }
  if (names.length > MAX_TAG_NAMES) return { problem: `must list at most ${MAX_TAG_NAMES} names, repeats and blanks included` }
  const tags: string[] = []
  const slugs = new Set<string>()
  for (const raw of names as unknown[]) {
    const name = typeof raw === 'number' ? String(raw) : raw
    if (typeof name !== 'string') return { problem: 'must be a list of tag names (text)' }
    const trimmed = name.trim().replace(/\s+/g, ' ')
    if (trimmed === '') continue
    if (trimmed.length > MAX_TAG_LENGTH) return { problem: `must each be at most ${MAX_TAG_LENGTH} characters` }
    if (TAG_FORBIDDEN.test(trimmed)) return { problem: 'must each be one line without control characters' }
    const slug = tagSlug(trimmed)
    if (slug === '') return { problem: `must each have a letter or digit (a-z, 0-9): "${trimmed}" has none` }
    if (slugs.has(slug)) continue
    slugs.add(slug)
    tags.push(trimmed)
  }
  if (tags.length > MAX_TAGS) return { problem: `must be at most ${MAX_TAGS}` }
  return { tags }
}
