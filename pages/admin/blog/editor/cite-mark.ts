import { $markSchema } from '@milkdown/kit/utils'

/** A citation (a quote's source, `<cite>Name</cite>`), kept as posts store it. */
export const citeSchema = $markSchema('cite', () => ({
  parseDOM: [{ tag: 'cite' }],
  toDOM: () => ['cite', 0],
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}))
