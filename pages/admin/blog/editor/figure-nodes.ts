import { type Command, NodeSelection, TextSelection } from '@milkdown/kit/prose/state'
import { gapCursor } from '@milkdown/kit/prose/gapcursor'
import { $nodeSchema, $prose, $shortcut } from '@milkdown/kit/utils'
import { IMAGE_ATTRS, imageAttrsOf, imageDom } from './image-node.ts'

/*
 * A figure as posts store it: <figure><img …><figcaption>…</figcaption></figure>, the image a
 * node of its own (selected and edited through the Image dialog like any image) and the caption
 * text edited in place. A figure without a caption has an empty caption node, which the
 * normalizer leaves out (editor-html-shapes.ts). A figure of another shape (a linked image, a
 * quote) is not one of these: its content opens as ordinary blocks.
 */

/** Markdown is never read or written: posts are HTML. */
const NO_MARKDOWN = {
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}

/** Whether a <figure> is an image with an optional caption, all this node holds. */
function isImageFigure(dom: HTMLElement): boolean {
  const [image, caption, ...rest] = [...dom.children]
  return image?.tagName === 'IMG' && imageAttrsOf(image as HTMLElement) !== null && (caption === undefined || caption.tagName === 'FIGCAPTION') && rest.length === 0
}

export const figureSchema = $nodeSchema('figure', () => ({
  content: 'figure_image figcaption',
  group: 'block',
  defining: true,
  isolating: true,
  draggable: false,
  parseDOM: [{ tag: 'figure', getAttrs: (dom: HTMLElement) => (isImageFigure(dom) ? {} : false) }],
  toDOM: () => ['figure', 0],
  ...NO_MARKDOWN,
}))

export const figureImageSchema = $nodeSchema('figure_image', () => ({
  atom: true,
  selectable: true,
  draggable: false,
  attrs: IMAGE_ATTRS,
  // Ahead of the inline image's rule, which would match it too.
  parseDOM: [{ tag: 'img[src]', context: 'figure/', priority: 60, getAttrs: (dom: HTMLElement) => imageAttrsOf(dom) ?? false }],
  toDOM: (node) => imageDom(node.attrs),
  ...NO_MARKDOWN,
}))

export const figcaptionSchema = $nodeSchema('figcaption', () => ({
  content: 'inline*',
  marks: '_',
  parseDOM: [{ tag: 'figcaption', context: 'figure/' }],
  toDOM: () => ['figcaption', 0],
  ...NO_MARKDOWN,
}))

export const figureSchemas = [figureSchema, figureImageSchema, figcaptionSchema].flat()

/** Backspace or Delete on a figure's selected image removes the whole figure, caption included. */
const deleteFigure: Command = (state, dispatch) => {
  const { selection } = state
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'figure_image') return false
  const $image = selection.$from
  dispatch?.(state.tr.delete($image.before(), $image.after()).scrollIntoView())
  return true
}

/** Enter in a caption goes on below the figure, in a new paragraph: a caption is one line. */
const paragraphAfterCaption: Command = (state, dispatch) => {
  const { $from } = state.selection
  if ($from.parent.type.name !== 'figcaption') return false
  if (dispatch) {
    const after = $from.after($from.depth - 1)
    const tr = state.tr.insert(after, state.schema.nodes.paragraph!.create())
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView())
  }
  return true
}

export const figureKeymap = $shortcut(() => ({
  Enter: { key: 'Enter', priority: 100, onRun: () => paragraphAfterCaption },
  Backspace: { key: 'Backspace', priority: 100, onRun: () => deleteFigure },
  Delete: { key: 'Delete', priority: 100, onRun: () => deleteFigure },
}))

/**
 * A cursor beside a figure or a table where no text can go (the start or end of the post, between
 * two of them): typing there starts a paragraph.
 */
export const gapCursorPlugin = $prose(() => gapCursor())
