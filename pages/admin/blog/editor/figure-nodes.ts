import type { Command } from '@milkdown/kit/prose/state'
import { NodeSelection } from '@milkdown/kit/prose/state'
import { $nodeSchema, $shortcut } from '@milkdown/kit/utils'
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

export const figureKeymap = $shortcut(() => ({
  Backspace: { key: 'Backspace', priority: 100, onRun: () => deleteFigure },
  Delete: { key: 'Delete', priority: 100, onRun: () => deleteFigure },
}))
