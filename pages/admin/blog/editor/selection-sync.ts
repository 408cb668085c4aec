import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import type { EditorView } from '@milkdown/kit/prose/view'
import { $prose } from '@milkdown/kit/utils'

/**
 * Makes ProseMirror take the browser's selection now. It reads it on `selectionchange`, which
 * Chrome fires in a task of its own, after input already queued: a key or a toolbar button
 * pressed right after a click would act on the selection from before the click (a table row
 * added where the caret was, text typed into the previous cell), and a key that moves the focus
 * out of the text (Alt+F10) would lose the click's selection, as ProseMirror ignores the event
 * once the text has no focus. Announced at once, the change is read as it would be a moment
 * later; when the selection is unchanged, or the text has no focus, nothing happens.
 */
export function takeDomSelection(view: EditorView): void {
  view.dom.ownerDocument.dispatchEvent(new Event('selectionchange'))
}

/**
 * Before ProseMirror acts on a key (its keymaps and ours), the selection the browser holds. Not
 * while an input method composes: the selection is its own then.
 */
export const selectionSyncPlugin = $prose(
  () =>
    new Plugin({
      key: new PluginKey('rte-selection-sync'),
      props: {
        handleDOMEvents: {
          keydown: (view, event) => {
            if (!event.isComposing && event.keyCode !== 229) takeDomSelection(view)
            return false
          },
        },
      },
    }),
)
