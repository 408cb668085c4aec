import { escapeHtmlAttribute } from '../../../core/escape-markup.ts'
import { field, type Fields, isFields, listField, numberField, stringField } from '../json-fields.ts'
import { markdownToHtml } from '../markdown-html.ts'
import { attributes, type GhostRendering, innerHtml, text, UnreadableGhostDocument, wordsOfHtml } from './rendering.ts'

/**
 * Ghost's cards rendered to the HTML Ghost itself renders for the web (pure), from the card's
 * data as its editors save it: Lexical's decorator nodes (`{ type: "callout", calloutText, … }`)
 * and Mobiledoc's cards (`["callout", { calloutText, … }]`) hold the same fields, so both
 * readers (lexical.ts, mobiledoc.ts) render their cards here. The shapes are those of
 * Ghost's renderers (TryGhost/Koenig, `packages/kg-default-nodes/src/nodes/*-renderer.ts` and the
 * older `kg-default-cards`), with the `kg-*` classes cards.ts reads, so a post Ghost never
 * rendered goes through the very mapping, and the same report, as one it did. Left out: what
 * only draws Ghost's page (players' buttons and icons, srcset), never the writer's content.
 *
 * Text and attributes are escaped, and fields Ghost's editor saves as HTML parsed on their own, by
 * rendering.ts.
 */

type CardRenderer = (card: Fields, rendering: GhostRendering) => string

/**
 * A card as Ghost renders it for the web; undefined for a card this reader does not know. A card
 * shown on the web to some members only is shown to everyone here, and one for the newsletter
 * only is left out, each said in the report.
 * @throws UnreadableGhostDocument when a field of it cannot be rendered (Markdown or HTML nested too deep).
 */
export function renderCard(name: string, card: Fields, rendering: GhostRendering): string | undefined {
  if (!Object.hasOwn(CARDS, name)) return undefined
  const html = CARDS[name]!(card, rendering)
  const shown = webVisibility(card)
  if (shown === 'none') {
    const words = wordsOfHtml(html)
    rendering.changed.push(`${name} card for the newsletter only in Ghost → removed${words ? `: "${words.slice(0, 300)}"` : ''}`)
    return ''
  }
  if (shown === 'some') rendering.changed.push(`${name} card for some members only in Ghost → shown to every visitor`)
  return html
}

const ALL_MEMBERS = 'status:free,status:-free'

/** Who sees a card on the web in Ghost (its `visibility`, in Ghost 5's form or the older one). */
function webVisibility(card: Fields): 'all' | 'some' | 'none' {
  const visibility = field(card, 'visibility')
  if (!isFields(visibility)) return 'all'
  const web = field(visibility, 'web')
  if (isFields(web)) {
    const nonMember = field(web, 'nonMember') !== false
    const segment = field(web, 'memberSegment')
    if (!nonMember && segment === '') return 'none'
    return nonMember && (segment === undefined || segment === ALL_MEMBERS) ? 'all' : 'some'
  }
  return field(visibility, 'showOnWeb') === false || field(visibility, 'emailOnly') === true ? 'none' : 'all'
}

/** Nothing, and the report says so: Ghost renders an empty container for a card without its content. */
function empty(name: string, rendering: GhostRendering, missing: string): string {
  rendering.changed.push(`${name} card without ${missing} (Ghost shows nothing) → left out`)
  return ''
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}

/** A class name Ghost builds from a setting (`kg-width-wide`): only when the setting is a plain word. */
function word(value: string): string | undefined {
  return /^[a-z][a-z\d-]*$/i.test(value) ? value : undefined
}

function figcaption(caption: string): string {
  return caption ? `<figcaption>${caption}</figcaption>` : ''
}

function size(card: Fields, name: string): number | undefined {
  const value = numberField(card, name)
  return value !== undefined && value > 0 ? Math.round(value) : undefined
}

/** An image's or a video's width and height as Ghost writes them: both, or neither. */
function bothSizes(card: Fields): { width?: number; height?: number } {
  const width = size(card, 'width')
  const height = size(card, 'height')
  return width && height ? { width, height } : {}
}

/** Ghost's `bytesToSize`: 123456 → "121 KB". */
function fileSize(bytes: number | undefined): string {
  if (!bytes || bytes < 1) return ''
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB']
  const unit = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${Math.round(bytes / 1024 ** unit)} ${units[unit]}`
}

function imageCard(card: Fields, rendering: GhostRendering): string {
  const src = stringField(card, 'src')
  if (src.trim() === '') return empty('image', rendering, 'an image')
  const caption = innerHtml(card, 'caption')
  const cardWidth = word(stringField(card, 'cardWidth'))
  const img = `<img${attributes({ src, class: 'kg-image', alt: stringField(card, 'alt') || true, loading: 'lazy', title: stringField(card, 'title'), ...bothSizes(card) })}>`
  const href = stringField(card, 'href')
  const body = href ? `<a${attributes({ href })}>${img}</a>` : img
  return `<figure class="${classes('kg-card kg-image-card', cardWidth && cardWidth !== 'regular' && `kg-width-${cardWidth}`, caption && 'kg-card-hascaption')}">${body}${figcaption(caption)}</figure>`
}

function galleryCard(card: Fields, rendering: GhostRendering): string {
  const images = listField(card, 'images').filter((image): image is Fields => isFields(image) && stringField(image, 'src').trim() !== '')
  if (images.length === 0) return empty('gallery', rendering, 'images')
  // Rows as the editor laid them out; an image without a row number goes with the first.
  const rows = new Map<number, string[]>()
  for (const image of images) {
    const row = numberField(image, 'row') ?? 0
    const img = `<img${attributes({ src: stringField(image, 'src'), width: size(image, 'width'), height: size(image, 'height'), loading: 'lazy', alt: stringField(image, 'alt') || true, title: stringField(image, 'title') })}>`
    const href = stringField(image, 'href')
    rows.set(row, [...(rows.get(row) ?? []), `<div class="kg-gallery-image">${href ? `<a${attributes({ href })}>${img}</a>` : img}</div>`])
  }
  const caption = innerHtml(card, 'caption')
  const body = [...rows].sort(([a], [b]) => a - b).map(([, row]) => `<div class="kg-gallery-row">${row.join('')}</div>`).join('')
  return `<figure class="${classes('kg-card kg-gallery-card kg-width-wide', caption && 'kg-card-hascaption')}"><div class="kg-gallery-container">${body}</div>${figcaption(caption)}</figure>`
}

function videoCard(card: Fields, rendering: GhostRendering): string {
  const src = stringField(card, 'src')
  if (src.trim() === '') return empty('video', rendering, 'a video')
  const caption = innerHtml(card, 'caption')
  const loop = field(card, 'loop') === true
  const thumbnail = stringField(card, 'customThumbnailSrc') || stringField(card, 'thumbnailSrc')
  const cardWidth = word(stringField(card, 'cardWidth'))
  return `<figure${attributes({ class: classes('kg-card kg-video-card', cardWidth && `kg-width-${cardWidth}`, caption && 'kg-card-hascaption'), 'data-kg-thumbnail': thumbnail })}>`
    + `<div class="kg-video-container"><video${attributes({ src, ...bothSizes(card), loop, autoplay: loop, muted: loop, playsinline: true, preload: 'metadata' })}></video></div>${figcaption(caption)}</figure>`
}

function audioCard(card: Fields, rendering: GhostRendering): string {
  const src = stringField(card, 'src')
  if (src.trim() === '') return empty('audio', rendering, 'a sound file')
  const thumbnail = stringField(card, 'thumbnailSrc')
  return `<div class="kg-card kg-audio-card">${thumbnail ? `<img${attributes({ src: thumbnail, alt: 'audio-thumbnail', class: 'kg-audio-thumbnail' })}>` : ''}`
    + `<div class="kg-audio-player-container"><audio${attributes({ src, preload: 'metadata' })}></audio><div class="kg-audio-title">${text(stringField(card, 'title'))}</div></div></div>`
}

function fileCard(card: Fields, rendering: GhostRendering): string {
  const src = stringField(card, 'src')
  if (src.trim() === '') return empty('file', rendering, 'a file')
  const part = (name: string, value: string) => `<div class="kg-file-card-${name}">${text(value)}</div>`
  return `<div class="kg-card kg-file-card"><a${attributes({ class: 'kg-file-card-container', href: src, title: 'Download', download: true })}><div class="kg-file-card-contents">`
    + `${part('title', stringField(card, 'fileTitle'))}${part('caption', stringField(card, 'fileCaption'))}`
    + `<div class="kg-file-card-metadata">${part('filename', stringField(card, 'fileName'))}${part('filesize', fileSize(numberField(card, 'fileSize')))}</div></div></a></div>`
}

/** What Ghost keeps of a callout's text: its inline marks and links (a paragraph the editor saved around it goes). */
const CALLOUT_TEXT = new Set(['a', 'strong', 'em', 'b', 'i', 'br', 'code', 'mark', 's', 'del', 'u', 'sup', 'sub'])

function calloutCard(card: Fields): string {
  const colour = word(stringField(card, 'backgroundColor')) ?? 'white'
  const emoji = stringField(card, 'calloutEmoji')
  return `<div class="kg-card kg-callout-card kg-callout-card-${colour}">${emoji ? `<div class="kg-callout-emoji">${text(emoji)}</div>` : ''}<div class="kg-callout-text">${innerHtml(card, 'calloutText', CALLOUT_TEXT)}</div></div>`
}

function toggleCard(card: Fields): string {
  return `<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">${innerHtml(card, 'heading')}</h4></div>`
    + `<div class="kg-toggle-content">${innerHtml(card, 'content')}</div></div>`
}

function buttonCard(card: Fields, rendering: GhostRendering): string {
  const href = stringField(card, 'buttonUrl')
  if (href.trim() === '') return empty('button', rendering, 'a link')
  const alignment = word(stringField(card, 'alignment'))
  return `<div class="${classes('kg-card kg-button-card', alignment && `kg-align-${alignment}`)}"><a${attributes({ href, class: 'kg-btn kg-btn-accent' })}>${text(stringField(card, 'buttonText') || 'Button Title')}</a></div>`
}

function bookmarkCard(card: Fields, rendering: GhostRendering): string {
  const url = stringField(card, 'url')
  if (url.trim() === '') return empty('bookmark', rendering, 'an address')
  const metadata = field(card, 'metadata')
  const meta = (name: string) => (isFields(metadata) ? stringField(metadata, name) : '') || stringField(card, name)
  const caption = innerHtml(card, 'caption')
  const icon = meta('icon')
  const thumbnail = meta('thumbnail')
  // Ghost writes the publisher under kg-bookmark-author and the author under kg-bookmark-publisher, for its themes.
  return `<figure class="${classes('kg-card kg-bookmark-card', caption && 'kg-card-hascaption')}"><a${attributes({ class: 'kg-bookmark-container', href: url })}><div class="kg-bookmark-content">`
    + `<div class="kg-bookmark-title">${text(meta('title'))}</div><div class="kg-bookmark-description">${text(meta('description'))}</div><div class="kg-bookmark-metadata">`
    + `${icon ? `<img${attributes({ class: 'kg-bookmark-icon', src: icon, alt: true })}>` : ''}`
    + `${meta('publisher') ? `<span class="kg-bookmark-author">${text(meta('publisher'))}</span>` : ''}${meta('author') ? `<span class="kg-bookmark-publisher">${text(meta('author'))}</span>` : ''}</div></div>`
    + `${thumbnail ? `<div class="kg-bookmark-thumbnail"><img${attributes({ src: thumbnail, alt: true })}></div>` : ''}</a>${figcaption(caption)}</figure>`
}

function embedCard(card: Fields, rendering: GhostRendering): string {
  const url = stringField(card, 'url')
  const html = innerHtml(card, 'html')
  if (html === '' && url.trim() === '') return empty('embed', rendering, 'anything to embed')
  const caption = innerHtml(card, 'caption')
  // Without the provider's HTML Ghost shows an empty box; its address is worth a link.
  const body = html || `<a${attributes({ href: url })}>${text(url)}</a>`
  return `<figure class="${classes('kg-card kg-embed-card', caption && 'kg-card-hascaption')}">${body}${figcaption(caption)}</figure>`
}

function htmlCard(card: Fields): string {
  const html = stringField(card, 'html')
  // As Ghost: the HTML as written, between its markers (an unclosed tag may take in what follows, as on the old site).
  return html.trim() === '' ? '' : `\n<!--kg-card-begin: html-->\n${html}\n<!--kg-card-end: html-->\n`
}

function markdownCard(card: Fields): string {
  const source = stringField(card, 'markdown')
  if (source.trim() === '') return ''
  try {
    return `\n<!--kg-card-begin: markdown-->${markdownToHtml(source).html}<!--kg-card-end: markdown-->\n`
  } catch (error) {
    throw new UnreadableGhostDocument(`its Markdown cannot be rendered (${error instanceof Error ? error.message : String(error)})`)
  }
}

function codeCard(card: Fields, rendering: GhostRendering): string {
  const code = stringField(card, 'code')
  if (code.trim() === '') return empty('code', rendering, 'code')
  const language = stringField(card, 'language')
  const pre = `<pre><code${attributes({ class: language ? `language-${language}` : undefined })}>${text(code)}</code></pre>`
  const caption = innerHtml(card, 'caption')
  return caption ? `<figure class="kg-card kg-code-card">${pre}${figcaption(caption)}</figure>` : pre
}

function headerCard(card: Fields, rendering: GhostRendering): string {
  const header = innerHtml(card, 'header')
  const subheader = innerHtml(card, 'subheader')
  const href = stringField(card, 'buttonUrl')
  const label = stringField(card, 'buttonText')
  const button = field(card, 'buttonEnabled') === true && href.trim() !== '' && label !== ''
  if (!header && !subheader && !button) return empty('header', rendering, 'a heading, text or button')
  const image = stringField(card, 'backgroundImageSrc')
  if (numberField(card, 'version') === 2) {
    return `<div class="kg-card kg-header-card kg-v2 kg-width-full">${image ? `<picture><img${attributes({ class: 'kg-header-card-image', src: image, loading: 'lazy', alt: true })}></picture>` : ''}<div class="kg-header-card-content"><div class="kg-header-card-text">`
      + `${header ? `<h2 class="kg-header-card-heading">${header}</h2>` : ''}${subheader ? `<p class="kg-header-card-subheading">${subheader}</p>` : ''}`
      + `${button ? `<a${attributes({ href, class: 'kg-header-card-button' })}>${text(label)}</a>` : ''}</div></div></div>`
  }
  const style = word(stringField(card, 'style'))
  return `<div${attributes({ class: classes('kg-card kg-header-card kg-width-full', word(stringField(card, 'size')) && `kg-size-${stringField(card, 'size')}`, style && `kg-style-${style}`), 'data-kg-background-image': image })}>`
    + `${header ? `<h2 class="kg-header-card-header">${header}</h2>` : ''}${subheader ? `<h3 class="kg-header-card-subheader">${subheader}</h3>` : ''}`
    + `${button ? `<a${attributes({ class: 'kg-header-card-button', href })}>${text(label)}</a>` : ''}</div>`
}

function productCard(card: Fields, rendering: GhostRendering): string {
  const title = innerHtml(card, 'productTitle')
  const description = innerHtml(card, 'productDescription')
  const image = stringField(card, 'productImageSrc')
  const href = stringField(card, 'productUrl')
  const label = stringField(card, 'productButton')
  const button = field(card, 'productButtonEnabled') === true && href.trim() !== '' && label !== ''
  if (!title && !description && !image && !button) return empty('product', rendering, 'a title, text, image or button')
  const rating = field(card, 'productRatingEnabled') === true
  const stars = numberField(card, 'productStarRating') ?? 5
  const starSpans = [1, 2, 3, 4, 5].map((star) => `<span class="${classes(stars >= star && 'kg-product-card-rating-active', 'kg-product-card-rating-star')}"></span>`).join('')
  return `<div class="kg-card kg-product-card"><div class="kg-product-card-container">`
    + `${image ? `<img${attributes({ src: image, width: size(card, 'productImageWidth'), height: size(card, 'productImageHeight'), class: 'kg-product-card-image', loading: 'lazy' })}>` : ''}`
    + `<div class="kg-product-card-title-container"><h4 class="kg-product-card-title">${title}</h4></div>`
    + `${rating ? `<div class="kg-product-card-rating">${starSpans}</div>` : ''}<div class="kg-product-card-description">${description}</div>`
    + `${button ? `<a${attributes({ href, class: 'kg-product-card-button kg-product-card-btn-accent' })}><span>${text(label)}</span></a>` : ''}</div></div>`
}

function signupCard(card: Fields): string {
  // The form is Ghost's (members sign up there): cards.ts keeps its words and names it.
  return `<div class="kg-card kg-signup-card"><div class="kg-signup-card-content"><div class="kg-signup-card-text">`
    + `<h2 class="kg-signup-card-heading">${innerHtml(card, 'header')}</h2><p class="kg-signup-card-subheading">${innerHtml(card, 'subheader')}</p>`
    + `<form class="kg-signup-card-form"><button class="kg-signup-card-button" type="submit"><span class="kg-signup-card-button-default">${text(stringField(card, 'buttonText') || 'Subscribe')}</span></button></form>`
    + `<p class="kg-signup-card-disclaimer">${innerHtml(card, 'disclaimer')}</p></div></div></div>`
}

function callToActionCard(card: Fields): string {
  const image = stringField(card, 'imageUrl')
  const href = stringField(card, 'buttonUrl')
  const label = stringField(card, 'buttonText')
  const button = field(card, 'showButton') !== false && href.trim() !== '' && label !== ''
  return `<div class="kg-card kg-cta-card">${field(card, 'hasSponsorLabel') !== false && stringField(card, 'sponsorLabel') ? `<div class="kg-cta-sponsor-label">${innerHtml(card, 'sponsorLabel')}</div>` : ''}`
    + `<div class="kg-cta-content">${image ? `<div class="kg-cta-image-container"><img${attributes({ src: image, alt: 'CTA Image' })}></div>` : ''}`
    + `<div class="kg-cta-content-inner"><div class="kg-cta-text">${innerHtml(card, 'textValue')}</div>${button ? `<a${attributes({ href, class: 'kg-cta-button' })}>${text(label)}</a>` : ''}</div></div></div>`
}

function beforeAfterCard(card: Fields, rendering: GhostRendering): string {
  const imageOf = (name: string) => (isFields(field(card, name)) ? (field(card, name) as Fields) : {})
  const before = imageOf('beforeImage')
  const after = imageOf('afterImage')
  if (!stringField(before, 'src') && !stringField(after, 'src')) return empty('before-after', rendering, 'images')
  const img = (image: Fields) => `<img${attributes({ src: stringField(image, 'src'), alt: true, width: size(image, 'width'), height: size(image, 'height') })}>`
  const caption = innerHtml(card, 'caption')
  // The before image first, as Ghost 4 rendered it: cards.ts names the first "Before".
  return `<figure class="kg-card kg-before-after-card kg-width-wide"><div class="kg-before-after-card-image-before">${img(before)}</div><div class="kg-before-after-card-image-after">${img(after)}</div>${figcaption(caption)}</figure>`
}

/** For the newsletter only (Ghost renders nothing of it on the web): cards.ts removes it and reports its words. */
function emailCard(card: Fields): string {
  return `<div class="kg-card kg-email-card">${innerHtml(card, 'html')}</div>`
}

function emailCtaCard(card: Fields): string {
  const href = stringField(card, 'buttonUrl')
  const label = stringField(card, 'buttonText')
  const button = field(card, 'showButton') === true && href !== '' && label !== '' ? `<p><a${attributes({ href })}>${text(label)}</a></p>` : ''
  return `<div data-gh-segment="${escapeHtmlAttribute(stringField(card, 'segment'))}">${innerHtml(card, 'html')}${button}</div>`
}

function transistorCard(_card: Fields, rendering: GhostRendering): string {
  rendering.changed.push('transistor card (Ghost\'s podcast player, made for each member) → left out')
  return ''
}

const CARDS: Readonly<Record<string, CardRenderer>> = {
  image: imageCard,
  gallery: galleryCard,
  video: videoCard,
  audio: audioCard,
  file: fileCard,
  callout: calloutCard,
  toggle: toggleCard,
  button: buttonCard,
  bookmark: bookmarkCard,
  embed: embedCard,
  html: htmlCard,
  markdown: markdownCard,
  // Ghost 1.x named its Markdown card so.
  'card-markdown': markdownCard,
  codeblock: codeCard,
  code: codeCard,
  header: headerCard,
  product: productCard,
  signup: signupCard,
  'call-to-action': callToActionCard,
  'before-after': beforeAfterCard,
  horizontalrule: () => '<hr>',
  hr: () => '<hr>',
  paywall: () => '<!--members-only-->',
  email: emailCard,
  'email-cta': emailCtaCard,
  transistor: transistorCard,
}
