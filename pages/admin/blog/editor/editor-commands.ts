import { setBlockType, toggleMark, wrapIn } from '@milkdown/kit/prose/commands'
import { Fragment, type Mark, type MarkType, type Node, type NodeType, type ResolvedPos } from '@milkdown/kit/prose/model'
import { liftListItem, wrapInList } from '@milkdown/kit/prose/schema-list'
import { type Command, EditorState, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { liftTarget } from '@milkdown/kit/prose/transform'

/*
 * The toolbar's and the keyboard's commands, as plain ProseMirror commands over the editor's
 * schema (node and mark names from the commonmark preset plus our underline and strike).
 * Each one is a single transaction, so a single undo step.
 */

export type MarkName = 'strong' | 'emphasis' | 'underline' | 'strike' | 'inlineCode' | 'link'
export type ListName = 'bullet_list' | 'ordered_list'
/** 0 is a normal paragraph; 1–6 are heading levels. */
export type TextLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6

const nodeType = (state: EditorState, name: string): NodeType => state.schema.nodes[name]!
const markType = (state: EditorState, name: MarkName): MarkType => state.schema.marks[name]!

export function toggleMarkCommand(name: MarkName): Command {
  return (state, dispatch) => toggleMark(markType(state, name))(state, dispatch)
}

/** Paragraph or heading 1–6 for every text block in the selection (code blocks included). */
export function setTextLevel(level: TextLevel): Command {
  return (state, dispatch) =>
    level === 0
      ? setBlockType(nodeType(state, 'paragraph'))(state, dispatch)
      : setHeadingLevel(state, level, dispatch)
}

/** Headings of the selection to `level`, each keeping its id (an anchor someone may link to). */
function setHeadingLevel(state: EditorState, level: TextLevel, dispatch?: (tr: Transaction) => void): boolean {
  const heading = nodeType(state, 'heading')
  if (!setBlockType(heading, { level })(state)) return false
  const { from, to } = state.selection
  const id = (node: Node) => (node.type === heading ? (node.attrs.id as string) : '')
  dispatch?.(state.tr.setBlockType(from, to, heading, (node) => ({ level, id: id(node) })).scrollIntoView())
  return true
}

/** The nearest list around the selection, as a block range whose parent is the list. */
function listRange(state: EditorState) {
  const item = nodeType(state, 'list_item')
  const { $from, $to } = state.selection
  return $from.blockRange($to, (node) => node.childCount > 0 && node.firstChild!.type === item)
}

/**
 * Bullet or ordered list: wraps the selected blocks in one; inside a list of that kind,
 * lifts the selected items out of it; inside the other kind, switches that list's kind.
 */
export function toggleList(name: ListName): Command {
  return (state, dispatch) => {
    const type = nodeType(state, name)
    const range = listRange(state)
    if (range) {
      if (range.parent.type === type) return liftListItem(nodeType(state, 'list_item'))(state, dispatch)
      dispatch?.(state.tr.setNodeMarkup(range.$from.before(range.depth), type).scrollIntoView())
      return true
    }
    return wrapInList(type)(state, dispatch)
  }
}

/** Lifts the selected blocks out of the blockquote around them. */
const liftOutOfBlockquote: Command = (state, dispatch) => {
  const quote = nodeType(state, 'blockquote')
  const { $from, $to } = state.selection
  const range = $from.blockRange($to, (node) => node.type === quote)
  const target = range && liftTarget(range)
  if (!range || target === null || target === undefined) return false
  dispatch?.(state.tr.lift(range, target).scrollIntoView())
  return true
}

export const toggleBlockquote: Command = (state, dispatch) =>
  isInside(state.selection.$from, nodeType(state, 'blockquote'))
    ? liftOutOfBlockquote(state, dispatch)
    : wrapIn(nodeType(state, 'blockquote'))(state, dispatch)

/** A code block's lines as paragraphs (an empty line is an empty paragraph). */
function codeLinesAsParagraphs(state: EditorState, code: Node): Node[] {
  const paragraph = nodeType(state, 'paragraph')
  return code.textContent.split('\n').map((line) => paragraph.create(null, line ? state.schema.text(line) : null))
}

/**
 * Code block: the selected paragraphs and headings become one code block, a line each
 * (line breaks become newlines, formatting goes; not when one holds an image, which code cannot
 * hold); a code block becomes a paragraph per line.
 */
export const toggleCodeBlock: Command = (state, dispatch) => {
  const code = nodeType(state, 'code_block')
  const { $from, $to } = state.selection
  if ($from.parent.type === code) {
    const depth = $from.depth
    const paragraphs = codeLinesAsParagraphs(state, $from.parent)
    const index = $from.index(depth - 1)
    if (!$from.node(depth - 1).canReplace(index, index + 1, Fragment.from(paragraphs))) return false
    if (dispatch) {
      const start = $from.before(depth)
      const tr = state.tr.replaceWith(start, start + $from.parent.nodeSize, paragraphs)
      // The cursor stays on its line and column.
      const before = $from.parent.textBetween(0, $from.parentOffset)
      const line = before.split('\n').length - 1
      const column = before.length - before.lastIndexOf('\n') - 1
      const lineStart = paragraphs.slice(0, line).reduce((pos, node) => pos + node.nodeSize, start + 1)
      tr.setSelection(TextSelection.create(tr.doc, lineStart + column))
      dispatch(tr.scrollIntoView())
    }
    return true
  }
  const range = $from.blockRange($to)
  if (!range) return false
  const lines: string[] = []
  const lineTypes = [nodeType(state, 'paragraph'), nodeType(state, 'heading')]
  for (let i = range.startIndex; i < range.endIndex; i++) {
    const block = range.parent.child(i)
    if (!block.isTextblock) return setBlockType(code)(state, dispatch)
    // Code holds text alone: a line with an image stays a line, rather than lose its image, and
    // a button or a download stays itself, rather than lose its address.
    if (!lineTypes.includes(block.type) || !isPlainText(block)) return false
    lines.push(block.textBetween(0, block.content.size, undefined, (leaf) => (leaf.type.name === 'hardbreak' ? '\n' : '')))
  }
  const text = lines.join('\n')
  if (!range.parent.canReplaceWith(range.startIndex, range.endIndex, code)) return false
  if (dispatch) {
    const tr = state.tr.replaceWith(range.start, range.end, code.create(null, text ? state.schema.text(text) : null))
    tr.setSelection(TextSelection.create(tr.doc, range.start + 1 + text.length))
    dispatch(tr.scrollIntoView())
  }
  return true
}

/** Whether a text block holds only text and line breaks, which a code block can take. */
function isPlainText(block: Node): boolean {
  let plain = true
  block.forEach((child) => {
    if (!child.isText && child.type.name !== 'hardbreak') plain = false
  })
  return plain
}

function isInside($pos: ResolvedPos, type: NodeType): boolean {
  for (let depth = $pos.depth; depth > 0; depth--) if ($pos.node(depth).type === type) return true
  return false
}

/**
 * Clear formatting: every mark in the selection goes, and every selected block becomes a plain
 * paragraph: headings and code blocks turn into paragraphs, list items and quotes are lifted out.
 */
export const clearFormatting: Command = (state, dispatch) => {
  const { from, to } = state.selection
  const tr = state.tr
  // Code blocks first, a paragraph per line; from the end, so the earlier positions still hold.
  const codeBlocks: { node: Node; pos: number }[] = []
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (node.type.name !== 'code_block') return true
    codeBlocks.push({ node, pos })
    return false
  })
  for (const { node, pos } of codeBlocks.reverse()) {
    const $pos = state.doc.resolve(pos)
    if ($pos.parent.canReplace($pos.index(), $pos.index() + 1, Fragment.from(codeLinesAsParagraphs(state, node)))) {
      tr.replaceWith(pos, pos + node.nodeSize, codeLinesAsParagraphs(state, node))
    }
  }
  const start = tr.mapping.map(from, -1)
  const end = tr.mapping.map(to, 1)
  if (start < end) tr.removeMark(start, end)
  tr.setStoredMarks([])
  tr.setBlockType(start, end, nodeType(state, 'paragraph'))
  // Lift each text block out of its lists and quotes, one block at a time: a selection may
  // start in a list and end in a quote, and neither lift handles both at once.
  const starts: number[] = []
  tr.doc.nodesBetween(start, end, (node, pos) => {
    if (!node.isTextblock) return true
    starts.push(pos + 1)
    return false
  })
  const base = tr.steps.length
  const item = nodeType(state, 'list_item')
  for (const blockStart of starts) {
    for (let guard = 0; guard < 32; guard++) {
      const pos = tr.mapping.slice(base).map(blockStart)
      const at = EditorState.create({ doc: tr.doc, selection: TextSelection.create(tr.doc, pos) })
      let lifted: Transaction | undefined
      const capture = (t: Transaction) => {
        lifted = t
      }
      if (!liftListItem(item)(at, capture) && !liftOutOfBlockquote(at, capture)) break
      for (const step of lifted!.steps) tr.step(step)
    }
  }
  tr.setSelection(TextSelection.between(tr.doc.resolve(tr.mapping.map(from, -1)), tr.doc.resolve(tr.mapping.map(to, 1))))
  dispatch?.(tr.scrollIntoView())
  return true
}

export interface MarkRange {
  from: number
  to: number
  mark: Mark
}

/** The whole extent of the mark of `type` at (or just before) `$pos` in its text block. */
export function markRangeAt($pos: ResolvedPos, type: MarkType): MarkRange | null {
  const { parent, parentOffset } = $pos
  const start = $pos.start()
  for (const found of [parent.childAfter(parentOffset), parent.childBefore(parentOffset)]) {
    const mark = found.node && type.isInSet(found.node.marks)
    if (!found.node || !mark) continue
    let fromIndex = found.index
    let from = start + found.offset
    let toIndex = found.index + 1
    let to = from + found.node.nodeSize
    while (fromIndex > 0 && mark.isInSet(parent.child(fromIndex - 1).marks)) {
      fromIndex--
      from -= parent.child(fromIndex).nodeSize
    }
    while (toIndex < parent.childCount && mark.isInSet(parent.child(toIndex).marks)) {
      to += parent.child(toIndex).nodeSize
      toIndex++
    }
    return { from, to, mark }
  }
  return null
}

/** The link the Link button would edit: the one around the cursor, or around the whole selection. */
export function selectedLink(state: EditorState): MarkRange | null {
  const type = markType(state, 'link')
  const { $from, empty, from, to } = state.selection
  if (empty) {
    // Inside the link, not at its edge: links are not inclusive, text typed there is not linked.
    const before = $from.nodeBefore && type.isInSet($from.nodeBefore.marks)
    const after = $from.nodeAfter && type.isInSet($from.nodeAfter.marks)
    return before && after && before.eq(after) ? markRangeAt($from, type) : null
  }
  const range = markRangeAt(state.doc.resolve(from), type)
  // A selection inside one link edits that link; a wider selection gets a new one.
  return range && range.from <= from && to <= range.to ? range : null
}

export interface LinkInput {
  /** Already sanitized (url-rules.ts): '' is a blank link. */
  href: string
  /** Text to insert when nothing is selected. */
  text: string
}

/** Adds or updates a link: on the selection, on the link under the cursor, or as new text. */
export function setLink({ href, text }: LinkInput): Command {
  return (state, dispatch) => {
    const type = markType(state, 'link')
    const existing = selectedLink(state)
    const { from, to, empty } = state.selection
    const tr = state.tr
    if (existing) {
      const mark = type.create({ ...existing.mark.attrs, href })
      tr.removeMark(existing.from, existing.to, type).addMark(existing.from, existing.to, mark)
    } else if (!empty) {
      tr.removeMark(from, to, type).addMark(from, to, type.create({ href }))
    } else {
      if (text === '') return false
      const marks = type.create({ href }).addToSet(state.storedMarks ?? state.selection.$from.marks())
      tr.replaceSelectionWith(state.schema.text(text, marks), false)
    }
    dispatch?.(tr.scrollIntoView())
    return true
  }
}

export const removeLink: Command = (state, dispatch) => {
  const type = markType(state, 'link')
  const existing = selectedLink(state)
  const { from, to, empty } = state.selection
  if (!existing && (empty || !state.doc.rangeHasMark(from, to, type))) return false
  const tr = existing ? state.tr.removeMark(existing.from, existing.to, type) : state.tr.removeMark(from, to, type)
  dispatch?.(tr.scrollIntoView())
  return true
}
