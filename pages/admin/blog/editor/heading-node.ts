import { headingSchema } from '@milkdown/kit/preset/commonmark'
import { textblockTypeInputRule } from '@milkdown/kit/prose/inputrules'
import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import { $inputRule, $prose, $shortcut } from '@milkdown/kit/utils'
import { HEADING_ID } from '../../../../core/post-html-rules.ts'
import { setTextLevel } from './editor-commands.ts'

/** A heading's id as written in the file, when a post may keep it; '' otherwise. */
const writtenId = (dom: HTMLElement) => (HEADING_ID.test(dom.id) ? dom.id : '')

/**
 * The preset's heading, its six levels read and written as they are. Its id is the one
 * written in the file (an anchor someone links to), kept as it is; a heading without one gets
 * none (the preset would make one from the text): the post page makes those when it shows the
 * post (server/content/heading-anchors.ts).
 */
export const headingLevelsSchema = headingSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, getAttrs: (dom: HTMLElement) => ({ level, id: writtenId(dom) }) })),
  toDOM: (node) => [`h${node.attrs.level as number}`, node.attrs.id ? { id: node.attrs.id as string } : {}, 0],
}))

/**
 * A heading split in two (Enter in its middle) or copied keeps its id in both halves: the later
 * one gives it up, so each id names one heading, the one that had it.
 */
export const uniqueHeadingIds = $prose(
  () =>
    new Plugin({
      key: new PluginKey('rte-heading-ids'),
      appendTransaction: (transactions, _before, state) => {
        if (!transactions.some((tr) => tr.docChanged)) return null
        const seen = new Set<string>()
        const tr = state.tr
        state.doc.descendants((node, pos) => {
          if (node.type.name !== 'heading' || !node.attrs.id) return node.isBlock
          if (seen.has(node.attrs.id as string)) tr.setNodeAttribute(pos, 'id', '')
          else seen.add(node.attrs.id as string)
          return false
        })
        return tr.docChanged ? tr : null
      },
    }),
)

/** Markdown-style `# ` to `###### ` at the start of a line; more hashes stay text. */
export const headingInputRule = $inputRule((ctx) =>
  textblockTypeInputRule(/^(#{1,6})\s$/, headingLevelsSchema.type(ctx), (match) => ({ level: match[1]!.length })),
)

/** The deeper levels' shortcuts, beside editor-keymap.ts's for 0–3 (the toolbar's tooltips name them). */
export const deepHeadingKeymap = $shortcut(() =>
  Object.fromEntries(([4, 5, 6] as const).map((level) => [`Mod-Alt-${level}`, { key: `Mod-Alt-${level}`, priority: 100, onRun: () => setTextLevel(level) }])),
)
