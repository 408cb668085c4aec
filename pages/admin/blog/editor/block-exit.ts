import type { Node, ResolvedPos } from '@milkdown/kit/prose/model'
import type { Command } from '@milkdown/kit/prose/state'
import { continueAfter } from './block-insert.ts'

/*
 * Leaving a block the cursor is in (a code block, a quote, a table, and any other block that
 * holds blocks or code) for a new paragraph after it, as in Google Docs, Notion or TipTap:
 * - Enter on an empty last line at the block's end: that line goes, the cursor goes after the
 *   block (inside a code block's text, Enter is a new line; elsewhere in a quote, ProseMirror's
 *   own Enter already lifts an empty line out);
 * - Ctrl+Enter (⌘Enter) anywhere in it.
 * ArrowDown on the last line of the post needs nothing of its own: a post's last block always
 * has a paragraph after it (trailing-paragraph.ts), where the arrow goes.
 */

/** Whether `node` is a block the cursor leaves: code, or a block of blocks (not a line of text). */
const isLeavable = (node: Node) => node.type.isInGroup('block') && (node.type.spec.code === true || !node.isTextblock)

/** The depth of the innermost leavable block around `$pos`, or 0 for none. */
function leavableDepth($pos: ResolvedPos): number {
  for (let depth = $pos.depth; depth > 0; depth--) if (isLeavable($pos.node(depth))) return depth
  return 0
}

/** Ctrl+Enter: out of the innermost code block, quote or table, into a paragraph after it. */
export const leaveBlock: Command = (state, dispatch) => {
  const { $head } = state.selection
  const depth = leavableDepth($head)
  if (depth === 0) return false
  if (dispatch) {
    const tr = state.tr
    continueAfter(tr, $head.after(depth), false)
    dispatch(tr.scrollIntoView())
  }
  return true
}

/**
 * Enter on an empty last line at the end of a leavable block: a code block whose text ends with
 * an empty line, or an empty paragraph that is the last text of the block (a table's last cell)
 * and not all its cell or quote holds. The empty line is removed, the cursor goes after the block;
 * the only line of an empty quote, callout or toggle's body stays, with the block.
 */
export const leaveBlockOnEnter: Command = (state, dispatch) => {
  const { $head, empty } = state.selection
  if (!empty) return false
  const line = $head.parent
  let remove: { from: number; to: number }
  let depth: number
  if (line.type.spec.code) {
    if ($head.parentOffset !== line.content.size || !line.textContent.endsWith('\n')) return false
    remove = { from: $head.pos - 1, to: $head.pos }
    depth = $head.depth
  } else {
    depth = leavableDepth($head)
    const lastText = depth > 0 && $head.end(depth) - $head.after() === $head.depth - depth - 1
    if (!lastText || line.type.name !== 'paragraph' || line.content.size > 0) return false
    const index = $head.index($head.depth - 1)
    if (!$head.node($head.depth - 1).canReplace(index, index + 1)) {
      // The one empty line of a quote, a callout or a toggle's body just made: ProseMirror's own
      // Enter would lift it out, and the block, left with nothing, would go; removing it would
      // put an empty line back (an undo step that changes nothing). The block stays, its line to
      // come back to, and the cursor goes after it. (A list's or a cell's line is not the block's own.)
      if (depth !== $head.depth - 1) return false
      if (dispatch) {
        const tr = state.tr
        continueAfter(tr, $head.after(depth), false)
        dispatch(tr.scrollIntoView())
      }
      return true
    }
    remove = { from: $head.before(), to: $head.after() }
  }
  if (dispatch) {
    const tr = state.tr
    const after = $head.after(depth)
    tr.delete(remove.from, remove.to)
    continueAfter(tr, tr.mapping.map(after), false)
    dispatch(tr.scrollIntoView())
  }
  return true
}
