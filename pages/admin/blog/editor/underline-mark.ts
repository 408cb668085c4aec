import { $markSchema } from '@milkdown/kit/utils'

/**
 * Underline, which neither Milkdown preset has: <u> in and out (SPEC §2 toolbar). Pasted
 * `text-decoration: underline` (Google Docs, Word) counts too. Markdown has no underline, so
 * a markdown export keeps the text and drops the mark; this editor only reads and writes HTML.
 */
export const underlineSchema = $markSchema('underline', () => ({
  parseDOM: [
    { tag: 'u' },
    { tag: 'ins' },
    { style: 'text-decoration', getAttrs: (value) => (/\bunderline\b/.test(value) ? null : false) },
    { style: 'text-decoration-line', getAttrs: (value) => (/\bunderline\b/.test(value) ? null : false) },
  ],
  toDOM: () => ['u', 0],
  parseMarkdown: {
    match: (node) => node.type === 'underline',
    runner: (state, node, markType) => {
      state.openMark(markType)
      state.next(node.children)
      state.closeMark(markType)
    },
  },
  toMarkdown: {
    match: (mark) => mark.type.name === 'underline',
    // Returning nothing lets the text through without the mark.
    runner: () => {},
  },
}))
