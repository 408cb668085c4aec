import type { Node } from '@milkdown/kit/prose/model'
import { type Command, NodeSelection, type Selection, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { insertBlock } from './block-insert.ts'

export interface ImageInput {
  src: string
  alt: string
  /** Makes the image a figure with this caption; '' (or absent) an inline image. */
  caption?: string
}

/** The image node the Image button would edit (inline or a figure's), when one is selected. */
export function selectedImage(state: { selection: Selection }) {
  const { selection } = state
  return selection instanceof NodeSelection && ['image', 'figure_image'].includes(selection.node.type.name) ? selection : null
}

/** The caption of the selected image's figure; '' for an inline image (or none selected). */
export function selectedCaption(state: { selection: Selection }): string {
  const image = selectedImage(state)
  return image?.node.type.name === 'figure_image' ? (image.$from.parent.lastChild?.textContent ?? '') : ''
}

/**
 * Inserts an image at the selection, or updates the selected one. The source must be allowed.
 * `at` (a drop's position) puts a new image there instead, at the nearest place text may go.
 * A new source drops the old image's width and height, which were the old file's.
 */
export function insertImage({ src, alt, caption = '' }: ImageInput, at?: number): Command {
  return (state, dispatch) => {
    const tr = state.tr
    if (at !== undefined) tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(Math.max(at, 0), tr.doc.content.size))))
    const selected = at === undefined ? selectedImage(state) : null
    const attrs = { ...selected?.node.attrs, src, alt, ...(selected?.node.attrs.src === src ? {} : { width: null, height: null }) }
    placeImage(tr, attrs, caption, selected !== null)
    dispatch?.(tr.scrollIntoView())
    return true
  }
}

const isEmptyLine = (selection: Selection) => selection.empty && selection.$from.parent.type.name === 'paragraph' && selection.$from.parent.content.size === 0
const fitsInline = ({ $from }: Selection, image: Node) => $from.parent.canReplaceWith($from.index(), $from.index(), image.type)

/**
 * A caption makes the image a figure; an empty caption makes a figure an inline image again (in
 * a paragraph of its own). A caption left as it was keeps its formatting (a link in it).
 */
function placeImage(tr: Transaction, attrs: Record<string, unknown>, caption: string, editing: boolean): void {
  const { schema } = tr.doc.type
  const image = schema.nodes.image!.create(attrs)
  const figure = (captionNode?: Node) =>
    schema.nodes.figure!.create(null, [
      schema.nodes.figure_image!.create(attrs),
      captionNode ?? schema.nodes.figcaption!.create(null, caption ? schema.text(caption) : null),
    ])
  const selected = editing ? selectedImage(tr) : null
  if (selected?.node.type.name === 'figure_image') {
    const $image = selected.$from
    const oldCaption = $image.parent.lastChild!
    const replacement = caption === '' ? schema.nodes.paragraph!.create(null, image) : figure(caption === oldCaption.textContent ? oldCaption : undefined)
    tr.replaceWith($image.before(), $image.after(), replacement)
  } else if (caption !== '') {
    insertBlock(tr, figure())
  } else if (selected) {
    tr.setNodeMarkup(selected.from, null, attrs)
  } else if (isEmptyLine(tr.selection) || !fitsInline(tr.selection, image)) {
    // Alone on its line (or where no image may stand: a code block, beside a selected video), the
    // image is a paragraph of its own, and the cursor goes on below it.
    insertBlock(tr, schema.nodes.paragraph!.create(null, image))
  } else {
    tr.replaceSelectionWith(image)
  }
}
