import { defaultValueCtx, Editor, editorViewOptionsCtx, rootCtx } from '@milkdown/kit/core'
import { history, historyProviderConfig } from '@milkdown/kit/plugin/history'
import {
  blockquoteAttr,
  blockquoteSchema,
  bulletListAttr,
  codeBlockAttr,
  createCodeBlockInputRule,
  docSchema,
  emphasisAttr,
  emphasisSchema,
  emphasisStarInputRule,
  emphasisUnderscoreInputRule,
  hardbreakAttr,
  hardbreakClearMarkPlugin,
  hardbreakFilterNodes,
  hardbreakFilterPlugin,
  hardbreakSchema,
  headingAttr,
  headingIdGenerator,
  hrAttr,
  hrSchema,
  imageAttr,
  inlineCodeAttr,
  inlineCodeInputRule,
  inlineCodeSchema,
  inlineNodesCursorPlugin,
  linkAttr,
  listItemAttr,
  orderedListAttr,
  paragraphAttr,
  paragraphSchema,
  strongAttr,
  strongInputRule,
  strongSchema,
  textSchema,
  wrapInBlockquoteInputRule,
  wrapInBulletListInputRule,
  wrapInOrderedListInputRule,
} from '@milkdown/kit/preset/commonmark'
import type { MilkdownPlugin } from '@milkdown/kit/ctx'
import { blockClicksPlugin } from './block-clicks.ts'
import { blockKeymap } from './block-keymap.ts'
import { bookmarkSchema, bookmarkView } from './bookmark-node.ts'
import { calloutSchema } from './callout-node.ts'
import { citeSchema } from './cite-mark.ts'
import { horizontalRuleInputRule, selectedBlockTypingPlugin } from './block-insert.ts'
import { codeBlockLanguageSchema } from './code-block-node.ts'
import type { EditorBridge } from './editor-bridge.ts'
import { editorKeymap } from './editor-keymap.ts'
import { figureKeymap, figureSchemas, gapCursorPlugin } from './figure-nodes.ts'
import { footnoteSchemas } from './footnote-nodes.ts'
import { gallerySchemas } from './gallery-node.ts'
import { deepHeadingKeymap, headingInputRule, headingLevelsSchema, uniqueHeadingIds } from './heading-node.ts'
import { type ImageFileHandler, imageDropPlugin } from './image-drop-plugin.ts'
import { safeImageSchema } from './image-node.ts'
import { linkBlockSchemas } from './link-block-nodes.ts'
import { safeLinkSchema } from './link-mark.ts'
import { neutralizeHtml } from './neutralize-html.ts'
import { bulletListHtmlSchema, listItemHtmlSchema, orderedListHtmlSchema } from './list-nodes.ts'
import { cleanPastedHtml } from './paste-cleanup.ts'
import { selectionSyncPlugin } from './selection-sync.ts'
import { strikeSchema } from './strike-mark.ts'
import { syncPlugin } from './sync-plugin.ts'
import { tableEditingPlugin, tableKeymap } from './table-commands.ts'
import { tableSchemas } from './table-nodes.ts'
import { toggleSchemas } from './toggle-node.ts'
import { trailingParagraphPlugin } from './trailing-paragraph.ts'
import { underlineSchema } from './underline-mark.ts'
import { mediaFileSchema, mediaFileView } from './media-file-node.ts'
import { videoEmbedSchema, videoEmbedView } from './video-embed-node.ts'

/** SPEC §5: undo keeps 100 steps; edits less than a second apart are one step. */
export const HISTORY_DEPTH = 100
export const HISTORY_GROUP_DELAY_MS = 1000

export interface CreateEditorOptions {
  root: HTMLElement
  initialHtml: string
  labelId: string
  bridge: EditorBridge
  /** Read when the user edits, so it may change between renders. */
  isEditable: () => boolean
  /** The id of the message saying what is wrong with the content, or null: read like isEditable. */
  errorId: () => string | null
  onChange: (html: string) => void
  openLinkDialog: () => void
  /** An image file dropped or pasted into the text (and where a drop put it). */
  onImageFile: ImageFileHandler
}

/*
 * The commonmark preset taken apart and put back with what posts need: the same nodes and
 * marks, some of them reading and writing HTML the way posts store it, plus underline,
 * strike, tables and figures. Left out: the preset's markdown-only plugins (heading ids, list labels, raw HTML),
 * its heading input rule and keymap (levels 4–6), its image input rule, its rule's input rule
 * (block-insert.ts has one that leaves the cursor below the rule), and its keymaps in
 * general (editor-keymap.ts has ours). Marks are listed outermost first: a link wraps bold text.
 */
const schema: MilkdownPlugin[] = [
  docSchema,
  paragraphAttr,
  paragraphSchema,
  headingIdGenerator,
  headingAttr,
  headingLevelsSchema,
  hardbreakAttr,
  hardbreakSchema,
  blockquoteAttr,
  blockquoteSchema,
  codeBlockAttr,
  codeBlockLanguageSchema,
  hrAttr,
  hrSchema,
  imageAttr,
  safeImageSchema,
  bulletListAttr,
  bulletListHtmlSchema,
  orderedListAttr,
  orderedListHtmlSchema,
  listItemAttr,
  listItemHtmlSchema,
  tableSchemas,
  figureSchemas,
  linkAttr,
  safeLinkSchema,
  strongAttr,
  strongSchema,
  emphasisAttr,
  emphasisSchema,
  underlineSchema,
  strikeSchema,
  inlineCodeAttr,
  inlineCodeSchema,
  textSchema,
  videoEmbedSchema,
  videoEmbedView,
  // The blocks of other blogs (core/post-html-rules.ts), each in its own file.
  toggleSchemas,
  calloutSchema,
  linkBlockSchemas,
  gallerySchemas,
  bookmarkSchema,
  bookmarkView,
  footnoteSchemas,
  citeSchema,
  mediaFileSchema,
  mediaFileView,
].flat()

const inputRules: MilkdownPlugin[] = [
  wrapInBlockquoteInputRule,
  wrapInBulletListInputRule,
  wrapInOrderedListInputRule,
  createCodeBlockInputRule,
  horizontalRuleInputRule,
  headingInputRule,
  emphasisStarInputRule,
  emphasisUnderscoreInputRule,
  inlineCodeInputRule,
  strongInputRule,
]

const prosePlugins: MilkdownPlugin[] = [
  // First: its ArrowDown comes before the table plugin's and the gap cursor's.
  selectedBlockTypingPlugin,
  trailingParagraphPlugin,
  hardbreakClearMarkPlugin,
  hardbreakFilterNodes,
  hardbreakFilterPlugin,
  inlineNodesCursorPlugin,
  uniqueHeadingIds,
  tableEditingPlugin,
  gapCursorPlugin,
  blockClicksPlugin,
].flat()

/**
 * Parsed in an inert document: nothing in the post (an <img onerror>) runs or loads. Neutralized
 * first, so a stray style or handler does not even reach the parser (see neutralize-html.ts).
 */
function parseInitialHtml(html: string): HTMLElement {
  return new DOMParser().parseFromString(neutralizeHtml(html), 'text/html').body
}

export function createEditor(options: CreateEditorOptions): Editor {
  return Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, options.root)
      ctx.set(defaultValueCtx, { type: 'html', dom: parseInitialHtml(options.initialHtml) })
      ctx.set(historyProviderConfig.key, { depth: HISTORY_DEPTH, newGroupDelay: HISTORY_GROUP_DELAY_MS })
      ctx.update(editorViewOptionsCtx, (previous) => ({
        ...previous,
        editable: options.isEditable,
        attributes: (): Record<string, string> => ({
          class: 'rte__content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': options.labelId,
          ...(options.isEditable() ? {} : { 'aria-disabled': 'true' }),
          ...(options.errorId() ? { 'aria-invalid': 'true', 'aria-describedby': options.errorId()! } : {}),
        }),
        transformPastedHTML: cleanPastedHtml,
      }))
    })
    .use(schema)
    .use(inputRules)
    .use(prosePlugins)
    .use(selectionSyncPlugin)
    .use(history)
    .use(editorKeymap(options.openLinkDialog))
    .use([tableKeymap, figureKeymap, deepHeadingKeymap, blockKeymap])
    .use(imageDropPlugin(options.onImageFile))
    .use(syncPlugin(options.bridge, options.onChange))
}
