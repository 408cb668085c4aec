import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, deleteTable, mergeCells, splitCell } from '@milkdown/kit/prose/tables'
import { tableEdit, toggleHeaderRow } from './table-commands.ts'
import type { ToolbarGroup } from './toolbar-items.ts'

/**
 * The table toolbar, shown while the selection is in a table (RichTextEditor.tsx): rows,
 * columns, the header row, and merging and splitting cells (select cells with Shift and the
 * arrow keys, or by dragging, to merge them).
 */
export const TABLE_GROUPS: ToolbarGroup[] = [
  {
    label: 'Rows',
    items: [
      { id: 'row-above', label: 'Add row above', icon: { text: '+↑' }, action: () => tableEdit(addRowBefore) },
      { id: 'row-below', label: 'Add row below', icon: { text: '+↓' }, action: () => tableEdit(addRowAfter) },
      { id: 'row-delete', label: 'Delete row', icon: { text: '−Row' }, action: () => tableEdit(deleteRow) },
      { id: 'header-row', label: 'Header row', icon: { text: 'Head' }, pressed: (s) => s.table?.headerRow ?? false, action: () => toggleHeaderRow },
    ],
  },
  {
    label: 'Columns',
    items: [
      { id: 'column-before', label: 'Add column before', icon: { text: '+←' }, action: () => tableEdit(addColumnBefore) },
      { id: 'column-after', label: 'Add column after', icon: { text: '+→' }, action: () => tableEdit(addColumnAfter) },
      { id: 'column-delete', label: 'Delete column', icon: { text: '−Col' }, action: () => tableEdit(deleteColumn) },
    ],
  },
  {
    label: 'Cells',
    items: [
      { id: 'merge-cells', label: 'Merge cells', icon: { text: 'Merge' }, enabled: (s) => s.table?.canMerge ?? false, action: () => tableEdit(mergeCells) },
      { id: 'split-cell', label: 'Split cell', icon: { text: 'Split' }, enabled: (s) => s.table?.canSplit ?? false, action: () => tableEdit(splitCell) },
    ],
  },
  {
    label: 'Whole table',
    items: [{ id: 'table-delete', label: 'Delete table', icon: { text: '−Table' }, action: () => deleteTable, focusText: true }],
  },
]
