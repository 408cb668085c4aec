/**
 * What a post's fields may hold, said once for both readers: the server's (a post file, an
 * import: server/content/post-rules.ts) and the API contract's schemas (core/contract/post-requests.ts).
 * Pure.
 */

/** A post's id: the admin API's `{id}`, short lowercase letters and digits. */
export const POST_ID_PATTERN = /^[a-z0-9]{1,32}$/

/** A slug: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Control characters (NUL and the like) have no place in a title; a summary may break lines. */
export const TITLE_FORBIDDEN = /[\u0000-\u001f\u007f]/
export const SUMMARY_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** `YYYY-MM-DD` naming a day the calendar has (no 2023-02-29). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An absolute http(s) URL, or a site-relative path (never protocol-relative `//host`). */
export function isImageUrl(value: string): boolean {
  if (/[\s"'<>\\]/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
