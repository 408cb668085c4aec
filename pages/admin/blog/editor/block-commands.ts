import type { Node, Schema } from '@milkdown/kit/prose/model'
import { type Command, NodeSelection, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { insertBlock } from './block-insert.ts'
import { BOOKMARK, type BookmarkInput } from './bookmark-node.ts'
import { GALLERY } from './gallery-node.ts'
import { BUTTON_BLOCK, DOWNLOAD_BLOCK } from './link-block-nodes.ts'
import { sanitizeLinkHref } from './url-rules.ts'

/*
 * The Insert menu's commands (InsertBlockMenu.tsx): each puts its block where any inserted block
 * goes (block-insert.ts: beside the cursor's line, never in place of a block), and the cursor where
 * writing goes on: inside a toggle's summary or a callout's first paragraph, else in the paragraph
 * after the block. One transaction each, so one undo step.
 */

/** Where the cursor goes once the block is in. */
type Landing = 'inside' | 'after'

export function insertCommand(build: (schema: Schema) => Node | null, landing: Landing): Command {
  return (state, dispatch) => {
    const node = build(state.schema)
    if (!node) return false
    const tr = state.tr
    const at = landing === 'inside' ? inPlaceOfEmptyLine(tr, node) ?? insertBlock(tr, node) : insertBlock(tr, node)
    if (at === -1) return false
    if (landing === 'inside') tr.setSelection(TextSelection.near(tr.doc.resolve(at + 1)))
    dispatch?.(tr.scrollIntoView())
    return true
  }
}

/**
 * A block the writing goes on inside (a toggle, a callout) takes the place of the empty line the
 * cursor is on: that line would otherwise stay behind it, empty. Returns where it starts, or null
 * when the cursor is on no empty line it may replace.
 */
function inPlaceOfEmptyLine(tr: Transaction, node: Node): number | null {
  const { $from, empty } = tr.selection
  if (!empty || $from.depth === 0 || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) return null
  const index = $from.index($from.depth - 1)
  if (!$from.node($from.depth - 1).canReplaceWith(index, index + 1, node.type)) return null
  tr.replaceWith($from.before(), $from.after(), node)
  return $from.before()
}

const paragraph = (schema: Schema, text = '') => schema.nodes.paragraph!.create(null, text ? schema.text(text) : null)

/** A toggle with its summary to write and one paragraph inside. */
export const insertToggle = insertCommand((schema) => schema.nodes.toggle!.create(null, [schema.nodes.toggle_summary!.create(), paragraph(schema)]), 'inside')

/** A callout with one paragraph to write. */
export const insertCallout = insertCommand((schema) => schema.nodes.callout!.create(null, paragraph(schema)), 'inside')

export interface LinkBlockInput {
  /** The link's text: a button's label, a file's name. */
  text: string
  href: string
}

const LINK_BLOCKS = { button: BUTTON_BLOCK, download: DOWNLOAD_BLOCK } as const

/** The button or file download the cursor is in, with its text and address, or null. */
export function currentLinkBlock(state: Parameters<Command>[0], kind: keyof typeof LINK_BLOCKS): LinkBlockInput | null {
  const { parent } = state.selection.$from
  return parent.type.name === LINK_BLOCKS[kind] ? { text: parent.textContent, href: parent.attrs.href as string } : null
}

/**
 * A button (kind 'button') or a file download ('download'): a paragraph that is one link. In
 * one of that kind, it changes that one.
 */
export function insertLinkBlock(kind: keyof typeof LINK_BLOCKS, { text, href }: LinkBlockInput): Command {
  const build = (schema: Schema) => schema.nodes[LINK_BLOCKS[kind]]!.create({ href: sanitizeLinkHref(href) }, text.trim() ? schema.text(text.trim()) : null)
  const insert = insertCommand(build, 'after')
  return (state, dispatch) => {
    if (!currentLinkBlock(state, kind)) return insert(state, dispatch)
    const { $from } = state.selection
    const tr = state.tr.replaceWith($from.before(), $from.after(), build(state.schema))
    dispatch?.(tr.setSelection(TextSelection.create(tr.doc, $from.before() + 1 + text.trim().length)).scrollIntoView())
    return true
  }
}

export interface GalleryImage {
  src: string
  alt: string
}

/** A gallery of the images, in order, with its caption ('' for none). */
export function insertGallery(images: GalleryImage[], caption: string): Command {
  return insertCommand((schema) => {
    if (images.length === 0) return null
    const figures = images.map((image) =>
      schema.nodes.figure!.create(null, [schema.nodes.figure_image!.create({ src: image.src, alt: image.alt }), schema.nodes.figcaption!.create()]),
    )
    const ownCaption = schema.nodes.gallery_caption!.create(null, caption.trim() ? schema.text(caption.trim()) : null)
    return schema.nodes[GALLERY]!.create(null, [...figures, ownCaption])
  }, 'after')
}

/** The bookmark card the Bookmark dialog would edit, when one is selected. */
export function selectedBookmark(state: Parameters<Command>[0]): NodeSelection | null {
  const { selection } = state
  return selection instanceof NodeSelection && selection.node.type.name === BOOKMARK ? selection : null
}

/** A bookmark card, or the selected one changed. */
export function insertBookmark(input: BookmarkInput): Command {
  const attrs = { ...input, href: sanitizeLinkHref(input.href), title: input.title.trim(), description: input.description.trim(), image: input.image.trim() }
  const insert = insertCommand((schema) => schema.nodes[BOOKMARK]!.create(attrs), 'after')
  return (state, dispatch) => {
    const selected = selectedBookmark(state)
    if (!selected) return insert(state, dispatch)
    dispatch?.(state.tr.setNodeMarkup(selected.from, null, attrs).scrollIntoView())
    return true
  }
}
