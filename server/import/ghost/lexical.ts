import { MAX_CONTENT_DEPTH } from '../../content/post-rules.ts'
import { field, type Fields, isFields, listField, numberField, stringField } from '../json-fields.ts'
import { renderCard } from './card-html.ts'
import { attributes, type GhostRendering, headingId, newRendering, type RenderedGhostDocument, text, UnreadableGhostDocument, wordsOfUnknown } from './rendering.ts'

/**
 * A Ghost 5 post's Lexical JSON (its `lexical` field: `{ root: { children: [...] } }`) rendered
 * to the HTML Ghost renders from it for the web (pure), for a post exported without its `html`.
 * Written after Ghost's own renderer (TryGhost/Koenig, `packages/kg-lexical-html-renderer`):
 * paragraphs, headings with Ghost's ids, quotes, asides (`blockquote.kg-blockquote-alt`), lists
 * (nested in the item before them, as Ghost nests them), text formats as tags, line breaks, links
 * (`href` and `rel`, as Ghost writes them) and the cards (card-html.ts). That package needs a
 * DOM (jsdom) and the Lexical editor itself to run, for what is here one walk over JSON
 * (docs/dependencies.md says more).
 *
 * A node this reader does not know keeps its words (in a paragraph, or inline where it stood) and
 * is named in the report: no sentence is dropped unsaid.
 */

/** Ghost's text format bits, in the order Ghost nests their tags. */
const FORMATS: readonly { bit: number; tag: string }[] = [
  { bit: 1, tag: 'strong' },
  { bit: 2, tag: 'em' },
  { bit: 4, tag: 's' },
  { bit: 8, tag: 'u' },
  { bit: 16, tag: 'code' },
  { bit: 32, tag: 'sub' },
  { bit: 64, tag: 'sup' },
  { bit: 128, tag: 'mark' },
]

/** Nodes that are text (Lexical's TextNode and Ghost's kinds of it). */
const TEXT_NODES = new Set(['text', 'extended-text', 'tk', 'zwnj', 'tab', 'at-link-search'])
const LINK_NODES = new Set(['link', 'autolink'])
/** Blocks Ghost renders by their children alone when they stand inside another (a paragraph in a list item). */
const ELEMENT_NODES = new Set(['paragraph', 'heading', 'extended-heading', 'quote', 'extended-quote', 'aside', 'listitem'])

/** @throws UnreadableGhostDocument with the reason, when the JSON is no Lexical document or nests too deep. */
export function lexicalToHtml(source: string): RenderedGhostDocument {
  let document: unknown
  try {
    document = JSON.parse(source)
  } catch (error) {
    throw new UnreadableGhostDocument(`its Lexical JSON cannot be read (${error instanceof Error ? error.message : String(error)})`)
  }
  const root = isFields(document) ? field(document, 'root') : undefined
  const children = isFields(root) ? field(root, 'children') : undefined
  if (!Array.isArray(children)) throw new UnreadableGhostDocument('its Lexical JSON has no root with children')
  const rendering = newRendering()
  // Ghost's editor keeps an empty paragraph at the end of a document: never rendered.
  const last = children.at(-1)
  const shown = isFields(last) && stringField(last, 'type') === 'paragraph' && plainText(last).trim() === '' ? children.slice(0, -1) : children
  const html = shown.map((node) => block(node, rendering)).join('')
  return { html, changed: rendering.changed }
}

function block(node: unknown, rendering: GhostRendering): string {
  if (!isFields(node)) {
    rendering.changed.push('a Lexical node that is no object → left out')
    return ''
  }
  const type = stringField(node, 'type')
  switch (type) {
    case 'paragraph':
      return `<p>${inside(node, rendering, 1)}</p>`
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(stringField(node, 'tag')) ? stringField(node, 'tag') : 'h2'
      return `<${tag}${attributes({ id: headingId(plainText(node), rendering) })}>${inside(node, rendering, 1)}</${tag}>`
    }
    case 'quote':
    case 'extended-quote':
      return `<blockquote>${inside(node, rendering, 1)}</blockquote>`
    case 'aside':
      return `<blockquote class="kg-blockquote-alt">${inside(node, rendering, 1)}</blockquote>`
    case 'list':
      return list(node, rendering, 1)
  }
  const card = renderCard(type, node, rendering)
  if (card !== undefined) return card
  const words = unknown(type, node, rendering)
  return words ? `<p>${text(words)}</p>` : ''
}

/** The words of a node this reader does not know, its name in the report. */
function unknown(type: string, node: Fields, rendering: GhostRendering, where = ''): string {
  const words = plainText(node).trim() || wordsOfUnknown(node)
  rendering.changed.push(`unknown Lexical node "${type || '(no type)'}"${where} → ${words ? 'its text' : 'nothing (it had no text)'}`)
  return words
}

/**
 * A list as Ghost writes it: an item whose first child is a list is that list, nested in the item
 * before it (`<li>one<ul><li>one.two</li></ul></li>`).
 */
function list(node: Fields, rendering: GhostRendering, depth: number): string {
  deepest(depth)
  const tag = stringField(node, 'tag') === 'ol' || stringField(node, 'listType') === 'number' ? 'ol' : 'ul'
  const start = numberField(node, 'start')
  const parts: string[] = []
  let open = false
  for (const item of listField(node, 'children')) {
    if (!isFields(item)) continue
    const first = listField(item, 'children')[0]
    if (isFields(first) && stringField(first, 'type') === 'list') {
      parts.push(list(first, rendering, depth + 1))
      if (open) parts.push('</li>')
      open = false
    } else {
      if (open) parts.push('</li>')
      parts.push(`<li>${inside(item, rendering, depth + 1)}`)
      open = true
    }
  }
  if (open) parts.push('</li>')
  const numbered = tag === 'ol' && start !== undefined && start !== 1 && Number.isInteger(start) && start >= 0
  return `<${tag}${numbered ? ` start="${start}"` : ''}>${parts.join('')}</${tag}>`
}

/** A node's children: runs of text, line breaks and links as inline HTML; a block inside by its own children (as Ghost). */
function inside(node: Fields, rendering: GhostRendering, depth: number): string {
  deepest(depth)
  const parts: string[] = []
  let run: Fields[] = []
  const flush = () => {
    if (run.length > 0) parts.push(inline(run, rendering, depth))
    run = []
  }
  for (const child of listField(node, 'children')) {
    if (!isFields(child)) continue
    const type = stringField(child, 'type')
    if (TEXT_NODES.has(type) || LINK_NODES.has(type) || type === 'linebreak') {
      run.push(child)
      continue
    }
    flush()
    if (type === 'at-link') parts.push(linkSearch(child, rendering))
    else if (type === 'list') parts.push(list(child, rendering, depth + 1))
    else if (ELEMENT_NODES.has(type)) parts.push(inside(child, rendering, depth + 1))
    else parts.push(text(unknown(type, child, rendering, ' inside a block')))
  }
  flush()
  return parts.join('')
}

/**
 * A link being searched for (`@` typed in Ghost's editor, then words to find a post by): the
 * editor's own, replaced by a link once one is picked. Ghost renders nothing of it; the report
 * names the words.
 */
function linkSearch(node: Fields, rendering: GhostRendering): string {
  const words = plainText(node).trim()
  rendering.changed.push(`unfinished link search${words ? ` "${words}"` : ''} → left out (Ghost shows none)`)
  return ''
}

/**
 * Text, line breaks and links as Ghost's TextContent writes them: a format's tag opened once for
 * the run of text that has it (the longest-lasting outermost), closed where the text stops
 * having it, and every format closed around a link, whose text is a run of its own.
 */
function inline(nodes: Fields[], rendering: GhostRendering, depth: number): string {
  const parts: string[] = []
  const open: number[] = []
  const closeFrom = (index: number) => {
    while (open.length > index) parts.push(`</${FORMATS[open.pop()!]!.tag}>`)
  }
  const lasting = lastingFormats(nodes)
  nodes.forEach((node, index) => {
    const type = stringField(node, 'type')
    if (type === 'linebreak') {
      parts.push('<br>')
      return
    }
    if (LINK_NODES.has(type)) {
      closeFrom(0)
      parts.push(`<a${attributes({ href: stringField(node, 'url'), rel: stringField(node, 'rel') })}>${inside(node, rendering, depth + 1)}</a>`)
      return
    }
    const format = numberField(node, 'format') ?? 0
    const wanted = FORMATS.flatMap((entry, at) => (format & entry.bit ? [at] : []))
    const stale = open.findIndex((at) => !wanted.includes(at))
    if (stale >= 0) closeFrom(stale)
    for (const at of wanted.filter((at) => !open.includes(at)).sort((a, b) => lasting[index]![b]! - lasting[index]![a]!)) {
      parts.push(`<${FORMATS[at]!.tag}>`)
      open.push(at)
    }
    parts.push(text(type === 'tab' ? stringField(node, 'text') || '\t' : stringField(node, 'text')))
    // Formats the next text lacks close here, before any line break between (`<strong>a</strong><br><em>b</em>`); all close before a link.
    let after = index + 1
    while (after < nodes.length && stringField(nodes[after]!, 'type') === 'linebreak') after++
    const next = nodes[after]
    const nextFormat = next && TEXT_NODES.has(stringField(next, 'type')) ? (numberField(next, 'format') ?? 0) : 0
    const ending = open.findIndex((at) => !(nextFormat & FORMATS[at]!.bit))
    if (ending >= 0) closeFrom(ending)
  })
  closeFrom(0)
  return parts.join('')
}

/**
 * For each node of a run, how many nodes after it keep each format (a line break keeps them all),
 * counted backwards in one pass: a paragraph of many thousand pieces costs no more than its length.
 */
function lastingFormats(nodes: Fields[]): number[][] {
  const lasting: number[][] = nodes.map(() => FORMATS.map(() => 0))
  for (let index = nodes.length - 2; index >= 0; index--) {
    const next = nodes[index + 1]!
    const type = stringField(next, 'type')
    const format = numberField(next, 'format') ?? 0
    FORMATS.forEach((entry, at) => {
      const keeps = type === 'linebreak' || (TEXT_NODES.has(type) && (format & entry.bit) !== 0)
      lasting[index]![at] = keeps ? 1 + lasting[index + 1]![at]! : 0
    })
  }
  return lasting
}

/** The text of a node and its children, as Lexical's getTextContent (for a heading's id). */
function plainText(node: Fields): string {
  const parts: string[] = []
  const stack: unknown[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()
    if (!isFields(current)) continue
    const type = stringField(current, 'type')
    if (TEXT_NODES.has(type)) parts.push(stringField(current, 'text'))
    else if (type === 'linebreak') parts.push('\n')
    const children = listField(current, 'children')
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  return parts.join('')
}

function deepest(depth: number): void {
  if (depth > MAX_CONTENT_DEPTH) throw new UnreadableGhostDocument(`its Lexical JSON nests more than ${MAX_CONTENT_DEPTH} levels deep, more than a post may`)
}
