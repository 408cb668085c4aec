import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { checkContentShape } from '../content/post-rules.ts'
import { cleanPostHtml } from '../content/sanitize-html.ts'
import { findUnsafeHtml } from '../content/unsafe-html.ts'
import type { ImportMedia, MediaLookup } from './import-media.ts'
import { importAudioVideo } from './import-audio-video.ts'
import { embedVideos } from './import-videos.ts'
import { sanitizerLosses } from './sanitizer-losses.ts'
import { fileNameOf } from './file-names.ts'

/**
 * An imported post's body made into the site's: its old site's images (and links to them) pointed
 * at the media library when the uploads folder has them, then sanitized and written one block per
 * line by the very function a save uses (cleanPostHtml), so an imported file is what the admin
 * would have saved.
 */

export interface ImportedBody {
  /** Sanitized, one block per line; '' when nothing is left. */
  html: string
  /** Why the sanitizer changed the source's HTML (its first removal, with the line), or null when it removed nothing. */
  sanitized: string | null
  /** Library URLs the post now uses, new files to add among them. */
  media: { from: string; to: string }[]
  newFiles: { path: string; bytes: Buffer }[]
  /** Old-site URLs kept as they were, and why. */
  missing: { url: string; reason: string }[]
  /** Alt text the importer wrote, where a link's only content was an image without any. */
  namedLinks: string[]
  /** Videos (players' frames, links alone on their line) made the site's click-to-load embeds. */
  videos: number
  /** What this step changed, and how (video and audio files, citations), one per occurrence. */
  changed: string[]
}

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
const serializer = unified().use(rehypeStringify).freeze()

/** @throws Error with the reason when the content is too long or too deeply nested to be a post. */
export async function importBody(raw: string, media: ImportMedia): Promise<ImportedBody> {
  // Before any tree is built: the limits a post keeps, checked by code that cannot overflow.
  const shape = checkContentShape(raw)
  if (shape) throw new Error(`content ${shape}`)
  const result: ImportedBody = { html: '', sanitized: null, media: [], newFiles: [], missing: [], namedLinks: [], videos: 0, changed: [] }
  let html = raw
  if (/<(img|a|iframe|video|audio|cite)\b|youtu|vimeo/i.test(raw)) {
    const tree = parser.parse(raw)
    for (const [element, attribute] of urlAttributes(tree)) {
      const url = String(element.properties[attribute])
      const found = await resolve(url, media, result)
      if (found) element.properties[attribute] = found
    }
    result.namedLinks = nameImageLinks(tree)
    result.videos = embedVideos(tree)
    await importAudioVideo(tree, (url, kind) => (kind === 'image' ? resolveLookup(url, media, result) : lookupAv(url, kind, media, result)), result.changed)
    wrapLooseCitations(tree, result.changed)
    html = serializer.stringify(tree)
  }
  // Null when the sanitizer removes nothing (formatting aside): the first thing it removes, and where, otherwise.
  result.sanitized = findUnsafeHtml(html)
  result.html = cleanPostHtml(html)
  if (result.sanitized) result.changed.push(...sanitizerLosses(html, result.html))
  return result
}

/** The featured image's URL: the library's when found, else as the source had it (with the reason, when it was the old site's). */
export async function importImageUrl(url: string, media: ImportMedia, into: Pick<ImportedBody, 'media' | 'newFiles' | 'missing'>): Promise<string> {
  return (await resolve(url, media, into)) ?? url
}

/** A video's, audio's or captions file's lookup, its new library file recorded to be written. */
async function lookupAv(url: string, kind: 'video' | 'audio' | 'captions', media: ImportMedia, into: Pick<ImportedBody, 'newFiles'>): Promise<MediaLookup> {
  const found = await media.lookupAv(url, kind)
  if (found.kind === 'library' && found.file) into.newFiles.push(found.file)
  return found
}

/** An image's lookup, its library file recorded as resolve does. */
async function resolveLookup(url: string, media: ImportMedia, into: Pick<ImportedBody, 'media' | 'newFiles' | 'missing'>): Promise<MediaLookup> {
  const found = await resolve(url, media, into)
  return found === null ? await media.lookup(url) : { kind: 'library', url: found, file: null }
}

async function resolve(url: string, media: ImportMedia, into: Pick<ImportedBody, 'media' | 'newFiles' | 'missing'>): Promise<string | null> {
  const lookup = await media.lookup(url)
  if (lookup.kind === 'elsewhere') return null
  if (lookup.kind === 'missing') {
    if (!into.missing.some((known) => known.url === url)) into.missing.push({ url, reason: lookup.reason })
    return null
  }
  if (lookup.file) into.newFiles.push(lookup.file)
  if (!into.media.some((known) => known.from === url)) into.media.push({ from: url, to: lookup.url })
  return lookup.url
}

/**
 * A link whose only content is an image without alt text has no name: a screen reader says
 * "link" and nothing else (axe: link-name, serious). WordPress galleries write such links when an
 * image was never described. The image gets its file's name as alt text (`spectacles.gif` →
 * "spectacles"), and the report says so, for someone to describe it properly; an image alone,
 * not a link, keeps its `alt=""` (decorative) as written.
 */
function nameImageLinks(tree: Root): string[] {
  const named: string[] = []
  const stack: (Root | Element)[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const child of node.children) {
      if (child.type !== 'element') continue
      stack.push(child)
      if (child.tagName !== 'a') continue
      const content = child.children.filter((part) => !(part.type === 'text' && part.value.trim() === ''))
      const image = content.length === 1 && content[0]!.type === 'element' && content[0]!.tagName === 'img' ? content[0] : null
      if (!image || String(image.properties.alt ?? '').trim() !== '' || typeof image.properties.src !== 'string') continue
      const file = fileNameOf(image.properties.src).replace(/-[0-9a-f]{10}-\d+x\d+(?=\.)/, '')
      const alt = file.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim() || 'image'
      image.properties.alt = alt
      named.push(alt)
    }
  }
  return named
}

/**
 * A quote's source written after its text, `<blockquote><p>…</p><cite>Name</cite></blockquote>`
 * (WordPress's quote and pullquote blocks): the model holds a citation inside a paragraph, so it
 * gets one of its own.
 */
function wrapLooseCitations(tree: Root, changed: string[]): void {
  const stack: (Root | Element)[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') continue
      if (child.tagName === 'cite' && node.type === 'element' && node.tagName === 'blockquote') {
        node.children[index] = { type: 'element', tagName: 'p', properties: {}, children: [child] }
        changed.push('quote\'s citation → its own paragraph')
      } else stack.push(child)
    }
  }
}

const IMAGE_LINK = /\.(?:jpe?g|png|gif|webp|avif|tiff?)(?:[?#]|$)/i

/** Every `<img src>`, and `<a href>` to an image file, of the tree, walked by a loop (the depth was checked, but no recursion is needed). */
function urlAttributes(tree: Root): [Element, 'src' | 'href'][] {
  const found: [Element, 'src' | 'href'][] = []
  const stack: (Root | Element)[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'img' && typeof child.properties.src === 'string') found.push([child, 'src'])
      // A link to the image's own file (WordPress links an image to it): other links are pages.
      if (child.tagName === 'a' && typeof child.properties.href === 'string' && IMAGE_LINK.test(child.properties.href)) found.push([child, 'href'])
      stack.push(child)
    }
  }
  return found
}
