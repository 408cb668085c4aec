import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import { $prose } from '@milkdown/kit/utils'

/**
 * What a click does in the browser that it must not do in the text being written: close a
 * toggle (a click on its summary), or follow the link a button, a file download or a bookmark
 * card is (Chrome follows one shown as a block). The click still places the cursor.
 */
const SELECTOR = '.rte-toggle > summary, p > a.button, p > a[download], figure.bookmark a'

export const blockClicksPlugin = $prose(
  () =>
    new Plugin({
      key: new PluginKey('rte-block-clicks'),
      props: {
        handleDOMEvents: {
          click: (_view, event) => {
            if (event.target instanceof Element && event.target.closest(SELECTOR)) event.preventDefault()
            return false
          },
        },
      },
    }),
)
