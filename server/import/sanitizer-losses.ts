import type { Element, Root } from 'hast'
import { currentName, STRIPPED_ELEMENTS } from '../../core/post-html-rules.ts'
import { findAll, parseFragment } from './hast-nodes.ts'

/**
 * What the sanitizer took from an imported post that the mappings left to it (pure): each kind
 * of element it removed or unwrapped, and each link whose target it refused, counted by
 * comparing the HTML before and after. Wrappers that only laid a page out (`div`, `span`) are
 * not worth a line; anything else is, so nothing leaves a post without the report saying so.
 */

/** Layout wrappers: unwrapping them loses no meaning. */
const WRAPPERS = new Set(['div', 'span', 'font', 'center', 'section', 'article', 'header', 'footer', 'main', 'nav', 'picture', 'source'])

export function sanitizerLosses(before: string, after: string): string[] {
  const was = tally(parseFragment(before))
  const is = tally(parseFragment(after))
  const losses: string[] = []
  for (const [key, count] of was) {
    const lost = count - (is.get(key) ?? 0)
    if (lost <= 0) continue
    const line = key === 'a[href]' ? 'link target refused by the sanitizer (its text kept)'
      : STRIPPED_ELEMENTS.includes(key) ? `<${key}> removed by the sanitizer with what it held`
      : `<${key}> unwrapped by the sanitizer (its text kept)`
    for (let i = 0; i < lost; i++) losses.push(line)
  }
  return losses
}

function tally(tree: Root): Map<string, number> {
  const counts = new Map<string, number>()
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
  for (const node of findAll(tree, () => true) as Element[]) {
    // `<b>` kept as `<strong>` is no loss: counted under the name it is kept by.
    if (!WRAPPERS.has(node.tagName)) add(currentName(node.tagName))
    if (node.tagName === 'a' && typeof node.properties.href === 'string') add('a[href]')
  }
  return counts
}
