/** A commit's date and time in the browser's own format: "3 Nov 2025, 14:02". */
export function formatWhen(isoDate: string): string {
  return new Date(isoDate).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** A commit's day in the browser's own format: "3 Nov 2025" (what "Restored from …" names). */
export function formatDay(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
}

/** A post's publish date (`YYYY-MM-DD`, a calendar day) in the local date format. */
export function formatPublishDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return day
  return new Date(year, month - 1, date).toLocaleDateString()
}
