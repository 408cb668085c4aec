import type { Element, ElementContent, Root, RootContent } from 'hast'
import { classesOf, element, find, findAll, hasClass, parseFragment, text, textOf, writeFragment } from '../hast-nodes.ts'
import type { BodyChanges } from '../import-changes.ts'
import { bookmark, button, callout, download, figure, gallery, image, imageOf, linkParagraph, mediaFigure, paragraph, toggle, type ShapeImage } from '../post-shapes.ts'

/**
 * Ghost's cards (`<figure class="kg-card kg-image-card">`, `<div class="kg-card kg-toggle-card">`…,
 * as Ghost renders them into a post's `html`) made the post model's blocks (pure), each by the
 * rule its kind has in CARD_RULES, and what each became recorded for the report:
 * image → figure; gallery → gallery; bookmark → bookmark card; embed → a link (YouTube and Vimeo
 * become the site's video embed); callout → callout; toggle → toggle; button → button; audio,
 * video → audio and video files (the media step keeps them or makes them links); file → download;
 * product → its image, title, description and button; header → heading, text and button;
 * call to action → its image, text and button; code → code block and its caption; before/after →
 * a gallery of the two; signup → its words (the form is Ghost's); transistor → a link;
 * email and email call-to-action → removed (they were for the newsletter only); the paywall
 * marker → removed (what followed was for members only, and is now for everyone). A card of
 * another kind keeps its text through the sanitizer and is named. Markdown and HTML cards are
 * HTML already, kept as written.
 *
 * Links to the old site's pages (`__GHOST_URL__/welcome/`, Ghost's placeholder for its own
 * address) become site-relative (`/welcome/`, which the importer's redirects send on), and
 * images and links under `/content/images/` are written `__GHOST_URL__/content/images/…`, the
 * one upload base the Ghost reader reports, whichever form the export used.
 */

export const GHOST_URL = '__GHOST_URL__'
export const GHOST_UPLOADS = `${GHOST_URL}/content/images/`

type CardRule = { how: string; map: (card: Element, changes: BodyChanges) => RootContent[] }

export function mapGhostCards(html: string, changes: BodyChanges): string {
  if (!/kg-|__GHOST_URL__|\/content\/images\/|members-only|data-gh-segment/.test(html)) return html
  const tree = parseFragment(html)
  // A loop over parents, not recursion: a hostile export may nest thousands deep.
  const parents: (Root | Element)[] = [tree]
  while (parents.length > 0) {
    const parent = parents.pop()!
    const children: RootContent[] = []
    for (const child of parent.children as RootContent[]) {
      if (child.type === 'comment') {
        if (/^\s*members-only\s*$/.test(child.value)) changes.changed.push('paywall marker removed (what follows it was for members only in Ghost: here it is public)')
        else {
          const begun = /^kg-card-begin: (\w+)/.exec(child.value)
          if (begun) changes.kept.push(`${begun[1]} card`)
        }
        continue
      }
      if (child.type !== 'element') {
        children.push(child)
        continue
      }
      const kind = cardKind(child)
      for (const node of kind ? [child, ...findAll(child, () => true)] : [child]) rewriteUrls(node)
      const rule = kind && Object.hasOwn(CARD_RULES, kind) ? CARD_RULES[kind]! : undefined
      const made = rule ? rule.map(child, changes) : [child]
      if (rule) changes.changed.push(`${kind} card → ${rule.how}`)
      else if (kind) changes.changed.push(`${kind} card → its text, as the sanitizer keeps it (a card unknown here)`)
      for (const node of made) {
        children.push(node)
        // What a card became is visited too: a callout's text may hold links to the old site.
        if (node.type === 'element') parents.push(node)
      }
    }
    parent.children = children as Root['children'] & Element['children']
  }
  return writeFragment(tree)
}

/** `image` for `kg-image-card`; `email-cta` for a newsletter-only segment. */
function cardKind(node: Element): string | undefined {
  if (node.properties.dataGhSegment !== undefined) return 'email-cta'
  const classes = classesOf(node)
  if (node.tagName === 'blockquote' && classes.includes('kg-blockquote-alt')) return undefined
  return classes.map((name) => /^kg-([a-z-]+)-card$/.exec(name)?.[1]).find(Boolean)
}

const CARD_RULES: Readonly<Record<string, CardRule>> = {
  image: {
    how: 'figure',
    map: (card) => {
      const picture = find(card, (node) => node.tagName === 'img')
      if (!picture) return card.children
      const link = find(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
      // A link to the image itself (Ghost's "click to enlarge") is left out: the page shows the image.
      const linked = link && link.properties.href !== picture.properties.src
      const img = image(imageOf(picture))
      return [figure([linked ? element('a', { href: link.properties.href }, [img]) : img], captionOf(card))]
    },
  },
  gallery: {
    how: 'gallery',
    map: (card) => {
      const images = findAll(card, (node) => node.tagName === 'img').map(imageOf)
      return images.length > 0 ? [gallery(images, captionOf(card))] : card.children
    },
  },
  'before-after': {
    how: 'gallery of the two images',
    map: (card) => {
      const images = findAll(card, (node) => node.tagName === 'img').map((picture, index): ShapeImage => ({ ...imageOf(picture), caption: [text(index === 0 ? 'Before' : 'After')] }))
      return images.length > 0 ? [gallery(images, captionOf(card))] : card.children
    },
  },
  bookmark: {
    how: 'bookmark card',
    map: (card) => {
      const link = find(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
      if (!link) return card.children
      const thumbnailBox = find(card, hasClass('kg-bookmark-thumbnail'))
      const thumbnail = thumbnailBox && find(thumbnailBox, (node) => node.tagName === 'img')
      const made = bookmark({
        href: String(link.properties.href),
        title: textOf(find(card, hasClass('kg-bookmark-title'))),
        description: [textOf(find(card, hasClass('kg-bookmark-description'))), textOf(find(card, hasClass('kg-bookmark-publisher'))), textOf(find(card, hasClass('kg-bookmark-author')))]
          .filter(Boolean)
          .join(' · '),
        ...(thumbnail && typeof thumbnail.properties.src === 'string' ? { image: thumbnail.properties.src } : {}),
      })
      const caption = captionOf(card)
      return caption ? [made, paragraph(caption)] : [made]
    },
  },
  embed: {
    how: 'link (a YouTube or Vimeo video becomes the site\'s video embed)',
    map: (card) => {
      const frame = find(card, (node) => node.tagName === 'iframe' && typeof node.properties.src === 'string')
      const caption = captionOf(card)
      // An embed without a frame (a tweet's blockquote) keeps its own markup: the sanitizer keeps its text and links.
      if (!frame) return [...card.children.filter((node) => !(node.type === 'element' && (node.tagName === 'figcaption' || node.tagName === 'script'))), ...(caption ? [paragraph(caption)] : [])]
      const href = pageOfFrame(String(frame.properties.src))
      return [linkParagraph(href, textOf(caption ? element('p', {}, caption) : undefined) || href)]
    },
  },
  callout: {
    how: 'callout',
    map: (card) => {
      const emoji = textOf(find(card, hasClass('kg-callout-emoji')))
      const body = find(card, hasClass('kg-callout-text'))
      return [callout([paragraph([...(emoji ? [text(`${emoji} `)] : []), ...(body ? body.children : card.children)])])]
    },
  },
  toggle: {
    how: 'toggle',
    map: (card) => {
      const heading = find(card, hasClass('kg-toggle-heading-text')) ?? find(card, hasClass('kg-toggle-heading'))
      const content = find(card, hasClass('kg-toggle-content'))
      return [toggle(heading ? inlineOf(heading) : [text('Details')], blocksOf(content?.children ?? []))]
    },
  },
  button: { how: 'button', map: (card) => buttonsOf(card) },
  audio: {
    how: 'audio file',
    map: (card) => {
      const player = find(card, (node) => node.tagName === 'audio')
      const src = player && typeof player.properties.src === 'string' ? player.properties.src : ''
      const title = textOf(find(card, hasClass('kg-audio-title')))
      return src ? [mediaFigure({ kind: 'audio', src, ...(title ? { caption: [text(title)] } : {}) })] : title ? [paragraph([text(title)])] : []
    },
  },
  video: {
    how: 'video file',
    map: (card) => {
      const player = find(card, (node) => node.tagName === 'video')
      const src = player && typeof player.properties.src === 'string' ? player.properties.src : ''
      const thumbnail = typeof card.properties.dataKgThumbnail === 'string' ? card.properties.dataKgThumbnail : ''
      const caption = captionOf(card)
      if (!src) return caption ? [paragraph(caption)] : []
      const { width, height } = player!.properties
      return [mediaFigure({ kind: 'video', src, ...(thumbnail ? { poster: thumbnail } : {}), ...(width ? { width: String(width) } : {}), ...(height ? { height: String(height) } : {}), ...(caption ? { caption } : {}) })]
    },
  },
  file: {
    how: 'download link, its description after it',
    map: (card) => {
      const link = find(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string')
      if (!link) return card.children
      const name = textOf(find(card, hasClass('kg-file-card-title'))) || textOf(find(card, hasClass('kg-file-card-filename'))) || String(link.properties.href)
      const description = textOf(find(card, hasClass('kg-file-card-caption')))
      const size = textOf(find(card, hasClass('kg-file-card-filesize')))
      const file = textOf(find(card, hasClass('kg-file-card-filename')))
      const details = [description, [file !== name ? file : '', size].filter(Boolean).join(', ')].filter(Boolean).join(' — ')
      return [download(String(link.properties.href), name), ...(details ? [paragraph([text(details)])] : [])]
    },
  },
  product: {
    how: 'its image, title, description and button (the star rating in words)',
    map: (card) => {
      const picture = find(card, (node) => node.tagName === 'img')
      const title = find(card, hasClass('kg-product-card-title'))
      const description = find(card, hasClass('kg-product-card-description'))
      const stars = findAll(card, hasClass('kg-product-card-rating-active')).length
      const rated = find(card, hasClass('kg-product-card-rating')) !== undefined
      return [
        ...(picture ? [figure([image(imageOf(picture))])] : []),
        ...(title ? [paragraph([element('strong', {}, inlineOf(title))])] : []),
        ...(rated ? [paragraph([text(`Rated ${stars} out of 5`)])] : []),
        ...blocksOf(description?.children ?? []),
        ...buttonsOf(card, hasClass('kg-product-card-button')),
      ]
    },
  },
  header: {
    how: 'heading, text and button (the background image a figure)',
    map: (card) => {
      // Ghost's first header card names its image in an attribute; the second shows it as an <img>.
      const picture = find(card, hasClass('kg-header-card-image'))
      const background = typeof card.properties.dataKgBackgroundImage === 'string' ? card.properties.dataKgBackgroundImage : typeof picture?.properties.src === 'string' ? picture.properties.src : ''
      const heading = find(card, (node) => classesOf(node).some((name) => /header-card-(?:header|heading)$/.test(name)))
      const subheading = find(card, (node) => classesOf(node).some((name) => /header-card-(?:subheader|subheading)$/.test(name)))
      return [
        ...(background ? [figure([image({ src: background, alt: '' })])] : []),
        ...(heading ? [element('h2', {}, inlineOf(heading))] : []),
        ...(subheading ? [paragraph(inlineOf(subheading))] : []),
        ...buttonsOf(card, (node) => classesOf(node).some((name) => /header-card-button$/.test(name))),
      ]
    },
  },
  cta: { how: 'its image, text and button', map: (card) => callToAction(card) },
  'call-to-action': { how: 'its image, text and button', map: (card) => callToAction(card) },
  code: {
    how: 'code block, its caption a paragraph after it',
    map: (card) => {
      const caption = captionOf(card)
      return [...card.children.filter((node) => node.type === 'element' && node.tagName === 'pre'), ...(caption ? [paragraph(caption)] : [])]
    },
  },
  signup: {
    how: 'its words (the signup form is Ghost\'s: removed)',
    map: (card) => {
      const words = [hasClass('kg-signup-card-heading'), hasClass('kg-signup-card-subheading'), hasClass('kg-signup-card-disclaimer')].map((test) => textOf(find(card, test))).filter(Boolean)
      const label = textOf(find(card, hasClass('kg-signup-card-button-default')))
      return [...words.map((words) => paragraph([text(words)])), ...(label ? [paragraph([text(`(${label})`)])] : [])]
    },
  },
  transistor: {
    how: 'link to the podcast',
    map: (card) => {
      const frame = find(card, (node) => node.tagName === 'iframe' && typeof node.properties.src === 'string')
      return frame ? [linkParagraph(String(frame.properties.src), `Podcast: ${String(frame.properties.title ?? '') || 'listen'}`)] : card.children
    },
  },
  email: { how: 'removed (it was for the newsletter only)', map: (card, changes) => emailOnly(card, changes) },
  'email-cta': { how: 'removed (it was for the newsletter only)', map: (card, changes) => emailOnly(card, changes) },
}

/** A card for the newsletter only: nothing on the site, its words in the report. */
function emailOnly(card: Element, changes: BodyChanges): RootContent[] {
  const words = textOf(card)
  if (words) changes.changed.push(`newsletter-only text removed: "${words.slice(0, 300)}"`)
  return []
}

/** A sponsor's or call to action's box: its image, its text, its button. */
function callToAction(card: Element): RootContent[] {
  const picture = find(card, (node) => node.tagName === 'img')
  const label = find(card, (node) => classesOf(node).some((name) => /sponsor-label/.test(name)))
  const content = find(card, (node) => classesOf(node).some((name) => /-text$/.test(name)))
  return [
    ...(label ? [paragraph([element('strong', {}, inlineOf(label))])] : []),
    ...(picture ? [figure([image(imageOf(picture))])] : []),
    ...blocksOf(content?.children ?? []),
    ...buttonsOf(card, (node) => classesOf(node).some((name) => /button|btn/.test(name))),
  ]
}

/** Each link of a card shown as a button (`a.kg-btn`, or those `test` picks), as the model's button. */
function buttonsOf(card: Element, test: (node: Element) => boolean = () => true): RootContent[] {
  return findAll(card, (node) => node.tagName === 'a' && typeof node.properties.href === 'string' && test(node)).map((link) => button(String(link.properties.href), inlineOf(link)))
}

/** Text and inline elements of a node, without the blocks Ghost wraps them in. */
function inlineOf(node: Element): ElementContent[] {
  const words = textOf(node)
  return node.children.every((child) => child.type === 'text' || (child.type === 'element' && !['div', 'p', 'h4', 'span'].includes(child.tagName))) ? node.children : [text(words)]
}

/** A card's content as blocks: loose text and inline elements in a paragraph. */
function blocksOf(nodes: ElementContent[]): ElementContent[] {
  const blocks: ElementContent[] = []
  let line: ElementContent[] = []
  const flush = () => {
    if (line.some((node) => node.type !== 'text' || node.value.trim() !== '')) blocks.push(paragraph(line))
    line = []
  }
  for (const node of nodes) {
    if (node.type === 'element' && ['p', 'ul', 'ol', 'blockquote', 'pre', 'figure', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table'].includes(node.tagName)) {
      flush()
      blocks.push(node)
    } else line.push(node)
  }
  flush()
  return blocks
}

function captionOf(card: Element): ElementContent[] | undefined {
  const caption = find(card, (node) => node.tagName === 'figcaption')
  return caption && textOf(caption) ? caption.children : undefined
}

/** The page a video frame shows, for a link: YouTube's and Vimeo's players name their video's page. */
function pageOfFrame(src: string): string {
  const youtube = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,20})/.exec(src)
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`
  const vimeo = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d{1,15})/.exec(src)
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`
  return src.startsWith('//') ? `https:${src}` : src
}

function rewriteUrls(node: Element): void {
  for (const attribute of ['href', 'src', 'poster', 'dataKgThumbnail', 'dataKgBackgroundImage'] as const) {
    const url = node.properties[attribute]
    if (typeof url !== 'string') continue
    // A link to an uploaded file keeps the placeholder, as an image does: it names the old site's uploads, no page.
    if (attribute === 'href' && url.startsWith(`${GHOST_URL}/`) && !url.startsWith(GHOST_UPLOADS)) node.properties.href = url.slice(GHOST_URL.length)
    if (url.startsWith('/content/images/')) node.properties[attribute] = `${GHOST_URL}${url}`
  }
}
