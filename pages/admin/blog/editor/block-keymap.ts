import type { Command } from '@milkdown/kit/prose/state'
import { $shortcut } from '@milkdown/kit/utils'
import { continueAfter } from './block-insert.ts'
import { BUTTON_BLOCK, DOWNLOAD_BLOCK } from './link-block-nodes.ts'

/** Blocks of one line: Enter in them goes on below the block, in a new paragraph (as in a figure's caption). */
const ONE_LINE = new Set([BUTTON_BLOCK, DOWNLOAD_BLOCK, 'gallery_caption'])

/**
 * Enter in a button's label, a file download's name or a gallery's caption goes on in the
 * paragraph after the block (an empty one there, else a new one: block-insert.ts continueAfter);
 * in a toggle's summary, in a paragraph at the start of what the toggle opens to (its empty one,
 * when it is new). Neither splits the line in two blocks of its kind.
 */
const enterInOneLineBlock: Command = (state, dispatch) => {
  const { $from } = state.selection
  const name = $from.parent.type.name
  if (name !== 'toggle_summary' && !ONE_LINE.has(name)) return false
  if (dispatch) {
    // After the block itself (a gallery's caption is inside the gallery); after a toggle's summary is inside the toggle.
    const depth = name === 'gallery_caption' ? $from.depth - 1 : $from.depth
    const tr = state.tr
    continueAfter(tr, $from.after(depth), false)
    dispatch(tr.scrollIntoView())
  }
  return true
}

export const blockKeymap = $shortcut(() => ({
  Enter: { key: 'Enter', priority: 100, onRun: () => enterInOneLineBlock },
}))
