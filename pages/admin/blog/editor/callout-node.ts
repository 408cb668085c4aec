import { $nodeSchema } from '@milkdown/kit/utils'
import { NO_MARKDOWN } from './figure-nodes.ts'

/** A callout as posts store it: <aside role="note"> around paragraphs and lists. */
export const calloutSchema = $nodeSchema('callout', () => ({
  content: 'block+',
  group: 'block',
  defining: true,
  parseDOM: [{ tag: 'aside[role="note"]' }],
  toDOM: () => ['aside', { role: 'note' }, 0],
  ...NO_MARKDOWN,
}))
