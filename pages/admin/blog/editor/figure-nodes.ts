import { type Command, NodeSelection, TextSelection } from '@milkdown/kit/prose/state'
import { gapCursor } from '@milkdown/kit/prose/gapcursor'
import { $nodeSchema, $prose, $shortcut } from '@milkdown/kit/utils'
import { IMAGE_ATTRS, imageAttrsOf, imageDom } from './image-node.ts'
import { sanitizeLinkHref } from './url-rules.ts'

/*
 * A figure as posts store it: <figure><img …><figcaption>…</figcaption></figure>, the image a
 * node of its own (selected and edited through the Image dialog like any image, a link around it
 * kept) and the caption text edited in place. A figure without a caption has an empty caption
 * node, which the normalizer leaves out (editor-html-shapes.ts). A figure of another shape (a
 * quote, a code block with their caption) holds those blocks instead of the image.
 */

/** Markdown is never read or written: posts are HTML. */
export const NO_MARKDOWN = {
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}

export const figureSchema = $nodeSchema('figure', () => ({
  content: '(figure_image | block*) figcaption',
  group: 'block',
  defining: true,
  isolating: true,
  draggable: false,
  parseDOM: [{ tag: 'figure' }],
  toDOM: () => ['figure', 0],
  ...NO_MARKDOWN,
}))

/** A figure's image, and the link around it when it has one (<a href><img></a>). */
function figureImageAttrs(dom: HTMLElement) {
  if (dom.tagName !== 'A') return imageAttrsOf(dom) ?? false
  const image = dom.children.length === 1 && dom.firstElementChild?.tagName === 'IMG' ? imageAttrsOf(dom.firstElementChild as HTMLElement) : null
  return image && dom.textContent?.trim() === '' ? { ...image, href: dom.getAttribute('href') } : false
}

export const figureImageSchema = $nodeSchema('figure_image', () => ({
  atom: true,
  selectable: true,
  draggable: false,
  attrs: { ...IMAGE_ATTRS, href: { default: null, validate: 'string|null' } },
  // Ahead of the inline image's and the link's rules, which would match them too.
  parseDOM: ['img[src]', 'a'].map((tag) => ({ tag, context: 'figure/', priority: 60, getAttrs: figureImageAttrs })),
  toDOM: (node) => {
    const image = imageDom(node.attrs)
    return node.attrs.href === null ? image : ['a', { href: sanitizeLinkHref(node.attrs.href as string) }, image]
  },
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
