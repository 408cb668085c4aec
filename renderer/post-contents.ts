import { htmlText } from '../core/html-text.ts'
import { HEADING_ID } from '../core/post-html-rules.ts'

/** A section of a post's table of contents: an `<h2>` with its `<h3>`s, or an `<h3>` before any `<h2>`. */
export interface ContentsEntry {
  /** The heading's id, as its anchor links to it (server/content/heading-anchors.ts). */
  id: string
  /** Its text, as a reader sees it (never markup: the page writes it as text). */
  text: string
  subsections: ContentsEntry[]
}

/** A post shows a table of contents from this many `<h2>` and `<h3>` headings: a shorter post is read at a glance. */
export const MIN_CONTENTS_HEADINGS = 3

/**
 * An `<h2>` or `<h3>` of a post's HTML as the page shows it, its attributes' quoted values
 * included (one may hold a `>`), and its inner HTML up to its end tag (headings never nest).
 */
const HEADING = /<h([23])((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/h\1\s*>/gi
const ID_ATTRIBUTE = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i

/**
 * The table of contents of a post (pure), from the ids that heading-anchors.ts gave its headings
 * when the server made its display HTML: each `<h2>` in order with the `<h3>`s after it nested
 * under it; an `<h3>` before the first `<h2>` stands on its own. A heading without a valid id or
 * without text (an image alone) is left out. Empty below MIN_CONTENTS_HEADINGS headings.
 */
export function postContents(html: string): ContentsEntry[] {
  const entries: ContentsEntry[] = []
  let count = 0
  let section: ContentsEntry | null = null
  for (const match of html.matchAll(HEADING)) {
    const found = ID_ATTRIBUTE.exec(match[2]!)
    const id = found?.[1] ?? found?.[2] ?? found?.[3]
    const text = htmlText(match[3]!).replace(/\s+/g, ' ').trim()
    if (id === undefined || !HEADING_ID.test(id) || text === '') continue
    const entry: ContentsEntry = { id, text, subsections: [] }
    count++
    if (match[1] === '2') {
      section = entry
      entries.push(entry)
    } else if (section) section.subsections.push(entry)
    else entries.push(entry)
  }
  return count >= MIN_CONTENTS_HEADINGS ? entries : []
}
