import type { Element, ElementContent, Properties, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'

/**
 * Ghost's cards (`<figure class="kg-card kg-image-card">`, bookmarks, galleries, embeds,
 * callouts) made the plain HTML a post here may hold, so their content survives the sanitizer
 * meaningfully instead of as loose text (pure). The importer sanitizes the result anyway: this
 * only decides what a card means.
 * - image → `<figure><img><figcaption>` (a linked image keeps its link);
 * - gallery → one figure holding its images and caption;
 * - bookmark → a paragraph: the link, with the page's title, then its description;
 * - embed with a frame → a paragraph linking to the video or page (frames are not kept);
 * - callout → a blockquote with its emoji and text.
 * Other cards (button, toggle, audio, video, file, product, header…) are left to the sanitizer,
 * which keeps their text, and are named in the list of what was simplified.
 *
 * Links to the old site's pages (`__GHOST_URL__/welcome/`, Ghost's placeholder for its own
 * address) become site-relative (`/welcome/`, which the importer's redirects send on), and
 * images and links under `/content/images/` are written `__GHOST_URL__/content/images/…`, the
 * one upload base the Ghost reader reports, whichever form the export used.
 */

export const GHOST_URL = '__GHOST_URL__'
export const GHOST_UPLOADS = `${GHOST_URL}/content/images/`

const CARD_KINDS = ['image', 'gallery', 'bookmark', 'embed', 'callout'] as const
type CardKind = (typeof CARD_KINDS)[number]

export interface SimplifiedCards {
  html: string
  /** Each card made plain ("image card → figure"), or left as it was ("kg-toggle-card left to the sanitizer"), in order. */
  simplified: string[]
}

const parser = unified().use(rehypeParse, { fragment: true })
const writer = unified().use(rehypeStringify)

export function simplifyGhostCards(html: string): SimplifiedCards {
  const tree = parser.parse(html) as Root
  const simplified: string[] = []
  // A loop over parents, not recursion: a hostile export may nest thousands deep.
  const parents: Array<Root | Element> = [tree]
  while (parents.length > 0) {
    const parent = parents.pop()!
    const children: RootContent[] = []
    for (const child of parent.children as RootContent[]) {
      if (child.type !== 'element') {
        children.push(child)
        continue
      }
      rewriteUrls(child)
      const kind = cardKind(child)
      const plain = kind ? CARD_RULES[kind](child) : null
      if (kind && plain) simplified.push(`${kind} card → ${CARD_RESULT[kind]}`)
      else {
        const card = classesOf(child).find((name) => /^kg-[a-z-]+-card$/.test(name))
        if (card) simplified.push(`${card} left to the sanitizer`)
      }
      for (const node of plain ?? [child]) {
        children.push(node)
        // What a card became is visited too: a callout's text may hold links to the old site.
        if (node.type === 'element') parents.push(node)
      }
    }
    parent.children = children as Root['children'] & Element['children']
  }
  return { html: simplified.length === 0 && !/__GHOST_URL__|\/content\/images\//.test(html) ? html : writer.stringify(tree), simplified }
}

const CARD_RESULT: Readonly<Record<CardKind, string>> = {
  image: 'figure',
  gallery: 'figure of images',
  bookmark: 'link paragraph',
  embed: 'link paragraph',
  callout: 'blockquote',
}

/** A card's plain HTML, or null to leave the card as it is (one without the image or frame it names). */
const CARD_RULES: Readonly<Record<CardKind, (card: Element) => ElementContent[] | null>> = {
  image: (card) => {
    const image = find(card, (node) => node.tagName === 'img')
    if (!image) return null
    const link = find(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
    const picture = plainImage(image)
    // A link to the image itself (Ghost's "click to enlarge") is left out: the page shows the image.
    const linked = link && link.properties.href !== image.properties.src
    return [figure([linked ? element('a', { href: link.properties.href }, [picture]) : picture], captionOf(card))]
  },
  gallery: (card) => {
    const images = findAll(card, (node) => node.tagName === 'img').map(plainImage)
    return images.length === 0 ? null : [figure(images, captionOf(card))]
  },
  bookmark: (card) => {
    const link = find(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
    if (!link) return null
    const href = link.properties.href as string
    const title = textOf(find(card, hasClass('kg-bookmark-title'))) || href
    const description = textOf(find(card, hasClass('kg-bookmark-description')))
    const caption = textOf(find(card, (node) => node.tagName === 'figcaption'))
    const rest = [description, caption].filter(Boolean).join(' ')
    return [element('p', {}, [element('a', { href }, [text(title)]), ...(rest ? [text(` — ${rest}`)] : [])])]
  },
  embed: (card) => {
    const frame = find(card, (node) => node.tagName === 'iframe' && typeof node.properties.src === 'string')
    // An embed without a frame (a tweet's blockquote) keeps its own markup: the sanitizer keeps its text.
    if (!frame) return null
    const href = pageOfFrame(frame.properties.src as string)
    const caption = textOf(find(card, (node) => node.tagName === 'figcaption'))
    return [element('p', {}, [element('a', { href }, [text(caption || href)])])]
  },
  callout: (card) => {
    const emoji = textOf(find(card, hasClass('kg-callout-emoji')))
    const body = find(card, hasClass('kg-callout-text'))
    const content = body ? body.children : card.children
    return [element('blockquote', {}, [element('p', {}, [...(emoji ? [text(`${emoji} `)] : []), ...content])])]
  },
}

function cardKind(node: Element): CardKind | undefined {
  const classes = classesOf(node)
  return CARD_KINDS.find((kind) => classes.includes(`kg-${kind}-card`))
}

/** The page a video frame shows, for a link: YouTube's and Vimeo's players name their video's page. */
function pageOfFrame(src: string): string {
  const youtube = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,20})/.exec(src)
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`
  const vimeo = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d{1,15})/.exec(src)
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`
  return src.startsWith('//') ? `https:${src}` : src
}

function plainImage(image: Element): Element {
  const { src, alt, width, height, title } = image.properties
  const properties: Properties = { src, alt: typeof alt === 'string' ? alt : '' }
  if (title !== undefined) properties.title = title
  if (width !== undefined) properties.width = width
  if (height !== undefined) properties.height = height
  return element('img', properties, [])
}

function figure(content: ElementContent[], caption: Element | undefined): Element {
  return element('figure', {}, caption ? [...content, element('figcaption', {}, caption.children)] : content)
}

function captionOf(card: Element): Element | undefined {
  return find(card, (node) => node.tagName === 'figcaption')
}

function rewriteUrls(node: Element): void {
  const { href, src } = node.properties
  // A link to an uploaded file keeps the placeholder, as an image does: it names the old site's uploads, no page.
  if (typeof href === 'string' && href.startsWith(`${GHOST_URL}/`) && !href.startsWith(GHOST_UPLOADS)) node.properties.href = href.slice(GHOST_URL.length)
  if (typeof href === 'string' && href.startsWith('/content/images/')) node.properties.href = `${GHOST_URL}${href}`
  if (typeof src === 'string' && src.startsWith('/content/images/')) node.properties.src = `${GHOST_URL}${src}`
}

function classesOf(node: Element): string[] {
  const names = node.properties.className
  return Array.isArray(names) ? names.map(String) : []
}

const hasClass = (name: string) => (node: Element) => classesOf(node).includes(name)

function findAll(root: Element, test: (node: Element) => boolean): Element[] {
  const found: Element[] = []
  const stack: ElementContent[] = [...root.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type !== 'element') continue
    if (test(node)) found.push(node)
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
  }
  for (const node of found) rewriteUrls(node)
  return found
}

function find(root: Element, test: (node: Element) => boolean): Element | undefined {
  return findAll(root, test)[0]
}

function textOf(node: Element | undefined): string {
  if (!node) return ''
  const parts: string[] = []
  const stack: ElementContent[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.type === 'text') parts.push(current.value)
    else if (current.type === 'element') for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!)
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

function text(value: string): ElementContent {
  return { type: 'text', value }
}
