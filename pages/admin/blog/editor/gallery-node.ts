import { $nodeSchema } from '@milkdown/kit/utils'
import { FIGURE_CLASSES } from '../../../../core/post-html-rules.ts'
import { NO_MARKDOWN } from './figure-nodes.ts'

/*
 * A gallery as posts store it: <figure class="gallery"> holding image figures (figure-nodes.ts,
 * each with its caption) and a caption of its own last. Its caption is always there, empty when
 * it has none (the normalizer leaves an empty caption out, editor-html-shapes.ts).
 */

export const GALLERY = 'gallery'

export const gallerySchema = $nodeSchema(GALLERY, () => ({
  content: 'figure+ gallery_caption',
  group: 'block',
  defining: true,
  isolating: true,
  // Ahead of the figure's own rule, which would read it as a figure.
  parseDOM: [{ tag: `figure.${FIGURE_CLASSES.gallery}`, priority: 60 }],
  toDOM: () => ['figure', { class: FIGURE_CLASSES.gallery }, 0],
  ...NO_MARKDOWN,
}))

export const galleryCaptionSchema = $nodeSchema('gallery_caption', () => ({
  content: 'inline*',
  marks: '_',
  parseDOM: [{ tag: 'figcaption', context: `${GALLERY}/` }],
  toDOM: () => ['figcaption', 0],
  ...NO_MARKDOWN,
}))

export const gallerySchemas = [gallerySchema, galleryCaptionSchema].flat()
