import { $markSchema } from '@milkdown/kit/utils'

/**
 * Strikethrough, written as <s> (the server keeps both <s> and <del>; a post that already says
 * <del> keeps saying it, so opening it changes nothing). Our own rather than the GFM preset's,
 * which only writes <del> and would pull in tables and footnotes. No markdown form (see underline).
 */
export const strikeSchema = $markSchema('strike', () => ({
  attrs: { tag: { default: 's', validate: 'string' } },
  parseDOM: [
    { tag: 's', getAttrs: () => ({ tag: 's' }) },
    { tag: 'strike', getAttrs: () => ({ tag: 's' }) },
    { tag: 'del', getAttrs: () => ({ tag: 'del' }) },
    { style: 'text-decoration', getAttrs: (value) => (/\bline-through\b/.test(value) ? { tag: 's' } : false) },
    { style: 'text-decoration-line', getAttrs: (value) => (/\bline-through\b/.test(value) ? { tag: 's' } : false) },
  ],
  toDOM: (mark) => [mark.attrs.tag === 'del' ? 'del' : 's', 0],
  parseMarkdown: {
    match: (node) => node.type === 'strike',
    runner: (state, node, markType) => {
      state.openMark(markType)
      state.next(node.children)
      state.closeMark(markType)
    },
  },
  toMarkdown: {
    match: (mark) => mark.type.name === 'strike',
    runner: () => {},
  },
}))
