import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { BodyChanges } from './import-changes.ts'
import { classesOf, element, find, findAll, hasClass, parseFragment, text, textOf, writeFragment } from './hast-nodes.ts'
import { button, download, figure, gallery, image, imageOf, linkParagraph, mediaFigure, type ShapeImage, type ShapeMedia } from './post-shapes.ts'
import { fileNameOf } from './file-names.ts'

/**
 * A block-editor post (`<!-- wp:name {attributes} -->…<!-- /wp:name -->`) rendered into the
 * post model (pure): WordPress's blocks read as its own parser reads them, then each block
 * mapped by the rule its name has in BLOCK_RULES, and what each did recorded for the report.
 * - kept: its HTML is the post model's already (paragraphs, headings, lists, quotes, tables…);
 * - mapped: made the model's shape (a gallery, a button, a download, a video…);
 * - layout: columns and groups: the wrapper goes, its blocks stay in order;
 * - dynamic: rendered by WordPress from the database on each view (latest posts, archives,
 *   a calendar, a search form): nothing of the post's own is in it, so it is removed and named.
 * A block of a plugin, unknown here, keeps its HTML (the sanitizer keeps its text) and is named;
 * one with no HTML is dynamic.
 */

interface Block {
  name: string
  attributes: Record<string, unknown>
  /** Its own HTML and its inner blocks, in order. */
  parts: (string | Block)[]
}

type Rule =
  | { kind: 'kept' }
  | { kind: 'layout' }
  | { kind: 'dynamic' }
  /** A marker of WordPress's (more, page break): no content. */
  | { kind: 'marker' }
  /** `map` gives null when the block holds nothing of the post's own (a navigation of the site's menu): then it is dynamic. */
  | { kind: 'mapped'; how: string; map: (tree: Root, block: Block, changes: BodyChanges) => RootContent[] | null }

/** Deeper than this, inner blocks are read as HTML: no real post nests blocks so, and the renderer recurses. */
const MAX_BLOCK_DEPTH = 100

const KEPT: Rule = { kind: 'kept' }
const LAYOUT: Rule = { kind: 'layout' }

/** Every core block with content of its own (WordPress 6.5), by name without `core/`. */
export const BLOCK_RULES: Readonly<Record<string, Rule>> = {
  paragraph: KEPT,
  heading: KEPT,
  list: KEPT,
  'list-item': KEPT,
  quote: KEPT,
  code: KEPT,
  preformatted: KEPT,
  verse: KEPT,
  table: KEPT,
  image: KEPT,
  separator: KEPT,
  details: KEPT,
  html: KEPT,
  freeform: KEPT,
  missing: KEPT,
  shortcode: KEPT,
  footnotes: { kind: 'mapped', how: 'footnotes', map: () => [element('section', { dataWpFootnotes: '' }, [])] },
  more: { kind: 'marker' },
  nextpage: { kind: 'marker' },
  columns: LAYOUT,
  column: LAYOUT,
  group: LAYOUT,
  row: LAYOUT,
  stack: LAYOUT,
  'text-columns': LAYOUT,
  buttons: LAYOUT,
  pullquote: { kind: 'mapped', how: 'quote with its citation', map: (tree) => findAll(tree, (node) => node.tagName === 'blockquote').slice(0, 1) },
  gallery: { kind: 'mapped', how: 'gallery', map: mapGallery },
  button: { kind: 'mapped', how: 'button link', map: mapButton },
  file: { kind: 'mapped', how: 'download link', map: mapFile },
  audio: { kind: 'mapped', how: 'audio file', map: (tree, block, changes) => mapMedia('audio', tree, block, changes) },
  video: { kind: 'mapped', how: 'video file', map: (tree, block, changes) => mapMedia('video', tree, block, changes) },
  cover: { kind: 'mapped', how: 'its image, then its blocks', map: mapCover },
  'media-text': { kind: 'mapped', how: 'its image, then its blocks', map: mapCover },
  embed: { kind: 'mapped', how: 'link (a YouTube or Vimeo link becomes the site\'s video embed)', map: mapEmbed },
  spacer: { kind: 'mapped', how: 'removed (empty space)', map: () => [] },
  'social-links': { kind: 'mapped', how: 'list of links', map: (tree) => linkList(tree) },
  navigation: { kind: 'mapped', how: 'list of links', map: (tree) => linkList(tree) },
  // Inside social links and a navigation: its link is in its attributes.
  'social-link': { kind: 'mapped', how: 'link', map: (_tree, block) => attributeLink(block) },
  'navigation-link': { kind: 'mapped', how: 'link', map: (_tree, block) => attributeLink(block) },
  'navigation-submenu': { kind: 'mapped', how: 'link', map: (tree, block) => [...attributeLink(block), ...tree.children] },
  'home-link': { kind: 'mapped', how: 'link', map: (_tree, block) => attributeLink({ ...block, attributes: { url: '/', label: 'Home', ...block.attributes } }) },
}

/** WordPress's own names for the services of social links, as it labels them. */
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  wordpress: 'WordPress', facebook: 'Facebook', twitter: 'Twitter', x: 'X', instagram: 'Instagram', linkedin: 'LinkedIn',
  youtube: 'YouTube', github: 'GitHub', mastodon: 'Mastodon', mail: 'Email', feed: 'RSS Feed', chain: 'Link', tiktok: 'TikTok',
}

export interface RenderedBlocks {
  html: string
  changes: BodyChanges
}

const COMMENT = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)\s+(?:(\{[\s\S]*?\})\s+)?(\/)?-->/g

export function renderBlocks(source: string, changes: BodyChanges): string {
  return renderParts(parseBlocks(source), changes, 0)
}

/** The blocks of a post, as WordPress's block parser reads them: text outside any block is classic HTML. */
function parseBlocks(source: string): (string | Block)[] {
  const root: Block = { name: '', attributes: {}, parts: [] }
  const open: Block[] = [root]
  let at = 0
  for (const match of source.matchAll(COMMENT)) {
    const [whole, closing, rawName, json, selfClosing] = match
    const parent = open[open.length - 1]!
    if (match.index > at) parent.parts.push(source.slice(at, match.index))
    at = match.index + whole.length
    const name = rawName!.replace(/^core\//, '').replace(/^core-embed\/.*/, 'embed')
    if (closing) {
      // A closer closes the innermost block of its name; a stray one is left out, as WordPress does.
      const index = open.findLastIndex((block, i) => i > 0 && block.name === name)
      if (index > 0) open.length = index
      continue
    }
    const block: Block = { name, attributes: readAttributes(json), parts: [] }
    parent.parts.push(block)
    if (!selfClosing && open.length < MAX_BLOCK_DEPTH) open.push(block)
  }
  if (at < source.length) open[open.length - 1]!.parts.push(source.slice(at))
  return root.parts
}

function readAttributes(json: string | undefined): Record<string, unknown> {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function renderParts(parts: (string | Block)[], changes: BodyChanges, depth: number): string {
  return parts.map((part) => (typeof part === 'string' ? part : renderBlock(part, changes, depth + 1))).join('')
}

function renderBlock(block: Block, changes: BodyChanges, depth: number): string {
  const rule = ruleOf(block)
  if (rule.kind === 'mapped') {
    const tree = parseFragment(renderParts(block.parts, changes, depth))
    const nodes = rule.map(tree, block, changes)
    if (nodes !== null) {
      changes.changed.push(`${block.name} block → ${rule.how}`)
      return writeFragment(nodes)
    }
  }
  switch (rule.kind === 'mapped' ? 'dynamic' : rule.kind) {
    case 'marker':
      return ''
    case 'dynamic': {
      const inner = block.parts.filter((part): part is Block => typeof part !== 'string')
      const ownWords = textOf(parseFragment(block.parts.filter((part) => typeof part === 'string').join('')))
      const quoted = ownWords ? `its template's words: "${ownWords.slice(0, 300)}"` : ''
      // A container of the post's own blocks (a query loop around headings) keeps them, each by its rule.
      if (inner.some((child) => ruleOf(child).kind !== 'dynamic')) {
        changes.changed.push(`dynamic block ${block.name} removed, the blocks of the post's own in it kept${quoted ? ` (${quoted})` : ''}`)
        return inner.map((child) => renderBlock(child, changes, depth + 1)).join('\n')
      }
      // What it held goes with it: its inner blocks are named, and its template's words quoted.
      const names = [...new Set(innerNames(block))]
      const words = textOf(parseFragment(ownHtml(block)))
      const held = [names.length > 0 ? `holding ${names.join(', ')}` : '', words ? `its template's words: "${words.slice(0, 300)}"` : ''].filter(Boolean)
      changes.changed.push(`dynamic block ${block.name} removed${held.length > 0 ? ` (${held.join('; ')})` : ''}`)
      return ''
    }
    case 'kept':
      changes.kept.push(block.name)
      return renderParts(block.parts, changes, depth)
    case 'layout':
      changes.changed.push(`${block.name} block → its blocks in order (layout removed)`)
      return renderParts(block.parts, changes, depth)
  }
}

function ruleOf(block: Block): Rule {
  if (Object.hasOwn(BLOCK_RULES, block.name)) return BLOCK_RULES[block.name]!
  // Not a block of WordPress's own: kept as its HTML when it has some, else rendered by its plugin.
  if (/\S/.test(ownHtml(block)) && !isCoreDynamic(block.name)) return { kind: 'mapped', how: 'its HTML, as the sanitizer keeps it (a block unknown here)', map: (tree) => tree.children }
  return { kind: 'dynamic' }
}

/** Core blocks WordPress renders from the database: their saved HTML is a template, not the post's. */
function isCoreDynamic(name: string): boolean {
  return !name.includes('/') && /^(?:query|post-|comment|comments|latest-|archives|calendar|categories|tag-cloud|rss|search|loginout|page-list|site-|avatar|read-more|term-|template-part|pattern|block$|legacy-widget|widget-group)/.test(name)
}

/** The names of the blocks inside a block, at any depth. */
function innerNames(block: Block): string[] {
  const names: string[] = []
  const stack = [...block.parts].reverse()
  while (stack.length > 0) {
    const part = stack.pop()!
    if (typeof part === 'string') continue
    names.push(part.name)
    for (let i = part.parts.length - 1; i >= 0; i--) stack.push(part.parts[i]!)
  }
  return names
}

/** A block's HTML, its inner blocks' included, without their comments. */
function ownHtml(block: Block): string {
  const parts: string[] = []
  const stack: (string | Block)[] = [block]
  while (stack.length > 0) {
    const part = stack.pop()!
    if (typeof part === 'string') parts.push(part)
    else for (let i = part.parts.length - 1; i >= 0; i--) stack.push(part.parts[i]!)
  }
  return parts.join('')
}

/** The images of a gallery, each with its caption (WordPress 5.9+ nests image blocks; older galleries list `<li><figure>`). */
function mapGallery(tree: Root, _block: Block, changes: BodyChanges): RootContent[] {
  const outer = find(tree, (node) => node.tagName === 'figure' || node.tagName === 'ul') ?? tree
  const images: ShapeImage[] = []
  for (const picture of findAll(outer, (node) => node.tagName === 'img')) {
    const holder = findAll(outer, (node) => node.tagName === 'figure' && findAll(node, (inner) => inner === picture).length > 0).pop()
    const caption = holder ? find(holder, (node) => node.tagName === 'figcaption') : undefined
    const link = holder ? find(holder, (node) => node.tagName === 'a') : undefined
    const href = typeof link?.properties.href === 'string' ? link.properties.href : ''
    if (href && !isFileOf(href, String(picture.properties.src ?? ''))) changes.changed.push(`gallery image's link to ${href} kept as its caption's link`)
    const captionContent = caption?.children ?? []
    images.push({
      ...imageOf(picture),
      caption: href && !isFileOf(href, String(picture.properties.src ?? '')) ? [element('a', { href }, captionContent.length > 0 ? captionContent : [text(href)])] : captionContent,
    })
  }
  const own = outer.type === 'element' ? outer.children.find((node): node is Element => node.type === 'element' && node.tagName === 'figcaption') : undefined
  return images.length > 0 ? [gallery(images, own?.children)] : tree.children
}

/** A link to the image's own file (or one of its sizes), which a gallery shows anyway. */
function isFileOf(href: string, src: string): boolean {
  const base = (url: string) => url.replace(/[?#].*$/, '').replace(/-\d+x\d+(?=\.[a-z0-9]+$)/i, '')
  return base(href) === base(src) || /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.test(href)
}

function mapButton(tree: Root, _block: Block, changes: BodyChanges): RootContent[] {
  const link = find(tree, (node) => node.tagName === 'a')
  const href = link && typeof link.properties.href === 'string' ? link.properties.href : ''
  if (!href) {
    const words = textOf(tree)
    if (words) changes.changed.push(`button "${words}" without a link → paragraph`)
    return words ? [element('p', {}, [text(words)])] : []
  }
  return [button(href, link!.children)]
}

function mapFile(tree: Root, block: Block, changes: BodyChanges): RootContent[] {
  const links = findAll(tree, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
  const named = links.find((node) => !classesOf(node).some((name) => name.includes('__button'))) ?? links[0]
  const href = typeof block.attributes.href === 'string' ? block.attributes.href : String(named?.properties.href ?? '')
  if (!href) return tree.children
  if (find(tree, (node) => node.tagName === 'object')) changes.changed.push('file block\'s inline PDF preview removed (the download link stays)')
  const label = textOf(links.find((node) => node !== named))
  if (label && label !== 'Download') changes.changed.push(`file block's button text "${label}" left out (the file's name is the link)`)
  const name = textOf(named) || fileNameOf(href) || href
  return [download(href, name)]
}

export function mediaOf(kind: 'video' | 'audio', player: Element, caption: ElementContent[] | undefined): ShapeMedia | null {
  const source = find(player, (node) => node.tagName === 'source' && typeof node.properties.src === 'string')
  const src = typeof player.properties.src === 'string' ? player.properties.src : String(source?.properties.src ?? '')
  if (!src) return null
  const tracks = findAll(player, (node) => node.tagName === 'track' && typeof node.properties.src === 'string').map((track) => ({
    src: String(track.properties.src),
    srclang: typeof track.properties.srcLang === 'string' ? track.properties.srcLang : undefined,
    label: typeof track.properties.label === 'string' ? track.properties.label : undefined,
  }))
  const { poster, width, height } = player.properties
  return {
    kind,
    src,
    ...(typeof poster === 'string' && poster ? { poster } : {}),
    ...(width !== undefined ? { width: String(width) } : {}),
    ...(height !== undefined ? { height: String(height) } : {}),
    ...(tracks.length > 0 ? { tracks } : {}),
    ...(caption ? { caption } : {}),
  }
}

function mapMedia(kind: 'video' | 'audio', tree: Root, _block: Block, changes: BodyChanges): RootContent[] {
  const player = find(tree, (node) => node.tagName === kind)
  const caption = find(tree, (node) => node.tagName === 'figcaption')
  const media = player ? mediaOf(kind, player, caption?.children) : null
  if (media) return [mediaFigure(media)]
  const words = textOf(tree)
  if (words) changes.changed.push(`${kind} block without a file: its caption "${words}" kept as a paragraph`)
  return words ? [element('p', {}, [text(words)])] : []
}

/** A cover or media & text block: its image (or video) as a figure, then its inner blocks. */
function mapCover(tree: Root, block: Block, changes: BodyChanges): RootContent[] {
  const content = find(tree, (node) => classesOf(node).some((name) => /__(?:inner-container|content)$/.test(name)))
  const picture = find(tree, (node) => node.tagName === 'img' && !(content && findAll(content, (inner) => inner === node).length > 0))
  const player = find(tree, (node) => node.tagName === 'video')
  const out: RootContent[] = []
  if (picture) out.push(figure([image(imageOf(picture))]))
  else if (player) {
    const media = mediaOf('video', player, undefined)
    if (media) out.push(mediaFigure(media))
  } else if (typeof block.attributes.url === 'string' && block.attributes.url) {
    changes.changed.push(`${block.name} block's background ${block.attributes.url} → link`)
    out.push(linkParagraph(block.attributes.url, 'Background image'))
  }
  out.push(...(content ? content.children : []))
  return out
}

/** An embed: the URL WordPress asks its provider about, as a link; a caption follows it. */
function mapEmbed(tree: Root, block: Block): RootContent[] {
  const url = typeof block.attributes.url === 'string' ? block.attributes.url : textOf(find(tree, hasClass('wp-block-embed__wrapper')))
  const caption = find(tree, (node) => node.tagName === 'figcaption')
  if (!url) return tree.children
  const provider = typeof block.attributes.providerNameSlug === 'string' ? block.attributes.providerNameSlug : ''
  return [linkParagraph(url, provider && caption ? textOf(caption) : url), ...(caption && !provider ? [element('p', {}, caption.children)] : [])]
}

/** The links a block made of link blocks (social links, a navigation) rendered: one list of them; null when it has none of its own. */
function linkList(tree: Root): RootContent[] | null {
  const links = findAll(tree, (node) => node.tagName === 'a')
  return links.length > 0 ? [element('ul', {}, links.map((link) => element('li', {}, [link])))] : null
}

function attributeLink(block: Block): RootContent[] {
  const { url, label, service } = block.attributes
  if (typeof url !== 'string' || url === '') return []
  const name = typeof label === 'string' && label ? label : typeof service === 'string' ? (SERVICE_NAMES[service] ?? service) : url
  return [element('a', { href: url }, [text(name)])]
}
