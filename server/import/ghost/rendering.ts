import { escapeHtmlAttribute, escapeHtmlText } from '../../../core/escape-markup.ts'
import { HEADING_ID } from '../../../core/post-html-rules.ts'
import { isDeeperThan } from '../../content/html-depth.ts'
import { MAX_CONTENT_DEPTH } from '../../content/post-rules.ts'
import type { Element, Root, RootContent } from 'hast'
import { parseFragment, textOf, writeFragment } from '../hast-nodes.ts'
import { type Fields, isFields, stringField } from '../json-fields.ts'

/**
 * What rendering a Ghost editor's document as Ghost renders it needs, whichever editor saved it
 * (lexical.ts, mobiledoc.ts) and for its cards (card-html.ts) alike (pure): the document's state
 * (the heading ids given so far, what the report must say), text and attributes escaped
 * (core/escape-markup.ts), Ghost's heading ids, a field Ghost's editor saves as HTML, and the
 * words of what this reader does not know.
 *
 * Fields that Ghost's editor saves as HTML (captions, a callout's text, a toggle's content) are
 * HTML: each is parsed on its own and written back, so it stays inside its card as the browser's
 * innerHTML keeps it in Ghost's; the importer's sanitizer then decides what of it stays, as for
 * any imported post.
 */

export interface RenderedGhostDocument {
  html: string
  /** What the report must say of the rendering (unknown nodes, cards left out), one per occurrence. */
  changed: string[]
}

/** A Ghost editor document that cannot be read: its message is the post's reason in the report. */
export class UnreadableGhostDocument extends Error {}

/** One document's rendering: the heading ids given so far, and what the report must say. */
export interface GhostRendering {
  /** What was changed, or could not be rendered as Ghost does, one per occurrence ("unknown Lexical node "poll" → its text"). */
  changed: string[]
  /** Heading ids made so far, with how many times each, to number repeats as Ghost does. */
  headingIds: Map<string, number>
  /** Ghost 4 and later keep any letter in an id; Ghost 2 and 3's Mobiledoc made every non-word character a hyphen. */
  idStyle: 'ghost4' | 'ghost2'
}

export function newRendering(idStyle: GhostRendering['idStyle'] = 'ghost4'): GhostRendering {
  return { changed: [], headingIds: new Map(), idStyle }
}

export const text = escapeHtmlText

/** ` name="value"` for each attribute with a value (`true`: written bare), escaped. */
export function attributes(values: Readonly<Record<string, string | number | boolean | undefined>>): string {
  let written = ''
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === false || value === '') continue
    written += value === true ? ` ${name}` : ` ${name}="${escapeHtmlAttribute(String(value))}"`
  }
  return written
}

/**
 * The id Ghost gives a heading (kg-utils `slugify`, less its percent-encoding, which no id of a
 * post may hold), numbered as Ghost numbers a repeat (`intro`, `intro-1`); none when the text
 * makes no id a post may hold (the post page makes its own then). Ghost's, not the site's own
 * (server/content/heading-anchors.ts `idFromText`, `intro-2` for a repeat): a link to a section
 * of the old post (`/trail-notes/#intro-1`) keeps finding it, as the post page keeps a written id.
 */
export function headingId(words: string, rendering: GhostRendering): string | undefined {
  const trimmed = words.trim()
  const id = rendering.idStyle === 'ghost2'
    ? trimmed.replace(/[<>&"?]/g, '').replace(/[^\w]/g, '-').replace(/-{2,}/g, '-').toLowerCase()
    : trimmed.toLowerCase().replace(/[\][!"#$%&'()*+,./:;<=>?@\\^_{|}~]/g, '').replace(/\s+/g, '-').replace(/^-|-{2,}|-$/g, '')
  if (id === '') return undefined
  const seen = rendering.headingIds.get(id)
  rendering.headingIds.set(id, (seen ?? 0) + 1)
  const numbered = seen === undefined ? id : `${id}-${seen}`
  return HEADING_ID.test(numbered) ? numbered : undefined
}

/**
 * A field Ghost's editor saves as HTML, parsed on its own and written back: an unclosed tag
 * closes inside its card, as in the browser that rendered it for Ghost.
 * @throws UnreadableGhostDocument when it nests deeper than any post may (the parser's tree walks would overflow).
 */
export function innerHtml(fields: Fields, name: string, keep?: ReadonlySet<string>): string {
  const value = stringField(fields, name)
  if (value.trim() === '') return ''
  if (isDeeperThan(value, MAX_CONTENT_DEPTH)) throw new UnreadableGhostDocument(`its ${name} HTML nests elements more than ${MAX_CONTENT_DEPTH} levels deep, more than a post may`)
  const tree = parseFragment(value)
  if (keep) unwrapAllBut(tree, keep)
  return writeFragment(tree)
}

/** Every element but those of `keep` replaced by what it holds (Ghost's cleanDOM), by a loop. */
function unwrapAllBut(tree: Root, keep: ReadonlySet<string>): void {
  const parents: (Root | Element)[] = [tree]
  while (parents.length > 0) {
    const parent = parents.pop()!
    // A stack, last child on top: an unwrapped element's children go back on it in their order.
    const pending: RootContent[] = [...parent.children].reverse()
    const kept: RootContent[] = []
    while (pending.length > 0) {
      const child = pending.pop()!
      if (child.type === 'element' && !keep.has(child.tagName)) {
        for (let i = child.children.length - 1; i >= 0; i--) pending.push(child.children[i]!)
      } else {
        kept.push(child)
        if (child.type === 'element') parents.push(child)
      }
    }
    parent.children = kept as Root['children'] & Element['children']
  }
}

/** The words of a bit of HTML, for the report. */
export function wordsOfHtml(html: string): string {
  return textOf(parseFragment(html))
}

/**
 * The words of a node or card this reader does not know, so none is dropped unsaid: every
 * string it holds (its children's too) that is neither a name of Ghost's (`type`, a layout, a
 * colour) nor an address, HTML tags left out.
 */
export function wordsOfUnknown(value: unknown): string {
  const words: string[] = []
  const stack: { value: unknown; key: string; depth: number }[] = [{ value, key: '', depth: 0 }]
  while (stack.length > 0) {
    const { value: current, key, depth } = stack.pop()!
    if (typeof current === 'string') {
      if (!NOT_WORDS.has(key) && !/^(?:[a-z][a-z\d+.-]*:|\/|#[\da-f]{3,8}$)/i.test(current.trim())) words.push(wordsOfHtml(current))
    } else if (depth < MAX_CONTENT_DEPTH && (Array.isArray(current) || isFields(current))) {
      const entries = Array.isArray(current) ? current.map((item) => [key, item] as const) : Object.entries(current)
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], depth: depth + 1 })
    }
  }
  return words.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim()
}

const NOT_WORDS = new Set(['type', 'version', 'format', 'direction', 'mode', 'style', 'tag', 'listType', 'rel', 'target', 'language', 'alignment', 'layout', 'cardWidth', 'backgroundColor', 'textColor', 'buttonColor', 'buttonTextColor', 'accentColor', 'backgroundSize', 'segment', 'mimeType', 'embedType', 'size'])
