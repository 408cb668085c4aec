import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import { $prose } from '@milkdown/kit/utils'

/**
 * A post whose last block is not a line of text (a code block, a quote, a table, a video, a
 * list) always has an empty paragraph after it, where a click or ArrowDown puts the cursor to
 * write on (the "trailing node" of TipTap and Milkdown). The normalizer leaves empty paragraphs at
 * the end out of the HTML (normalize-html.ts), so it is never saved.
 *
 * Milkdown's own trailing plugin is not used: it puts the paragraph it adds after a mere click
 * into the undo history, so the first Ctrl+Z would only take the paragraph away (and it would
 * come back at once). Here the paragraph joins the history only with the edit that needed it.
 */
export const trailingParagraphPlugin = $prose(
  () =>
    new Plugin({
      key: new PluginKey('rte-trailing-paragraph'),
      appendTransaction: (transactions, _old, state) => {
        const last = state.doc.lastChild
        if (!last || ['paragraph', 'heading'].includes(last.type.name)) return null
        const edited = transactions.some((tr) => tr.docChanged && tr.getMeta('addToHistory') !== false)
        const tr = state.tr.insert(state.doc.content.size, state.schema.nodes.paragraph!.create())
        return edited ? tr : tr.setMeta('addToHistory', false)
      },
    }),
)
