import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import { $prose } from '@milkdown/kit/utils'

/**
 * What a click does in the browser that it must not do in the text being written: close a
 * toggle (a click on its summary). The click still places the cursor. (A button's, a download's
 * and a bookmark's links are shown without their address, link-block-nodes.ts and
 * bookmark-node.ts, so a click on one follows nothing.)
 */
const SELECTOR = '.rte-toggle > summary'

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
