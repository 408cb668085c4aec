import type { Element, ElementContent, Properties } from 'hast'
import { BUTTON_CLASS, FIGURE_CLASSES, FOOTNOTE_ROLES } from '../../core/post-html-rules.ts'
import { element, text } from './hast-nodes.ts'

/**
 * The post model's blocks as the importer writes them (pure): each source's mapping (WordPress
 * blocks and shortcodes, Ghost cards) builds its result with these, so every source writes a
 * gallery, a button or a video the one way core/post-html-rules.ts declares it. The sanitizer
 * runs on the result all the same.
 */

export interface ShapeImage {
  src: string
  alt: string
  width?: string | number
  height?: string | number
  title?: string
  caption?: ElementContent[]
}

/** An `<img>` of a source's HTML as the model's image: its source, alt text, size and title, nothing else. */
export function imageOf(picture: Element): ShapeImage {
  const { src, alt, width, height, title } = picture.properties
  return {
    src: String(src ?? ''),
    alt: typeof alt === 'string' ? alt : '',
    ...(width !== undefined ? { width: String(width) } : {}),
    ...(height !== undefined ? { height: String(height) } : {}),
    ...(typeof title === 'string' && title ? { title } : {}),
  }
}

export function image(picture: ShapeImage): Element {
  const properties: Properties = { src: picture.src, alt: picture.alt }
  if (picture.title) properties.title = picture.title
  if (picture.width !== undefined && picture.width !== '') properties.width = String(picture.width)
  if (picture.height !== undefined && picture.height !== '') properties.height = String(picture.height)
  return element('img', properties, [])
}

export function figure(content: ElementContent[], caption?: ElementContent[]): Element {
  return element('figure', {}, hasContent(caption) ? [...content, element('figcaption', {}, caption)] : content)
}

/** `<figure class="gallery">` of image figures, each with its caption, then the gallery's own. */
export function gallery(images: ShapeImage[], caption?: ElementContent[]): Element {
  const items = images.map((picture) => figure([image(picture)], picture.caption))
  return element('figure', { className: [FIGURE_CLASSES.gallery] }, hasContent(caption) ? [...items, element('figcaption', {}, caption)] : items)
}

/** A link shown as a button, alone in its paragraph. */
export function button(href: string, label: ElementContent[]): Element {
  return element('p', {}, [element('a', { href, className: [BUTTON_CLASS] }, label)])
}

/** A file to download, alone in its paragraph. */
export function download(href: string, name: string): Element {
  return element('p', {}, [element('a', { href, download: true }, [text(name)])])
}

/** A callout: a container of blocks. */
export function callout(blocks: ElementContent[]): Element {
  return element('aside', { role: 'note' }, blocks)
}

/** A toggle: its summary (inline), then its blocks. */
export function toggle(summary: ElementContent[], blocks: ElementContent[]): Element {
  return element('details', {}, [element('summary', {}, summary), ...blocks])
}

/** A link with its page's title, description and image. */
export function bookmark(card: { href: string; title: string; description?: string; image?: string }): Element {
  const inside: ElementContent[] = []
  if (card.image) inside.push(element('img', { src: card.image, alt: '' }, []))
  inside.push(element('strong', {}, [text(card.title || card.href)]))
  if (card.description) inside.push(element('span', {}, [text(card.description)]))
  return element('figure', { className: [FIGURE_CLASSES.bookmark] }, [element('a', { href: card.href }, inside)])
}

export interface ShapeMedia {
  kind: 'video' | 'audio'
  src: string
  poster?: string
  width?: string
  height?: string
  /** Captions tracks of a video: their file and language. */
  tracks?: { src: string; srclang?: string; label?: string }[]
  caption?: ElementContent[]
}

/**
 * A video or audio file in a figure, never autoplaying. The importer's media step
 * (import-audio-video.ts) then points it at the media library, or makes it a link.
 */
export function mediaFigure(media: ShapeMedia): Element {
  const properties: Properties = { controls: true, preload: 'metadata', src: media.src }
  if (media.kind === 'video') {
    if (media.poster) properties.poster = media.poster
    if (media.width) properties.width = media.width
    if (media.height) properties.height = media.height
  }
  const tracks = (media.tracks ?? []).map((track) =>
    element('track', { kind: 'captions', src: track.src, srclang: track.srclang || 'en', label: track.label || 'English' }, []),
  )
  return figure([element(media.kind, properties, media.kind === 'video' ? tracks : [])], media.caption)
}

/** A footnote's reference in the text: `<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>`. */
export function footnoteReference(id: string, label: string): Element {
  return element('sup', {}, [element('a', { href: `#fn-${id}`, id: `fnref-${id}`, role: FOOTNOTE_ROLES.reference }, [text(label)])])
}

/** The notes at the end, each linked back to its reference. */
export function footnotes(notes: { id: string; content: ElementContent[] }[]): Element {
  const items = notes.map((note) =>
    element('li', { id: `fn-${note.id}` }, [element('p', {}, [...note.content, text(' '), element('a', { href: `#fnref-${note.id}`, role: FOOTNOTE_ROLES.backlink }, [text('↩')])])]),
  )
  return element('section', { role: 'doc-endnotes' }, [element('ol', {}, items)])
}

/** Something with no home here, kept as a link to where it was, with its words. */
export function linkParagraph(href: string, words: string): Element {
  return element('p', {}, [element('a', { href }, [text(words || href)])])
}

export function paragraph(content: ElementContent[]): Element {
  return element('p', {}, content)
}

function hasContent(nodes: ElementContent[] | undefined): nodes is ElementContent[] {
  return nodes !== undefined && nodes.some((node) => node.type !== 'text' || node.value.trim() !== '')
}
