import { MAX_SUMMARY_LENGTH } from '../../core/contract/index.ts'

/**
 * A summary made from a post's own text, when its source wrote none (pure): white space made
 * single, cut at a word before the site's summary limit and marked with an ellipsis when cut.
 */
export function summaryFromText(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim()
  if (plain.length <= MAX_SUMMARY_LENGTH) return plain
  const cut = plain.slice(0, MAX_SUMMARY_LENGTH - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > MAX_SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
