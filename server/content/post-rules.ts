import { MAX_ALT_LENGTH, MAX_CONTENT_LENGTH, MAX_SLUG_LENGTH, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../core/contract/index.ts'
import { isCalendarDate, isImageUrl, POST_ID_PATTERN, SLUG_PATTERN, SUMMARY_FORBIDDEN, TITLE_FORBIDDEN } from '../../core/post-fields.ts'
import { isDeeperThan } from './html-depth.ts'


/**
 * Field rules of post files (and of imports). Each check returns null when the value is fine,
 * otherwise a short reason ("must be ...") to append to the field name. The admin API reads its
 * bodies with the contract's schemas (core/contract/post-requests.ts), which say the same
 * reasons from the same rules (core/post-fields.ts).
 */

/**
 * The deepest a post's content may nest elements (a top-level `<p>` is at 1). The HTML tools
 * behind every page and feed walk the tree recursively, and a few thousand levels overflow the
 * stack; a real post needs about a dozen (8 list levels are 16, a quote or a link a few more).
 */
export const MAX_CONTENT_DEPTH = 100

type Check = (value: unknown) => string | null

export const checkId: Check = (value) =>
  typeof value === 'string' && POST_ID_PATTERN.test(value) ? null : 'must be 1 to 32 lowercase letters or digits'

export const checkSlug: Check = (value) => {
  if (typeof value !== 'string') return 'must be a string'
  if (value.length === 0) return 'is required'
  if (value.length > MAX_SLUG_LENGTH) return `must be at most ${MAX_SLUG_LENGTH} characters`
  if (!SLUG_PATTERN.test(value)) return 'must be lowercase letters and digits separated by single hyphens'
  return null
}

export const checkTitle: Check = (value) =>
  checkText(value, MAX_TITLE_LENGTH) ?? (TITLE_FORBIDDEN.test(value as string) ? 'must be one line without control characters' : null)
export const checkSummary: Check = (value) =>
  checkText(value, MAX_SUMMARY_LENGTH) ?? (SUMMARY_FORBIDDEN.test(value as string) ? 'must not contain control characters' : null)

export const checkContent: Check = (value) => {
  if (typeof value !== 'string') return 'must be a string'
  if (value.trim().length === 0) return 'is required'
  return checkContentShape(value)
}

/**
 * The limits any content must keep, whoever wrote it (an admin, or a maintainer by hand):
 * checked before the content is parsed into a tree, by code that cannot overflow (html-depth.ts).
 */
export function checkContentShape(html: string): string | null {
  if (html.length > MAX_CONTENT_LENGTH) return `must be at most ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters`
  if (isDeeperThan(html, MAX_CONTENT_DEPTH)) return `must not nest elements more than ${MAX_CONTENT_DEPTH} levels deep`
  return null
}

export const checkPublishDate: Check = (value) =>
  typeof value === 'string' && isCalendarDate(value) ? null : 'must be a real date written YYYY-MM-DD'

export const checkIsPublished: Check = (value) => (typeof value === 'boolean' ? null : 'must be true or false')

export const checkFeaturedImageUrl: Check = (value) => {
  if (typeof value !== 'string') return 'must be a string'
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`
  return value === '' || isImageUrl(value) ? null : 'must be empty, an http(s) URL or a path starting with /'
}

/**
 * A post's owner: a username, as the accounts file spells them (account-record.ts's
 * USERNAME_PATTERN; a unit test holds the two equal). Read from files anyone may write, so
 * checked like every other field.
 */
export const POST_AUTHOR_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/

export const checkPostAuthor: Check = (value) =>
  typeof value === 'string' && POST_AUTHOR_PATTERN.test(value) ? null : 'must be a username (lowercase letters, digits, . _ -; at most 64)'

/** Optional ('' is none); one line, as an `alt` attribute and a social card's `og:image:alt` are. */
export const checkFeaturedImageAlt: Check = (value) => {
  if (typeof value !== 'string') return 'must be a string'
  if (value.length > MAX_ALT_LENGTH) return `must be at most ${MAX_ALT_LENGTH} characters`
  return TITLE_FORBIDDEN.test(value) ? 'must be one line without control characters' : null
}

function checkText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return 'must be a string'
  if (value.trim().length === 0) return 'is required'
  if (value.length > max) return `must be at most ${max} characters`
  return null
}
