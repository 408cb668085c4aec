import { $nodeSchema } from '@milkdown/kit/utils'
import { NO_MARKDOWN } from './figure-nodes.ts'

/*
 * A toggle as posts store it: <details><summary>inline text</summary><p>…</p>…</details>, the
 * summary first, the blocks it opens to after it. The editor shows it open (`open` is the
 * editor's own: the normalizer removes it, a post holds no attribute there), so every part of it
 * can be edited; a click on its summary places the cursor and never closes it (block-clicks.ts).
 */

export const toggleSchema = $nodeSchema('toggle', () => ({
  content: 'toggle_summary block+',
  group: 'block',
  defining: true,
  parseDOM: [{ tag: 'details' }],
  toDOM: () => ['details', { open: '', class: 'rte-toggle' }, 0],
  ...NO_MARKDOWN,
}))

export const toggleSummarySchema = $nodeSchema('toggle_summary', () => ({
  content: 'inline*',
  marks: '_',
  defining: true,
  parseDOM: [{ tag: 'summary', context: 'toggle/' }],
  toDOM: () => ['summary', 0],
  ...NO_MARKDOWN,
}))

export const toggleSchemas = [toggleSchema, toggleSummarySchema].flat()
