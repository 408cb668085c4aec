import type { MarkType, Node } from '@milkdown/kit/prose/model'
import type { EditorState } from '@milkdown/kit/prose/state'
import { isInTable } from '@milkdown/kit/prose/tables'
import { type MarkName, selectedLink, type TextLevel } from './editor-commands.ts'
import { selectedImage } from './image-commands.ts'
import { canMergeCells, canSplitCell, hasHeaderRow } from './table-commands.ts'

/** What the toolbar shows as pressed for the current selection. */
export interface ToolbarState {
  /** False until the editor exists (and again after it is gone). */
  ready: boolean
  marks: Record<Exclude<MarkName, 'inlineCode'>, boolean>
  /** The level of the selected text blocks when they agree, null otherwise (or in a code block). */
  level: TextLevel | null
  bulletList: boolean
  orderedList: boolean
  blockquote: boolean
  codeBlock: boolean
  /** The language of the code block the cursor is in ('' for plain text), null outside one (CodeLanguagePicker.tsx). */
  codeLanguage: string | null
  image: boolean
  /** The table the selection is in (what the table toolbar shows), or null outside one. */
  table: { headerRow: boolean; canMerge: boolean; canSplit: boolean } | null
}

export const EMPTY_TOOLBAR_STATE: ToolbarState = {
  ready: false,
  marks: { strong: false, emphasis: false, underline: false, strike: false, link: false },
  level: null,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  codeBlock: false,
  codeLanguage: null,
  image: false,
  table: null,
}

export function readToolbarState(state: EditorState): ToolbarState {
  const { $from } = state.selection
  let list: string | null = null
  let blockquote = false
  for (let depth = $from.depth; depth > 0; depth--) {
    const name = $from.node(depth).type.name
    if (list === null && (name === 'bullet_list' || name === 'ordered_list')) list = name
    if (name === 'blockquote') blockquote = true
  }
  const mark = (name: MarkName) => isMarkActive(state, state.schema.marks[name]!)
  return {
    ready: true,
    marks: {
      strong: mark('strong'),
      emphasis: mark('emphasis'),
      underline: mark('underline'),
      strike: mark('strike'),
      link: selectedLink(state) !== null || mark('link'),
    },
    level: textLevel(state),
    bulletList: list === 'bullet_list',
    orderedList: list === 'ordered_list',
    blockquote,
    codeBlock: $from.parent.type.name === 'code_block',
    codeLanguage: $from.parent.type.name === 'code_block' ? String($from.parent.attrs.language ?? '') : null,
    image: selectedImage(state) !== null,
    table: isInTable(state) ? { headerRow: hasHeaderRow(state), canMerge: canMergeCells(state), canSplit: canSplitCell(state) } : null,
  }
}

/** A mark is active when the cursor carries it, or when all the selected text has it. */
function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { empty, from, to, $from } = state.selection
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined
  let sawText = false
  let all = true
  state.doc.nodesBetween(from, to, (node) => {
    if (!all || !node.isInline) return all
    if (node.isText) {
      sawText = true
      if (!type.isInSet(node.marks)) all = false
    }
    return false
  })
  return sawText && all
}

function textLevel(state: EditorState): TextLevel | null {
  const { from, to } = state.selection
  let level: TextLevel | null | undefined
  const levelOf = (node: Node): TextLevel | null =>
    node.type.name === 'paragraph' ? 0 : node.type.name === 'heading' ? (node.attrs.level as TextLevel) : null
  state.doc.nodesBetween(from, to, (node) => {
    if (!node.isTextblock) return true
    const current = levelOf(node)
    level = level === undefined || level === current ? current : null
    return false
  })
  return level ?? null
}
