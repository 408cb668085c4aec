import { imageSchema } from '@milkdown/kit/preset/commonmark'
import { isAllowedImageSource } from '../../../../renderer/post-html-rules.ts'

/**
 * The preset's inline image with SPEC §5's rule: a source that is not an http(s) jpg/jpeg/gif/png
 * file or base64 data of those is not parsed at all, so such images vanish on load and on paste.
 * alt and title stay null when absent (the preset would copy alt into title and write empty
 * attributes), so that a post opened and saved unchanged keeps its exact bytes.
 */
export const safeImageSchema = imageSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  // Links and formatting may wrap an image, as they may in a post's HTML.
  marks: '_',
  attrs: {
    src: { default: '', validate: 'string' },
    alt: { default: null, validate: 'string|null' },
    title: { default: null, validate: 'string|null' },
  },
  parseDOM: [
    {
      tag: 'img[src]',
      getAttrs: (dom: HTMLElement) => {
        const src = dom.getAttribute('src') ?? ''
        if (!isAllowedImageSource(src)) return false
        return { src, alt: dom.getAttribute('alt'), title: dom.getAttribute('title') }
      },
    },
  ],
  toDOM: (node) => {
    const src = node.attrs.src as string
    // A source that slipped past the rules (an edited attribute) renders as nothing.
    return ['img', { src: isAllowedImageSource(src) ? src : null, alt: node.attrs.alt as string | null, title: node.attrs.title as string | null }]
  },
}))
