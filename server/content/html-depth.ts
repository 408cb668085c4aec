import { parseFragment } from 'parse5'
import { POST_ELEMENTS, RENAMED_ELEMENTS } from '../../core/post-html-rules.ts'

/**
 * How deeply HTML nests its elements, found without recursion. The HTML tools of the site
 * (hast-util-from-parse5, the sanitizer, rehype-stringify) walk a tree recursively: a few
 * thousand nested elements overflow the stack (a RangeError, a 500, feeds that stop working).
 * So content is measured before any of them sees it, by code that uses no recursion at all.
 *
 * Two ways, the cheap one first:
 * - `depthBound`: one pass over the text, tag by tag, keeping a stack of names (an end tag pops
 *   only the element on top). For the elements a post may hold, which the parser never adds
 *   implicitly (no `<html>`; a table's `<tbody>` and `<tr>` are counted, IMPLIED_IN_TABLE), the
 *   parser's tree is never deeper than this stack grew (plus one for an end tag that closes nothing: `</br>` is a `<br>`): it only closes
 *   more (a `<p>` ends an open `<p>`, a heading another heading).
 *   tests/unit/html-depth.test.ts checks that against parse5 on generated tag soup.
 * - `exactDepth`: parse5 itself (its tree construction is a loop over an explicit stack of
 *   open elements, not recursion), then an iterative walk. Used when the bound says nothing or
 *   says too much (a hand-written list whose `<li>` are never closed).
 */

/**
 * The levels the parser may add in a table that the text does not write: a `<tbody>` around a
 * row, a `<tr>` around a cell (`<table><td>` is table > tbody > tr > td). Counted for each open
 * `<table>`, and once for the fragment itself as soon as any table part appears in it: a fragment
 * is parsed as a template's content, where `<thead><th>` is thead > tr > th with no table at all.
 * Anything else the parser does in a table moves content out (foster parenting) or closes
 * elements: never deeper.
 */
const IMPLIED_IN_TABLE = 2
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr', 'th', 'td'])

/**
 * Elements whose depth the scan can bound: a post's (core/post-html-rules.ts) and the older
 * names renamed to them. The bound holds for them (tests/unit/html-depth.test.ts checks each one
 * against parse5), a table counted with the levels the parser may add in it (IMPLIED_IN_TABLE).
 */
const KNOWN = new Set([...Object.keys(POST_ELEMENTS), ...Object.keys(RENAMED_ELEMENTS)])
/** Elements that never have content: they do not nest. */
const VOID = new Set(Object.entries(POST_ELEMENTS).flatMap(([name, element]) => (element.void ? [name] : [])))

const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' '])
const isLetter = (character: string | undefined) => character !== undefined && /^[a-z]$/i.test(character)

/**
 * An upper bound of the depth of the tree the HTML parser builds from `html`, or null when the
 * scan cannot give one: an element outside KNOWN, a comment, a doctype or processing instruction
 * (`<!`, `<?`), a malformed end tag, or a tag cut off by the end of the text.
 */
export function depthBound(html: string): number | null {
  const open: string[] = []
  /** Levels the parser may add in the tables open on the stack, and in the fragment once it has a table part. */
  let implied = 0
  let tablePartSeen = false
  let deepest = 0
  let at = html.indexOf('<')
  while (at !== -1) {
    const next = html[at + 1]
    if (next === '!' || next === '?') return null
    const closing = next === '/'
    const nameStart = closing ? at + 2 : at + 1
    if (!isLetter(html[nameStart])) {
      if (closing) return null // `</>` or `</ x>`: the parser's rules for those are not worth modelling
      at = html.indexOf('<', at + 1) // a `<` that opens nothing is text
      continue
    }
    let end = nameStart
    while (end < html.length && !WHITESPACE.has(html[end]!) && html[end] !== '/' && html[end] !== '>') end++
    const name = html.slice(nameStart, end).toLowerCase()
    if (!KNOWN.has(name)) return null
    if (TABLE_PARTS.has(name) && !tablePartSeen) {
      tablePartSeen = true
      implied += IMPLIED_IN_TABLE
    }
    const tagEnd = endOfTag(html, end)
    if (tagEnd === -1) return null
    if (closing && open.at(-1) === name) {
      open.pop()
      if (name === 'table') implied -= IMPLIED_IN_TABLE
    } else if (closing) {
      // An end tag that closes nothing may still make an element where it stands: `</br>` is a
      // `<br>`, a stray `</p>` an empty `<p>`. Counted as one, one level down.
      deepest = Math.max(deepest, open.length + implied + 1)
    } else {
      if (name === 'table') implied += IMPLIED_IN_TABLE
      // A void element is one level deeper than its parent, and holds nothing.
      deepest = Math.max(deepest, open.length + implied + 1)
      if (!VOID.has(name)) open.push(name)
    }
    at = html.indexOf('<', tagEnd + 1)
  }
  return deepest
}

/**
 * Where the tag whose name ends at `from` ends (its `>`), reading its attributes as the HTML
 * tokenizer does, so that a `>` or a `</x>` inside a quoted value stays in the value. -1 when the
 * text ends first.
 */
function endOfTag(html: string, from: number): number {
  let at = from
  for (;;) {
    while (at < html.length && (WHITESPACE.has(html[at]!) || html[at] === '/')) at++
    if (at >= html.length) return -1
    if (html[at] === '>') return at
    // An attribute name: its first character may be `=`.
    at++
    while (at < html.length && !WHITESPACE.has(html[at]!) && html[at] !== '/' && html[at] !== '>' && html[at] !== '=') at++
    while (at < html.length && WHITESPACE.has(html[at]!)) at++
    if (html[at] !== '=') continue
    at++
    while (at < html.length && WHITESPACE.has(html[at]!)) at++
    const quote = html[at]
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, at + 1)
      if (close === -1) return -1
      at = close + 1
    } else {
      while (at < html.length && !WHITESPACE.has(html[at]!) && html[at] !== '>') at++
    }
  }
}

interface Node {
  childNodes?: Node[]
  /** A `<template>`'s own fragment. */
  content?: Node
  tagName?: string
}

/** The depth of the tree the HTML parser builds from `html` as a fragment (a top-level element is at 1). */
export function exactDepth(html: string): number {
  const stack: [Node, number][] = [[parseFragment(html) as Node, 0]]
  let deepest = 0
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    deepest = Math.max(deepest, depth)
    for (const child of node.childNodes ?? []) stack.push([child, child.tagName === undefined ? depth : depth + 1])
    if (node.content) stack.push([node.content, depth])
  }
  return deepest
}

/** Whether the parser's tree of `html` is deeper than `limit`: the scan when it settles it, else parse5. */
export function isDeeperThan(html: string, limit: number): boolean {
  const bound = depthBound(html)
  if (bound !== null && bound <= limit) return false
  return exactDepth(html) > limit
}
