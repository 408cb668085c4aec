import { InputRule } from '@milkdown/kit/prose/inputrules'
import type { Node, NodeType, ResolvedPos } from '@milkdown/kit/prose/model'
import { type EditorState, NodeSelection, Plugin, PluginKey, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { insertPoint } from '@milkdown/kit/prose/transform'
import type { EditorView } from '@milkdown/kit/prose/view'
import { $inputRule, $prose } from '@milkdown/kit/utils'

/*
 * Where a block goes and where the cursor goes after it. ProseMirror's replaceSelectionWith puts
 * the selection at the end of what it inserted: for a block with no text inside (a video, a rule,
 * a figure's image) and none after it, that is the block itself, selected, and the next key typed
 * replaces it as it would replace selected text. So a block is never left selected by its
 * insertion: the cursor goes on in a paragraph after it, as in Google Docs or Notion.
 */

/** Whether the cursor's text block is a line a block may split or stand before (not code, not a caption). */
function isLine($pos: ResolvedPos): boolean {
  return ['paragraph', 'heading'].includes($pos.parent.type.name)
}

/**
 * The first place at or after `pos` where a node of `type` may go: there, or after the node
 * around it, going out as far as needed (after a figure, not inside it before its caption).
 */
function pointAfter(doc: Node, pos: number, type: NodeType): number | null {
  const $pos = doc.resolve(pos)
  for (let depth = $pos.depth; depth >= 0; depth--) {
    const index = depth === $pos.depth ? $pos.index() : $pos.indexAfter(depth)
    if ($pos.node(depth).canReplaceWith(index, index, type)) return depth === $pos.depth ? pos : $pos.after(depth + 1)
  }
  return null
}

/**
 * Inserts `block` at the selection: before the line when the cursor is at its start (an empty
 * line stays, under the block, with the cursor), after it at its end, between its halves in the
 * middle; after a code block or a caption the cursor is in, and after a selected block (never in
 * its place); in place of selected text. The cursor then stands in the paragraph after the block:
 * the line it was on, the text after it, or a new empty paragraph. Returns where the block
 * starts, or -1 when it fits nowhere.
 */
export function insertBlock(tr: Transaction, block: Node): number {
  const { selection } = tr
  const { $from } = selection
  let pos: number | null | undefined = null
  let into = false
  if (selection instanceof NodeSelection && selection.node.isBlock) {
    pos = pointAfter(tr.doc, selection.to, block.type)
  } else if (selection.empty && $from.parent.isTextblock) {
    const line = isLine($from)
    const atStart = line && $from.parentOffset === 0
    const atEnd = !line || $from.parentOffset === $from.parent.content.size
    const point = insertPoint(tr.doc, atStart ? $from.start() : $from.end(), block.type)
    // In the middle of the line, the block goes between its halves, beside them.
    if (atStart || atEnd) pos = point
    else if (point === $from.after()) {
      tr.split($from.pos)
      pos = $from.pos + 1
    }
    into = !atEnd
  }
  if (pos !== null && pos !== undefined) {
    tr.insert(pos, block)
    continueAfter(tr, pos + block.nodeSize, into)
    return pos
  }
  tr.replaceSelectionWith(block)
  let at = -1
  tr.doc.descendants((node, pos) => {
    if (node === block) at = pos
    return at === -1 && !node.isTextblock
  })
  if (at !== -1) continueAfter(tr, at + block.nodeSize, false)
  return at
}

/**
 * The cursor at the start of the text block after `end`: when `into` (it is the line the cursor
 * was on, or the text after it) or when it is an empty paragraph; otherwise in a new paragraph
 * made there (after the figure, for a figure's image).
 */
export function continueAfter(tr: Transaction, end: number, into: boolean): void {
  const paragraph = tr.doc.type.schema.nodes.paragraph!
  const at = pointAfter(tr.doc, end, paragraph)
  if (at === null) return
  const next = tr.doc.resolve(at).nodeAfter
  if (next?.isTextblock && ((into && at === end) || (next.type === paragraph && next.content.size === 0))) {
    tr.setSelection(TextSelection.create(tr.doc, at + 1))
    return
  }
  tr.insert(at, paragraph.create())
  tr.setSelection(TextSelection.create(tr.doc, at + 1))
}

/** A block (not inline content) selected as a whole: a video, a rule, a figure's image. */
function selectedBlock(state: EditorState): NodeSelection | null {
  const { selection } = state
  return selection instanceof NodeSelection && selection.node.isBlock ? selection : null
}

/**
 * Text typed while a block is selected goes into a paragraph after it, instead of replacing it:
 * a block is deleted by Delete or Backspace, never by a letter (the block may have been selected
 * by a click or an arrow key the writer did not mean as "replace this").
 */
function typeAfterSelectedBlock(view: EditorView, _from: number, _to: number, text: string): boolean {
  const selected = selectedBlock(view.state)
  if (!selected) return false
  const tr = view.state.tr
  // After the figure, not inside it, for a figure's image: its caption must come last.
  continueAfter(tr, selected.to, false)
  if (!(tr.selection instanceof TextSelection)) return false
  view.dispatch(tr.insertText(text).scrollIntoView())
  return true
}

export const selectedBlockTypingPlugin = $prose(
  () => new Plugin({ key: new PluginKey('rte-selected-block-typing'), props: { handleTextInput: typeAfterSelectedBlock } }),
)

/**
 * `---` (or `___ `, `*** `) typed at the start of a line makes a horizontal rule, as in Milkdown's
 * preset, whose rule replaces the line and leaves the rule selected; here the line stays under it.
 */
export const horizontalRuleInputRule = $inputRule(
  () =>
    new InputRule(/^(?:---|___\s|\*\*\*\s)$/, (state, _match, start, end) => {
      const tr = state.tr.delete(start, end)
      return insertBlock(tr, state.schema.nodes.hr!.create()) === -1 ? null : tr
    }),
)
