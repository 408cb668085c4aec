import { dayIn, isScheduled } from '../../../core/site-day.ts'
import { formatLocalDate } from './post-form.ts'
import { useSiteTimeZone } from './use-site-time-zone.ts'

/**
 * Published with a date after today in the site's time zone: the post is scheduled, and says
 * when it goes live. The switch keeps its meaning; the date decides when.
 */
export function ScheduledNote(props: { isPublished: boolean; publishDate: string }) {
  const timeZone = useSiteTimeZone()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(props.publishDate) || !isScheduled(props, dayIn(timeZone, new Date()))) return null
  return (
    <p className="admin-scheduled" role="status">
      <span className="admin-badge admin-badge--scheduled">Scheduled</span> Goes live on {formatLocalDate(props.publishDate)} ({timeZone})
    </p>
  )
}
