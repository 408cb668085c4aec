import { parseFragment } from 'parse5'

/** Elements inside a line of text: no word break around them (HTML's phrasing elements that hold text). */
export const INLINE_ELEMENTS: ReadonlySet<string> = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'u', 'var'])

/**
 * The text of a bit of HTML, as a reader sees it (pure): tags removed, character references
 * decoded, runs of white space made one space. For fields that are plain text here but may hold
 * markup in a source: WordPress titles (`Title <em>With</em> Markup`) and excerpts.
 */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim()
  const parts: string[] = []
  // parse5's tree, walked by a loop (no recursion to overflow on hostile nesting).
  const stack: unknown[] = [parseFragment(html)]
  while (stack.length > 0) {
    const node = stack.pop() as { nodeName: string; value?: string; childNodes?: unknown[] } | ' '
    if (node === ' ') parts.push(' ')
    else if (node.nodeName === '#text') parts.push(node.value ?? '')
    else if (node.nodeName !== '#comment' && node.nodeName !== 'script' && node.nodeName !== 'style' && node.childNodes) {
      // A block's text is a word apart from the blocks around it: "Cell 1 Cell 2", not "Cell 1Cell 2".
      const block = !INLINE_ELEMENTS.has(node.nodeName)
      if (block) {
        parts.push(' ')
        stack.push(' ')
      }
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i])
    } else if (node.nodeName === 'br') parts.push(' ')
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}
