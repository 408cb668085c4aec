/** The not-found page's copy when no valid content/site/not-found.yaml was ever committed. */
import type { NotFoundContent } from '../../../core/site-content/not-found.ts'

export const NOT_FOUND_DEFAULT: NotFoundContent = {
  code: '404',
  title: 'Page Not Found',
  lines: [
    'This page is buffering… forever. We checked twice.',
    'Looks like this channel went off the air.',
    'Even our EPG has no listing for this page.',
    'This episode was cancelled before it was filmed.',
    'We searched every playlist. This page is not on any of them.',
    'Plot twist: the page you wanted was never in the season.',
    'Our remote pressed every button. Still no signal here.',
    'This page took an unscheduled commercial break.',
    'Error 404: page not found in any of your accounts.',
    'The stream dropped, and this page went with it.',
    'This page is still in post-production.',
    'You’ve reached the end of the catalogue. There is no next episode.',
    'Looks like this link was lost in the subtitles.',
    'Nothing to watch here. Not even a trailer.',
    'This page is region-locked to a region that does not exist.'
  ],
  note: 'Let’s get you back to something worth watching: head over to the homepage.',
  button: 'Back to Home'
}
