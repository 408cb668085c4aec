import type { Node } from '@milkdown/kit/prose/model'
import { type Command, Plugin, PluginKey, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { AttrStep } from '@milkdown/kit/prose/transform'
import { $nodeSchema, $prose } from '@milkdown/kit/utils'
import { FOOTNOTE_ID, FOOTNOTE_REFERENCE_ID, FOOTNOTE_ROLES } from '../../../../core/post-html-rules.ts'
import { NO_MARKDOWN } from './figure-nodes.ts'

/*
 * Footnotes as posts store them: a reference in the text,
 * <sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>, and the notes at the end,
 * <section role="doc-endnotes"><ol><li id="fn-1"><p>Note text <a href="#fnref-1" role="doc-backlink">↩</a></p></li></ol></section>.
 * A footnote's name (`1`, `source`) links the two and never changes; the number shown is its
 * place among the references, and the notes follow the references' order (keptInOrder).
 */

export const FOOTNOTE_REFERENCE = 'footnote_ref'
export const FOOTNOTES = 'footnotes'
export const FOOTNOTE = 'footnote'
const BACKLINK = 'footnote_backlink'
const BACKLINK_TEXT = '↩'

const nameOf = (id: string | null, pattern: RegExp, prefix: string) => (id && pattern.test(id) ? id.slice(prefix.length) : null)

export const footnoteReferenceSchema = $nodeSchema(FOOTNOTE_REFERENCE, () => ({
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  attrs: { name: { default: '1', validate: 'string' }, label: { default: '1', validate: 'string' } },
  // Ahead of the link's rule, which would read the reference as a link.
  parseDOM: [
    {
      tag: 'sup',
      priority: 60,
      getAttrs: (dom: HTMLElement) => {
        const link = dom.children.length === 1 ? dom.firstElementChild : null
        const name = link?.matches(`a[role="${FOOTNOTE_ROLES.reference}"]`) ? nameOf(link.getAttribute('id'), FOOTNOTE_REFERENCE_ID, 'fnref-') : null
        return name === null ? false : { name, label: link!.textContent ?? '' }
      },
    },
  ],
  toDOM: (node: Node) => [
    'sup',
    ['a', { href: `#fn-${node.attrs.name as string}`, id: `fnref-${node.attrs.name as string}`, role: FOOTNOTE_ROLES.reference }, node.attrs.label as string],
  ],
  ...NO_MARKDOWN,
}))

export const footnotesSchema = $nodeSchema(FOOTNOTES, () => ({
  content: `${FOOTNOTE}+`,
  group: 'block',
  isolating: true,
  parseDOM: [{ tag: 'section[role="doc-endnotes"]', contentElement: 'ol' }],
  toDOM: () => ['section', { role: 'doc-endnotes' }, ['ol', 0]],
  ...NO_MARKDOWN,
}))

export const footnoteSchema = $nodeSchema(FOOTNOTE, () => ({
  content: 'block+',
  defining: true,
  attrs: { name: { default: '1', validate: 'string' } },
  parseDOM: [
    {
      tag: 'li',
      context: `${FOOTNOTES}/`,
      priority: 60,
      getAttrs: (dom: HTMLElement) => {
        const name = nameOf(dom.getAttribute('id'), FOOTNOTE_ID, 'fn-')
        return name === null ? false : { name }
      },
    },
  ],
  toDOM: (node: Node) => ['li', { id: `fn-${node.attrs.name as string}` }, 0],
  ...NO_MARKDOWN,
}))

/** A note's way back to its reference, at the end of its text. */
export const footnoteBacklinkSchema = $nodeSchema(BACKLINK, () => ({
  group: 'inline',
  inline: true,
  atom: true,
  attrs: { name: { default: '1', validate: 'string' } },
  parseDOM: [
    {
      tag: `a[role="${FOOTNOTE_ROLES.backlink}"]`,
      priority: 60,
      getAttrs: (dom: HTMLElement) => {
        const name = nameOf((dom.getAttribute('href') ?? '').replace(/^#/, ''), FOOTNOTE_REFERENCE_ID, 'fnref-')
        return name === null ? false : { name }
      },
    },
  ],
  toDOM: (node: Node) => ['a', { href: `#fnref-${node.attrs.name as string}`, role: FOOTNOTE_ROLES.backlink }, BACKLINK_TEXT],
  ...NO_MARKDOWN,
}))

interface Found {
  node: Node
  pos: number
}

/** The references in the text (not in the notes), the notes' section and its notes, in document order. */
function footnotesOf(doc: Node): { references: Found[]; section: Found | null } {
  const references: Found[] = []
  let section: Found | null = null
  doc.descendants((node, pos) => {
    if (node.type.name === FOOTNOTES) {
      section ??= { node, pos }
      return false
    }
    if (node.type.name === FOOTNOTE_REFERENCE) references.push({ node, pos })
    return true
  })
  return { references, section }
}

/**
 * After each change: each reference shows its place (1, 2, …) and the notes follow the
 * references' order, a note no reference names last. A post opened and saved without a change
 * is written as it was.
 */
export const footnotesInOrder = $prose(() => footnoteOrderPlugin())

/**
 * The plugin of footnotesInOrder. Putting the footnotes in order walks the whole document, which
 * each keystroke need not do: a document it left in order stays in order through a change that
 * touches no reference, note or notes' section (touchesFootnotes). So the first change after the
 * post is opened puts it in order (a post may come with its notes in any order), and after that
 * only a change that adds, removes or moves a footnote does.
 */
export function footnoteOrderPlugin(): Plugin {
  // The documents known to be in order (weakly held: an old one goes with the history that keeps it).
  const inOrder = new WeakSet<Node>()
  return new Plugin({
    key: new PluginKey('rte-footnotes'),
    appendTransaction: (transactions, before, state) => {
      if (!transactions.some((tr) => tr.docChanged)) return null
      if (inOrder.has(before.doc) && !transactions.some(touchesFootnotes)) {
        inOrder.add(state.doc)
        return null
      }
      const tr = putInOrder(state.tr)
      inOrder.add(tr.doc)
      return tr.docChanged ? tr : null
    },
  })
}

const FOOTNOTE_PARTS = new Set([FOOTNOTE_REFERENCE, FOOTNOTE, FOOTNOTES])

/**
 * Whether a change may have added, removed or moved a reference, a note or the notes' section:
 * whether one of them is in a range a step replaced (before or after it), or has an edge in it.
 * Writing inside a note's text is inside the note and the section, and touches neither.
 */
export function touchesFootnotes(tr: Transaction): boolean {
  return tr.steps.some((step, index) => {
    const before = tr.docs[index]!
    if (step instanceof AttrStep) return FOOTNOTE_PARTS.has(before.nodeAt(step.pos)?.type.name ?? '')
    const after = tr.docs[index + 1] ?? tr.doc
    let touched = false
    step.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      touched ||= holdsFootnotePart(before, oldStart, oldEnd) || holdsFootnotePart(after, newStart, newEnd)
    })
    return touched
  })
}

/** Whether a footnote part of `doc` overlaps from…to other than by holding all of it in its content. */
function holdsFootnotePart(doc: Node, from: number, to: number): boolean {
  let found = false
  doc.nodesBetween(from, to, (node, pos) => {
    if (FOOTNOTE_PARTS.has(node.type.name) && !(pos < from && to < pos + node.nodeSize)) found = true
    return !found
  })
  return found
}

function putInOrder(tr: Transaction): Transaction {
  const { references, section } = footnotesOf(tr.doc)
  const order: string[] = []
  for (const { node, pos } of references) {
    const name = node.attrs.name as string
    if (!order.includes(name)) order.push(name)
    const label = String(order.indexOf(name) + 1)
    if (node.attrs.label !== label) tr.setNodeAttribute(pos, 'label', label)
  }
  if (section) reorderNotes(tr, section, order)
  return tr
}

function reorderNotes(tr: Transaction, section: Found, order: string[]): void {
  const notes: Node[] = []
  section.node.forEach((note) => notes.push(note))
  const rank = (note: Node) => {
    const at = order.indexOf(note.attrs.name as string)
    return at === -1 ? order.length : at
  }
  const sorted = notes.map((note, index) => ({ note, index })).sort((a, b) => rank(a.note) - rank(b.note) || a.index - b.index).map(({ note }) => note)
  if (sorted.every((note, index) => note === notes[index])) return
  tr.replaceWith(section.pos + 1, section.pos + section.node.nodeSize - 1, sorted)
}

/** The first number no reference or note of the post is named by. */
function freeName(doc: Node): string {
  const taken = new Set<string>()
  doc.descendants((node) => {
    if (node.type.name === FOOTNOTE_REFERENCE || node.type.name === FOOTNOTE) taken.add(node.attrs.name as string)
    return true
  })
  let n = 1
  while (taken.has(String(n))) n++
  return String(n)
}

/**
 * A footnote at the cursor: its reference there, and its note (empty, but for its way back)
 * added to the notes at the end of the post, which are made when there are none. The cursor
 * goes into the new note, to write it.
 */
export const insertFootnote: Command = (state, dispatch) => {
  const { schema } = state
  const reference = schema.nodes[FOOTNOTE_REFERENCE]!
  const { $from } = state.selection
  if (!$from.parent.inlineContent || !$from.parent.type.contentMatch.matchType(reference) || footnotesOf(state.doc).section?.node === $from.node(1)) return false
  if (!dispatch) return true
  const name = freeName(state.doc)
  const tr = state.tr.replaceSelectionWith(reference.create({ name, label: name }))
  // Its text goes before the space that keeps it apart from its way back (`Note text ↩`).
  const note = schema.nodes[FOOTNOTE]!.create({ name }, schema.nodes.paragraph!.create(null, [schema.text(' '), schema.nodes[BACKLINK]!.create({ name })]))
  const { section } = footnotesOf(tr.doc)
  if (section) tr.insert(section.pos + section.node.nodeSize - 1, note)
  else tr.insert(tr.doc.content.size, schema.nodes[FOOTNOTES]!.create(null, note))
  putInOrder(tr)
  // Inside the new note's paragraph, before its way back.
  let noteStart = -1
  tr.doc.descendants((node, pos) => {
    if (node.type.name === FOOTNOTE && node.attrs.name === name) noteStart = pos
    return noteStart === -1
  })
  tr.setSelection(TextSelection.create(tr.doc, noteStart + 2))
  dispatch(tr.scrollIntoView())
  return true
}

export const footnoteSchemas = [footnoteReferenceSchema, footnotesSchema, footnoteSchema, footnoteBacklinkSchema, footnotesInOrder].flat()
