import { headingSchema } from '@milkdown/kit/preset/commonmark'
import { textblockTypeInputRule } from '@milkdown/kit/prose/inputrules'
import { $inputRule } from '@milkdown/kit/utils'

/** SPEC §5: headings 1 to 3 only. */
export const MAX_HEADING_LEVEL = 3

const clampLevel = (level: number) => Math.min(Math.max(level, 1), MAX_HEADING_LEVEL)

/**
 * The preset's heading, limited to three levels: <h4>–<h6> arrive as <h3>. No id attribute
 * (the preset writes one from the text; posts have none and the sanitizer would drop it).
 */
export const headingLevelsSchema = headingSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, getAttrs: () => ({ level: clampLevel(level) }) })),
  toDOM: (node) => [`h${clampLevel(node.attrs.level as number)}`, 0],
}))

/** Markdown-style `# `, `## ` and `### ` at the start of a line; more hashes stay text. */
export const headingInputRule = $inputRule((ctx) =>
  textblockTypeInputRule(/^(#{1,3})\s$/, headingLevelsSchema.type(ctx), (match) => ({ level: match[1]!.length })),
)
