import { chainCommands, newlineInCode } from '@milkdown/kit/prose/commands'
import type { NodeType, ResolvedPos } from '@milkdown/kit/prose/model'
import { liftListItem, sinkListItem, splitListItem } from '@milkdown/kit/prose/schema-list'
import type { Command, EditorState } from '@milkdown/kit/prose/state'
import { $shortcut } from '@milkdown/kit/utils'
import { leaveBlock, leaveBlockOnEnter } from './block-exit.ts'
import {
  clearFormatting,
  setTextLevel,
  toggleBlockquote,
  toggleCodeBlock,
  toggleList,
  toggleMarkCommand,
} from './editor-commands.ts'

/** SPEC §5 / §9: lists nest up to eight levels. */
export const MAX_LIST_DEPTH = 8

const listItem = (state: EditorState): NodeType => state.schema.nodes.list_item!

function listDepth($pos: ResolvedPos): number {
  let depth = 0
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.name === 'list_item') depth++
  return depth
}

/** Tab and Shift-Tab indent and outdent inside a list; elsewhere they move focus, as usual. */
const indent: Command = (state, dispatch) => {
  const depth = listDepth(state.selection.$from)
  if (depth === 0) return false
  if (depth < MAX_LIST_DEPTH) sinkListItem(listItem(state))(state, dispatch)
  return true
}

const outdent: Command = (state, dispatch) => {
  if (listDepth(state.selection.$from) === 0) return false
  liftListItem(listItem(state))(state, dispatch)
  return true
}

const hardBreak: Command = (state, dispatch) => {
  if (state.selection.$from.parent.type.spec.code) return newlineInCode(state, dispatch)
  dispatch?.(state.tr.replaceSelectionWith(state.schema.nodes.hardbreak!.create()).scrollIntoView())
  return true
}

/**
 * The editor's shortcuts (undo and redo come with Milkdown's history plugin: Mod-z, Mod-y,
 * Shift-Mod-z; ArrowDown out of a block at the end of the post is block-exit.ts's own plugin). The toolbar's tooltips name the same keys (toolbar-items.ts).
 * `openLinkDialog` is read at key time: the dialog belongs to the React component.
 */
export function editorKeymap(openLinkDialog: () => void) {
  return $shortcut(() => {
    const item = (command: Command) => ({ onRun: () => command })
    const keys: Record<string, { onRun: () => Command }> = {
      'Mod-b': item(toggleMarkCommand('strong')),
      'Mod-i': item(toggleMarkCommand('emphasis')),
      'Mod-u': item(toggleMarkCommand('underline')),
      'Mod-Shift-x': item(toggleMarkCommand('strike')),
      'Mod-e': item(toggleMarkCommand('inlineCode')),
      'Mod-Alt-0': item(setTextLevel(0)),
      'Mod-Alt-1': item(setTextLevel(1)),
      'Mod-Alt-2': item(setTextLevel(2)),
      'Mod-Alt-3': item(setTextLevel(3)),
      'Mod-Shift-7': item(toggleList('ordered_list')),
      'Mod-Shift-8': item(toggleList('bullet_list')),
      'Mod-Shift-b': item(toggleBlockquote),
      'Mod-Alt-c': item(toggleCodeBlock),
      'Mod-\\': item(clearFormatting),
      'Mod-k': item(() => {
        openLinkDialog()
        return true
      }),
      // In a list, a new item; on an empty last line of a code block, quote or table, out of it (block-exit.ts).
      Enter: item(chainCommands((state, dispatch) => splitListItem(listItem(state))(state, dispatch), leaveBlockOnEnter)),
      'Mod-Enter': item(leaveBlock),
      Tab: item(indent),
      'Shift-Tab': item(outdent),
      'Shift-Enter': item(hardBreak),
    }
    // Ahead of the preset's and ProseMirror's base keys (Enter in a list splits the item).
    return Object.fromEntries(Object.entries(keys).map(([key, value]) => [key, { key, priority: 100, ...value }]))
  })
}
