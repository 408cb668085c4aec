import { readingMinutes, readingTimeLabel } from '../../../renderer/reading-time.ts'

/** "N min read", beside the post's date. */
export function ReadingTime({ content }: { content: string }) {
  return <span className="article__reading-time">{readingTimeLabel(readingMinutes(content))}</span>
}
