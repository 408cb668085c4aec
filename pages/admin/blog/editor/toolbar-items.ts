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
export type EditorDialogKind = 'link' | 'image' | 'video' | 'video-file' | 'audio-file'

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
  /** More for the tooltip (how to leave the block), its keys written by `keys`. */
  hint?: (keys: (notation: string) => string) => string
}

/** How a code block, quote or table is left (block-exit.ts), for their tooltips. */
const leaveHint = (where: string) => (keys: (notation: string) => string) => `Enter on an empty line at ${where} end, ArrowDown at the end of the post, or ${keys('Mod-Enter')} leaves it`

const level = (value: TextLevel): ToolbarItem => ({
  id: value === 0 ? 'paragraph' : `heading-${value}`,
  label: value === 0 ? 'Normal text' : `Heading ${value}`,
  keys: `Mod-Alt-${value}`,
  icon: { text: value === 0 ? '¶' : `H${value}` },
  pressed: (state) => state.level === value,
  // Pressing the current heading level again goes back to normal text.
  action: (state) => setTextLevel(state.level === value ? 0 : value),
})

/**
 * The block-type control: one group of toggle buttons, the current level pressed. SPEC's toolbar
 * has headings 1 to 3 and normal text; the deeper levels a post may hold (4 to 6, which imported
 * posts have) are their keys and `####`, which the third's tooltip names.
 */
export const BLOCK_TYPE_ITEMS: ToolbarItem[] = [
  level(1),
  level(2),
  { ...level(3), hint: (keys) => `${keys('Mod-Alt-4')} to ${keys('Mod-Alt-6')}, or #### at the start of a line, for headings 4 to 6` },
  level(0),
]

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
      { id: 'blockquote', label: 'Blockquote', keys: 'Mod-Shift-b', icon: 'blockquote', pressed: (s) => s.blockquote, action: () => toggleBlockquote, hint: leaveHint('its') },
      { id: 'code-block', label: 'Code block', keys: 'Mod-Alt-c', icon: 'codeBlock', pressed: (s) => s.codeBlock, action: () => toggleCodeBlock, hint: leaveHint('its') },
    ],
  },
  {
    label: 'Insert',
    items: [
      { id: 'link', label: 'Link', keys: 'Mod-k', icon: 'link', pressed: (s) => s.marks.link, action: 'link' },
      { id: 'image', label: 'Image', icon: 'image', pressed: (s) => s.image, action: 'image' },
      { id: 'table', label: 'Insert table', icon: 'table', action: () => insertTable, enabled: (s) => s.table === null, hint: leaveHint('the last cell’s') },
      { id: 'video', label: 'Insert video', icon: 'video', action: 'video' },
      { id: 'video-file', label: 'Insert video file', icon: 'videoFile', action: 'video-file' },
      { id: 'audio-file', label: 'Insert audio file', icon: 'audioFile', action: 'audio-file' },
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
