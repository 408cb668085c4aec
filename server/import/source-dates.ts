/**
 * Dates as import sources write them, read into ImportedPost.date's form (pure): ISO 8601, a day
 * (`2019-05-01`) or a date-time with the offset the source gave (`2019-05-01T09:30:00+02:00`).
 * Sources write them many ways: Ghost an ISO string (or, before 2.0, milliseconds since 1970),
 * Jekyll `2019-05-01 09:30:00 +0200`, Hugo and Astro YAML dates, with or without a time, and
 * Astro's blog template a day in words (`Jul 08 2022`, read by JavaScript's Date there).
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i

/** The ISO form of `value`, or '' when it is no date this reads (the caller says so in its report). */
export function isoDate(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) < 8.64e15 ? new Date(value).toISOString() : ''
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString()
  if (typeof value !== 'string') return ''
  const match = DATE_TIME.exec(value.trim())
  if (!match) return dayInWords(value.trim())
  const [, year, month, day, hour, minute, second, fraction, offset] = match
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return ''
  const date = `${year}-${month}-${day}`
  if (hour === undefined) return date
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return ''
  const zone = offset === undefined ? '' : offset.toUpperCase() === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`
  return `${date}T${hour}:${minute}:${second ?? '00'}${fraction ?? ''}${zone}`
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_DAY_YEAR = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{4})$/i
const DAY_MONTH_YEAR = /^(\d{1,2}) ([a-z]{3,9})\.?,? (\d{4})$/i

/** `Jul 08 2022`, `July 8, 2022`, `8 July 2022` as `2022-07-08`; '' for anything else. */
function dayInWords(text: string): string {
  const monthFirst = MONTH_DAY_YEAR.exec(text)
  const dayFirst = monthFirst ? null : DAY_MONTH_YEAR.exec(text)
  const [monthName, day, year] = monthFirst
    ? [monthFirst[1]!, monthFirst[2]!, monthFirst[3]!]
    : dayFirst
      ? [dayFirst[2]!, dayFirst[1]!, dayFirst[3]!]
      : ['', '', '']
  const month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase()) + 1
  if (month === 0 || !isCalendarDay(Number(year), month, Number(day))) return ''
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Whether an ISO date from isoDate is still to come at `now` (a day counts from its midnight, UTC). */
export function isFuture(iso: string, now: Date): boolean {
  const time = Date.parse(iso)
  return Number.isFinite(time) && time > now.getTime()
}
