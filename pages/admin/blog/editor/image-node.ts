import { imageSchema } from '@milkdown/kit/preset/commonmark'
import { attributeRule, isAllowedImageSource, POST_ELEMENTS } from '../../../../core/post-html-rules.ts'

/** A size the file gives (kept: it reserves the image's space as the page loads), or null. */
const pixels = (dom: HTMLElement, name: 'width' | 'height') => {
  const value = dom.getAttribute(name)
  return value !== null && attributeRule(POST_ELEMENTS.img, name)?.value?.test(value) ? value : null
}

/** An image's attributes as a post's <img> holds them; null when its source is not allowed. */
export function imageAttrsOf(dom: HTMLElement) {
  const src = dom.getAttribute('src') ?? ''
  if (!isAllowedImageSource(src)) return null
  return { src, alt: dom.getAttribute('alt'), title: dom.getAttribute('title'), width: pixels(dom, 'width'), height: pixels(dom, 'height') }
}

export const IMAGE_ATTRS = {
  src: { default: '', validate: 'string' },
  alt: { default: null, validate: 'string|null' },
  title: { default: null, validate: 'string|null' },
  width: { default: null, validate: 'string|null' },
  height: { default: null, validate: 'string|null' },
}

/** The <img> of an image node, in the order a post writes its attributes. */
export function imageDom(attrs: Record<string, unknown>) {
  const src = attrs.src as string
  const [alt, title, width, height] = [attrs.alt, attrs.title, attrs.width, attrs.height] as (string | null)[]
  // A source that slipped past the rules (an edited attribute) renders as nothing.
  return ['img', { src: isAllowedImageSource(src) ? src : null, alt, title, width, height }] as const
}

/**
 * The preset's inline image with SPEC §5's rule: a source that is not an http(s) jpg/jpeg/gif/png
 * file or base64 data of those is not parsed at all, so such images vanish on load and on paste.
 * alt and title stay null when absent (the preset would copy alt into title and write empty
 * attributes), so that a post opened and saved unchanged keeps its exact bytes; so do its
 * width and height.
 */
export const safeImageSchema = imageSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  // Links and formatting may wrap an image, as they may in a post's HTML.
  marks: '_',
  attrs: IMAGE_ATTRS,
  parseDOM: [{ tag: 'img[src]', getAttrs: (dom: HTMLElement) => imageAttrsOf(dom) ?? false }],
  toDOM: (node) => imageDom(node.attrs),
}))
