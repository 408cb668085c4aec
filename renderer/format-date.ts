const LONG_US_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/**
 * `2025-10-01` → "October 1, 2025". The date is read and written in UTC, so the server
 * and every browser print the same text whatever their time zone (hydration agrees).
 */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  if (!year || !month || !day) return isoDate
  return LONG_US_DATE.format(new Date(Date.UTC(year, month - 1, day)))
}
