/**
 * One block element per line: how a post's HTML is written (server/content/format-blocks.ts,
 * a rehype plugin, on save) and how the admin editor writes its output
 * (pages/admin/blog/editor/normalize-html.ts), so an unedited save gives the stored text back.
 * One algorithm on the shape both trees share (hast's and the editor's own), here because it
 * is the one folder both sides may import.
 *
 * Whitespace between blocks carries no meaning in HTML, so this changes no rendering;
 * whitespace between inline pieces does, so it is never added or removed there. Which elements
 * are blocks is said where a post's elements are declared (post-html-rules.ts).
 */
import { elementsOf } from './post-html-rules.ts'

/** The part of a node this needs: text has `value`, an element `tagName` and `children`. */
export interface LineNode {
  type: string
  value?: string
  tagName?: string
  children?: LineNode[]
}

/** Containers whose block children go one per line, between an opening and a closing line. */
const LINE_CONTAINERS = new Set<string>(elementsOf('container'))
/** Blocks whose inside is kept untouched (`pre`). */
const VERBATIM = new Set<string>(elementsOf('verbatim'))
/** Elements that start a new line in a post file. */
const BLOCK_TAGS = new Set<string>([...elementsOf('block'), ...LINE_CONTAINERS, ...VERBATIM])
/** HTML's whitespace; JavaScript's `trim` would also take a meaningful `&nbsp;`. */
const LEADING_SPACE = /^[ \t\n\f\r]+/
const TRAILING_SPACE = /[ \t\n\f\r]+$/

const isBlock = (node: LineNode): boolean => node.type === 'element' && BLOCK_TAGS.has(node.tagName ?? '')
const isBlank = (node: LineNode): boolean => node.type === 'text' && /^[ \t\n\f\r]*$/.test(node.value ?? '')
const newline = (): LineNode => ({ type: 'text', value: '\n' })
const hasChildren = (node: LineNode): node is LineNode & { children: LineNode[] } => Array.isArray(node.children)

/** Formats `root`'s tree in place, one block per line. */
export function formatBlockLines(root: { type: 'root'; children: LineNode[] }): void {
  formatChildren(root, false)
}

function formatChildren(parent: LineNode & { children: LineNode[] }, lined: boolean): void {
  const kept = mergeTexts(parent.children).filter((child, i, all) => {
    if (!isBlank(child)) return true
    // Blank text between two inline pieces is a real space; next to a block it is layout.
    const before = all[i - 1]
    const after = all[i + 1]
    return !(before === undefined || after === undefined || isBlock(before) || isBlock(after))
  })
  const breaksLines = parent.type === 'root' || lined
  const result: LineNode[] = []
  kept.forEach((child, i) => {
    if (child.type === 'element' && VERBATIM.has(child.tagName ?? '')) keepLeadingNewline(child)
    else if (child.type === 'element' && hasChildren(child)) formatChildren(child, LINE_CONTAINERS.has(child.tagName ?? ''))
    const previous = kept[i - 1]
    const next = kept[i + 1]
    if (breaksLines && child.type === 'text') {
      // The newline written next to a block replaces the layout whitespace already there,
      // so formatting formatted HTML gives it back unchanged.
      let value = child.value ?? ''
      if (previous === undefined ? lined : isBlock(previous)) value = value.replace(LEADING_SPACE, '')
      if (next === undefined ? lined : isBlock(next)) value = value.replace(TRAILING_SPACE, '')
      child.value = value
    }
    if (breaksLines && previous !== undefined && (isBlock(previous) || isBlock(child))) result.push(newline())
    result.push(child)
  })
  if (lined && result.length > 0) {
    result.unshift(newline())
    result.push(newline())
  }
  parent.children = result
}

/**
 * Neighbouring text nodes as one. A parser never makes them, but the sanitizer does when it
 * unwraps an element it does not allow (`<div>`): the blank texts left on each side of it would
 * each look like a space between two inline pieces, and a second pass (which gets them merged)
 * would format differently from the first.
 */
function mergeTexts(children: LineNode[]): LineNode[] {
  const merged: LineNode[] = []
  for (const child of children) {
    const last = merged.at(-1)
    if (child.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { ...last, value: (last.value ?? '') + (child.value ?? '') }
    else merged.push(child)
  }
  return merged
}

/**
 * An HTML parser drops one newline right after `<pre>`, and the serializer does not write
 * it back: a `pre` whose text starts with a newline needs an extra one to keep it.
 */
function keepLeadingNewline(pre: LineNode): void {
  const first = pre.children?.[0]
  if (first?.type === 'text' && first.value?.startsWith('\n')) first.value = `\n${first.value}`
}
