import type { Command } from '@milkdown/kit/prose/state'
import {
  clearFormatting,
  setTextLevel,
  type TextLevel,
  toggleBlockquote,
  toggleCodeBlock,
  toggleList,
  toggleMarkCommand,
} from './editor-commands.ts'
import type { IconName } from './icons.tsx'
import { insertTable } from './table-commands.ts'
import type { ToolbarState } from './toolbar-state.ts'

/** The dialogs toolbar buttons open. */
export type EditorDialogKind = 'link' | 'image' | 'video'

/** One toolbar button: SPEC §2's list, in its order. */
export interface ToolbarItem {
  id: string
  /** The accessible name, also the start of the tooltip. */
  label: string
  /** Shortcut in editor-keymap.ts notation ("Mod-b"), shown in the tooltip. */
  keys?: string
  /** An icon, or a short text glyph (H1, H2…). */
  icon: IconName | { text: string }
  /** aria-pressed; undefined for buttons that are actions rather than toggles. */
  pressed?: (state: ToolbarState) => boolean
  /** A command to run, or a dialog to open. */
  action: ((state: ToolbarState) => Command) | EditorDialogKind
  /** Whether it applies to the selection; always when absent (aria-disabled otherwise). */
  enabled?: (state: ToolbarState) => boolean
  /** The text gets the focus back even after a key press (the button goes away: Delete table). */
  focusText?: true
}

const level = (value: TextLevel): ToolbarItem => ({
  id: value === 0 ? 'paragraph' : `heading-${value}`,
  label: value === 0 ? 'Normal text' : `Heading ${value}`,
  keys: `Mod-Alt-${value}`,
  icon: { text: value === 0 ? '¶' : `H${value}` },
  pressed: (state) => state.level === value,
  // Pressing the current heading level again goes back to normal text.
  action: (state) => setTextLevel(state.level === value ? 0 : value),
})

/** The block-type control: one group of toggle buttons, the current level pressed. */
export const BLOCK_TYPE_ITEMS: ToolbarItem[] = [level(1), level(2), level(3), level(4), level(5), level(6), level(0)]

export interface ToolbarGroup {
  label: string
  items: ToolbarItem[]
}

export const TOOLBAR_GROUPS: ToolbarGroup[] = [
  { label: 'Block type', items: BLOCK_TYPE_ITEMS },
  {
    label: 'Text style',
    items: [
      { id: 'bold', label: 'Bold', keys: 'Mod-b', icon: 'bold', pressed: (s) => s.marks.strong, action: () => toggleMarkCommand('strong') },
      { id: 'italic', label: 'Italic', keys: 'Mod-i', icon: 'italic', pressed: (s) => s.marks.emphasis, action: () => toggleMarkCommand('emphasis') },
      { id: 'underline', label: 'Underline', keys: 'Mod-u', icon: 'underline', pressed: (s) => s.marks.underline, action: () => toggleMarkCommand('underline') },
      { id: 'strike', label: 'Strikethrough', keys: 'Mod-Shift-x', icon: 'strike', pressed: (s) => s.marks.strike, action: () => toggleMarkCommand('strike') },
    ],
  },
  {
    label: 'Lists',
    items: [
      { id: 'ordered-list', label: 'Ordered list', keys: 'Mod-Shift-7', icon: 'orderedList', pressed: (s) => s.orderedList, action: () => toggleList('ordered_list') },
      { id: 'bullet-list', label: 'Bullet list', keys: 'Mod-Shift-8', icon: 'bulletList', pressed: (s) => s.bulletList, action: () => toggleList('bullet_list') },
    ],
  },
  {
    label: 'Blocks',
    items: [
      { id: 'blockquote', label: 'Blockquote', keys: 'Mod-Shift-b', icon: 'blockquote', pressed: (s) => s.blockquote, action: () => toggleBlockquote },
      { id: 'code-block', label: 'Code block', keys: 'Mod-Alt-c', icon: 'codeBlock', pressed: (s) => s.codeBlock, action: () => toggleCodeBlock },
    ],
  },
  {
    label: 'Insert',
    items: [
      { id: 'link', label: 'Link', keys: 'Mod-k', icon: 'link', pressed: (s) => s.marks.link, action: 'link' },
      { id: 'image', label: 'Image', icon: 'image', pressed: (s) => s.image, action: 'image' },
      { id: 'table', label: 'Insert table', icon: 'table', action: () => insertTable, enabled: (s) => s.table === null },
      { id: 'video', label: 'Insert video', icon: 'video', action: 'video' },
    ],
  },
  {
    label: 'Clear',
    items: [{ id: 'clear', label: 'Clear formatting', keys: 'Mod-\\', icon: 'clear', action: () => clearFormatting }],
  },
]

/** "Mod-Shift-x" as the platform writes it: ⌘⇧X on a Mac, Ctrl+Shift+X elsewhere. */
export function formatKeys(keys: string, mac: boolean): string {
  const parts = keys.split('-').map((part) => (part === '' ? '-' : part))
  const names = parts.map((part) => {
    if (part === 'Mod') return mac ? '⌘' : 'Ctrl'
    if (part === 'Alt') return mac ? '⌥' : 'Alt'
    if (part === 'Shift') return mac ? '⇧' : 'Shift'
    return part.length === 1 ? part.toUpperCase() : part
  })
  return mac ? names.join('') : names.join('+')
}
