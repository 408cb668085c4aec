import { type Command, TextSelection } from '@milkdown/kit/prose/state'
import { $shortcut } from '@milkdown/kit/utils'
import { BUTTON_BLOCK, DOWNLOAD_BLOCK } from './link-block-nodes.ts'

/** Blocks of one line: Enter in them goes on below the block, in a new paragraph (as in a figure's caption). */
const ONE_LINE = new Set([BUTTON_BLOCK, DOWNLOAD_BLOCK, 'gallery_caption'])

/**
 * Enter in a button's label, a file download's name or a gallery's caption goes on in a new
 * paragraph after the block; in a toggle's summary, in a paragraph at the start of what the
 * toggle opens to (its empty one, when it is new). Neither splits the line in two blocks of its kind.
 */
const enterInOneLineBlock: Command = (state, dispatch) => {
  const { $from } = state.selection
  const name = $from.parent.type.name
  const paragraph = state.schema.nodes.paragraph!
  if (name === 'toggle_summary') {
    if (dispatch) {
      const at = $from.after()
      // Into the empty paragraph a new toggle holds, else a new one.
      const next = state.doc.resolve(at).nodeAfter
      const tr = next?.type === paragraph && next.content.size === 0 ? state.tr : state.tr.insert(at, paragraph.create())
      dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView())
    }
    return true
  }
  if (!ONE_LINE.has(name)) return false
  if (dispatch) {
    // After the block itself: a gallery's caption is inside the gallery.
    const depth = name === 'gallery_caption' ? $from.depth - 1 : $from.depth
    const at = $from.after(depth)
    const tr = state.tr.insert(at, paragraph.create())
    dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView())
  }
  return true
}

export const blockKeymap = $shortcut(() => ({
  Enter: { key: 'Enter', priority: 100, onRun: () => enterInOneLineBlock },
}))
