import { dayIn, isScheduled } from '../../core/site-day.ts'
import { slugify } from '../../core/slugify.ts'
import { checkSlug } from '../content/post-rules.ts'
import { isCalendarDate } from '../../core/post-fields.ts'
import { MAX_SLUG_LENGTH, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH } from '../../core/contract/index.ts'
import type { ImportedPost } from './imported-post.ts'
import { htmlText } from '../../core/html-text.ts'

/**
 * A source's post fields made into the site's (pure): each function gives the value and, when
 * it had to change or invent what the source said, a note for the report.
 */

export interface Field<T> {
  value: T
  note?: string
}

/** The source's title, one line within the limit; "Untitled" when it has none (WordPress allows that). */
export function titleOf(post: ImportedPost): Field<string> {
  const title = post.title.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (title === '') return { value: 'Untitled', note: 'no title in the source: titled "Untitled"' }
  if (title.length <= MAX_TITLE_LENGTH) return { value: title }
  return { value: cutAtWord(title, MAX_TITLE_LENGTH), note: `title cut to ${MAX_TITLE_LENGTH} characters` }
}

/** The source's slug when it is one here; else one made from it, or from the title (a draft has none in WordPress). */
export function wantedSlugOf(post: ImportedPost, title: string): Field<string> {
  if (post.slug !== '' && checkSlug(post.slug) === null) return { value: post.slug }
  const made = slugify(post.slug) || slugify(title) || 'post'
  const note = post.slug === '' ? `no slug in the source: "${made}" made from the title` : `slug "${post.slug}" is none here: "${made}"`
  return { value: made, note }
}

/**
 * `wanted`, or `wanted-2`, `wanted-3`… : the first that `taken` does not refuse, kept within the
 * slug's length.
 */
export function freeSlug(wanted: string, taken: (slug: string) => boolean): string {
  if (!taken(wanted)) return wanted
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const slug = `${wanted.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken(slug)) return slug
  }
}

/**
 * The publish day in the site's time zone: a date-time with a zone (WordPress's GMT time) is
 * that moment's day there; a bare date, or a date-time without a zone (the old site's own clock),
 * is the day as written; no date is today.
 */
export function publishDayOf(date: string, zone: string, today: string): Field<string> {
  const trimmed = date.trim()
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const moment = new Date(trimmed)
    if (!Number.isNaN(moment.getTime())) return { value: dayIn(zone, moment) }
  }
  const day = trimmed.slice(0, 10)
  if (isCalendarDate(day) && (trimmed.length === 10 || trimmed[10] === 'T' || trimmed[10] === ' ')) return { value: day }
  return { value: today, note: trimmed === '' ? 'no date in the source: dated today' : `date "${trimmed}" unreadable: dated today` }
}

/** Whether the post is published here, and a note when its date says otherwise than its status did. */
export function publishedOf(post: ImportedPost, publishDate: string, today: string): Field<boolean> {
  if (post.status === 'draft') return { value: false }
  const scheduled = isScheduled({ isPublished: true, publishDate }, today)
  if (post.status === 'scheduled' && !scheduled) return { value: true, note: `scheduled for ${publishDate}, a day that has begun: published` }
  if (post.status === 'published' && scheduled) return { value: true, note: `published, dated ${publishDate}: scheduled until that day` }
  return { value: true }
}

/**
 * The source's summary, or one made from the post's text as a blog's excerpt is (its first
 * words, within the limit), or the title when the post has no text (an image alone).
 */
export function summaryOf(post: ImportedPost, cleanHtml: string, title: string): Field<string> {
  const given = post.summary.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
  if (given !== '') {
    return given.length <= MAX_SUMMARY_LENGTH ? { value: given } : { value: cutAtWord(given, MAX_SUMMARY_LENGTH), note: `summary cut to ${MAX_SUMMARY_LENGTH} characters` }
  }
  // The text a reader sees, each block's words apart and a footnote's marks left out (core/html-text.ts).
  const text = htmlText(cleanHtml).replace(/\s+/g, ' ').trim()
  if (text === '') return { value: title, note: 'no summary and no text: the title is the summary' }
  return { value: cutAtWord(text, 200), note: 'no summary in the source: made from the first words' }
}

/** At most `max` characters, cut after a whole word, with an ellipsis when cut. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
