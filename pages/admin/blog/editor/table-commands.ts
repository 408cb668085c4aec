import type { Node } from '@milkdown/kit/prose/model'
import { type Command, type EditorState, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { addRowAfter, CellSelection, findTable, goToNextCell, isInTable, selectedRect, splitCell, tableEditing } from '@milkdown/kit/prose/tables'
import { $prose, $shortcut } from '@milkdown/kit/utils'
import { insertBlock } from './block-insert.ts'

/*
 * Making and changing tables (table-nodes.ts): the Insert table button, the table toolbar's
 * commands (prosemirror-tables' own, each through `tableEdit`), and Tab and Shift-Tab between cells.
 */

/** The size of a new table: a header row and two rows of three columns. */
const NEW_TABLE = { columns: 3, bodyRows: 2 }

/** A header cell of the header row says it heads its column. */
const HEADER_SCOPE = 'col'

/** Inserts a table with a header row at the selection, the cursor in its first cell; never inside another table. */
export const insertTable: Command = (state, dispatch) => {
  if (isInTable(state)) return false
  const { table, table_row: row, table_header: header, table_cell: cell, paragraph } = state.schema.nodes
  const cells = (type: typeof cell, attrs: Record<string, unknown> | null) =>
    Array.from({ length: NEW_TABLE.columns }, () => type!.create(attrs, paragraph!.create()))
  const rows = [
    row!.create({ head: true }, cells(header, { scope: HEADER_SCOPE })),
    ...Array.from({ length: NEW_TABLE.bodyRows }, () => row!.create(null, cells(cell, null))),
  ]
  if (dispatch) {
    const tr = state.tr
    // A paragraph after it (insertBlock), the cursor inside: its first row, first cell, that cell's paragraph.
    const at = insertBlock(tr, table!.create(null, rows))
    if (at !== -1) tr.setSelection(TextSelection.create(tr.doc, at + 4))
    dispatch(tr.scrollIntoView())
  }
  return true
}

/** The table around the selection: the node and where it starts. */
function tableAt(state: { selection: EditorState['selection'] }): { node: Node; pos: number } | null {
  const found = findTable(state.selection.$from)
  return found ? { node: found.node, pos: found.pos } : null
}

/** Whether the table around the selection has a header row (its first row is in the <thead>). */
export function hasHeaderRow(state: EditorState): boolean {
  return tableAt(state)?.node.firstChild?.attrs.head === true
}

/** Header row on or off: the first row's cells become header cells in the <thead>, or body cells. */
export const toggleHeaderRow: Command = (state, dispatch) => {
  const table = tableAt(state)
  const first = table?.node.firstChild
  if (!table || !first) return false
  if (dispatch) {
    const on = !first.attrs.head
    const { table_header: header, table_cell: cell } = state.schema.nodes
    const tr = state.tr.setNodeAttribute(table.pos + 1, 'head', on)
    first.forEach((node, offset) => {
      tr.setNodeMarkup(table.pos + 2 + offset, on ? header : cell, { ...node.attrs, scope: on ? HEADER_SCOPE : null })
    })
    dispatch(tr.scrollIntoView())
  }
  return true
}

/**
 * A table command whose result keeps the header row whole: a cell it adds to the header row (a
 * new column) is a header cell with its scope, like the others.
 */
export function tableEdit(command: Command): Command {
  return (state, dispatch, view) => command(state, dispatch && ((tr) => dispatch(withHeaderScopes(tr))), view)
}

function withHeaderScopes(tr: Transaction): Transaction {
  const table = tableAt(tr)
  const first = table?.node.firstChild
  if (!table || !first?.attrs.head) return tr
  const header = tr.doc.type.schema.nodes.table_header!
  first.forEach((node, offset) => {
    if (node.type !== header || !node.attrs.scope) tr.setNodeMarkup(table.pos + 2 + offset, header, { ...node.attrs, scope: HEADER_SCOPE })
  })
  return tr
}

/** Whether the selected cells can be merged: more than one is selected. */
export const canMergeCells = (state: EditorState) => state.selection instanceof CellSelection && state.selection.$anchorCell.pos !== state.selection.$headCell.pos

/** Whether the cell at the selection spans several rows or columns. */
export const canSplitCell = (state: EditorState) => isInTable(state) && splitCell(state)

/** Tab in the last cell adds a row and moves into it, as in a spreadsheet. */
const nextCellOrNewRow: Command = (state, dispatch) => {
  if (!isInTable(state)) return false
  if (goToNextCell(1)(state, dispatch)) return true
  const rect = selectedRect(state)
  if (rect.bottom !== rect.map.height) return false
  let added: Transaction | undefined
  tableEdit(addRowAfter)(state, (tr) => {
    added = tr
  })
  const table = added && tableAt(added)
  if (!added || !table) return false
  const lastRow = table.pos + table.node.nodeSize - 1 - table.node.lastChild!.nodeSize
  dispatch?.(added.setSelection(TextSelection.near(added.doc.resolve(lastRow + 3))).scrollIntoView())
  return true
}

/** Tab and Shift-Tab move between cells; Shift-Tab in the first cell leaves the table's text, as Tab does elsewhere. */
export const tableKeymap = $shortcut(() => ({
  // Below the lists' Tab (editor-keymap.ts): a list in a cell indents first.
  Tab: { key: 'Tab', priority: 90, onRun: () => nextCellOrNewRow },
  'Shift-Tab': { key: 'Shift-Tab', priority: 90, onRun: () => goToNextCell(-1) },
}))

/** prosemirror-tables' editing: cell selection (Shift+arrows, drag), and tables kept rectangular. */
export const tableEditingPlugin = $prose(() => tableEditing())
