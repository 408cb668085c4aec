import { parseFragment } from 'parse5'

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
    const node = stack.pop() as { nodeName: string; value?: string; childNodes?: unknown[] }
    if (node.nodeName === '#text') parts.push(node.value ?? '')
    else if (node.nodeName !== '#comment' && node.nodeName !== 'script' && node.nodeName !== 'style' && node.childNodes) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i])
    }
    if (node.nodeName === 'br' || node.nodeName === 'p') parts.push(' ')
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}
