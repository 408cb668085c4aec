import { PostFileError } from '../lib/errors.ts'
import { isCleanPostHtml } from './is-clean-html.ts'
import { diagnoseUnsafeHtml } from './unsafe-html.ts'

/**
 * What checking a post file's content against the sanitizer gave: nothing to say, a warning
 * naming what the site leaves out when it shows the post (`content has onclick="x()" on <p>
 * (line 9), …`), or an error when nothing would be left to show.
 */
export type ContentCheck = { warning?: string } | { error: PostFileError }

/**
 * Checks a post's content as the site reads its file (pure): content the sanitizer would change
 * is no reason to refuse the file, which is served cleaned (every render sanitizes what is not
 * already clean) with a warning naming what goes and where; content of which nothing is left
 * once cleaned is refused, as a save of it would be.
 * Content written as the server writes it passes on a scan of its tags (isCleanPostHtml,
 * microseconds); any other is parsed, milliseconds a post of 3 to 6 KB, which is why a start
 * leaves the check to the background (BlogContent).
 * @param contentLine the file's line number of the content's first line.
 */
export function checkPostContent(fileName: string, content: string, contentLine: number): ContentCheck {
  if (isCleanPostHtml(content)) return {}
  const diagnosis = diagnoseUnsafeHtml(content, contentLine)
  if (diagnosis === null) return {}
  const { finding, emptyOnceSanitized } = diagnosis
  if (emptyOnceSanitized) return { error: new PostFileError(fileName, 'content', `${finding}, and nothing is left without it`) }
  return { warning: `content ${finding}: the site shows it without that, and the next save writes the cleaned form` }
}
