import { bulletListSchema, listItemSchema, orderedListSchema } from '@milkdown/kit/preset/commonmark'

/*
 * The preset's lists, written as posts store them: no data-* attributes (markdown bookkeeping
 * the sanitizer would drop anyway). A list item always starts with a paragraph, which gives
 * the server's <li><p>…</p></li>.
 */

export const bulletListHtmlSchema = bulletListSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  toDOM: () => ['ul', 0],
}))

export const orderedListHtmlSchema = orderedListSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  toDOM: (node) => ['ol', node.attrs.order === 1 ? {} : { start: String(node.attrs.order) }, 0],
}))

export const listItemHtmlSchema = listItemSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  toDOM: () => ['li', 0],
}))
