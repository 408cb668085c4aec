import type { Ctx } from '@milkdown/kit/ctx'
import { DOMSerializer } from '@milkdown/kit/prose/model'
import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import { $prose, getHTML } from '@milkdown/kit/utils'
import type { EditorBridge } from './editor-bridge.ts'
import { normalizeEditorHtml } from './normalize-html.ts'

/** Reads the editor's HTML the way posts store it (Milkdown's getHTML(), then normalized). */
export const readEditorHtml = (ctx: Ctx): string => normalizeEditorHtml(getHTML()(ctx))

/**
 * Keeps the React side in step with the view: the bridge sees every transaction (toolbar
 * state), and `onChange` gets the HTML after each change of the document — only when the
 * HTML really differs from the last one reported, and never for the document it opened with.
 */
export function syncPlugin(bridge: EditorBridge, onChange: (html: string) => void) {
  return $prose(
    (ctx) =>
      new Plugin({
        key: new PluginKey('rte-sync'),
        view: (view) => {
          // Milkdown's view slice is not set yet while the view is being built, so the first
          // reading serializes the document directly, the way getHTML() does.
          const container = document.createElement('div')
          container.append(DOMSerializer.fromSchema(view.state.schema).serializeFragment(view.state.doc.content))
          let last = normalizeEditorHtml(container.innerHTML)
          bridge.attach(view)
          return {
            update: (view, previous) => {
              bridge.refresh()
              if (view.state.doc === previous.doc) return
              const html = readEditorHtml(ctx)
              if (html === last) return
              last = html
              onChange(html)
            },
            destroy: () => bridge.detach(view),
          }
        },
      }),
  )
}
