/** SPEC §2 and §9: one of these 15 lines, chosen at random, on the not-found page. */
export const NOT_FOUND_LINES = [
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
  'This page is region-locked to a region that does not exist.',
] as const

export function randomNotFoundLine(): number {
  return Math.floor(Math.random() * NOT_FOUND_LINES.length)
}
