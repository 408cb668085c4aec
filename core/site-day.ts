/**
 * The site's calendar day: a post that is Published with a `publishDate` after today
 * in the site's time zone (SITE_TIMEZONE) is scheduled, and goes live when that day begins there.
 * Pure; shared by the server (which decides) and the admin (which shows "Scheduled").
 */

const formats = new Map<string, Intl.DateTimeFormat>()

/** `YYYY-MM-DD` of `at` in the IANA time zone `zone`. */
export function dayIn(zone: string, at: Date): string {
  let format = formats.get(zone)
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formats.set(zone, format)
  }
  return format.format(at)
}

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Published, and its day has not begun yet. */
export function isScheduled(post: { isPublished: boolean; publishDate: string }, today: string): boolean {
  return post.isPublished && post.publishDate > today
}

/** Published, and its day has begun: shown in every public place. */
export function isLive(post: { isPublished: boolean; publishDate: string }, today: string): boolean {
  return post.isPublished && post.publishDate <= today
}
