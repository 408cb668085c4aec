import type { PostChange, PostFieldName } from './contract/index.ts'

/**
 * What a commit did to a post, in words (pure): "Created", "Title and content", "Published",
 * "Unpublished; changed summary", "Restored from 3 Nov 2025", "Deleted". The admin's History
 * panel says it under each entry, and a save writes the same words in its commit message, so
 * `git log` and the admin agree. Shared by both sides, hence here.
 */

/** Each field as the sentence names it; a field added to the contract needs its words here. */
const FIELD_WORDS: Record<PostFieldName, string> = {
  title: 'title',
  slug: 'slug',
  summary: 'summary',
  content: 'content',
  publishDate: 'publish date',
  isPublished: 'published',
  featuredImageUrl: 'featured image',
  featuredImageAlt: 'featured image alt text',
  tags: 'tags',
}

/** A post's fields in the form's order: what a comparison walks. */
export const POST_FIELD_NAMES = Object.keys(FIELD_WORDS) as PostFieldName[]

/** `a`, `a and b`, `a, b and c`. */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The changed fields in words, in the form's order: "title and content". */
export function fieldWords(fields: readonly PostFieldName[]): string {
  return listWords(POST_FIELD_NAMES.filter((name) => fields.includes(name)).map((name) => FIELD_WORDS[name]))
}

/** The change as one short sentence; `formatDate` writes a restored version's date (ISO) for the reader. */
export function describePostChange(change: PostChange, formatDate: (isoDate: string) => string): string {
  const fields = fieldWords(change.fields)
  switch (change.kind) {
    case 'created':
      return 'Created'
    case 'deleted':
      return 'Deleted'
    case 'restored': {
      const from = change.restoredFrom ? `Restored from ${formatDate(change.restoredFrom.date)}` : 'Restored'
      return fields ? `${from} (${fields})` : from
    }
    case 'published':
    case 'unpublished':
      return fields ? `${capitalized(change.kind)}; changed ${fields}` : capitalized(change.kind)
    case 'edited':
      return fields ? capitalized(fields) : 'No visible change'
  }
}

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** `2025-11-03T10:00:00Z` → "3 Nov 2025" (UTC): how a commit message writes a date, the same on every server. */
export function commitMessageDate(isoDate: string): string {
  return DAY_MONTH_YEAR.format(new Date(isoDate))
}
