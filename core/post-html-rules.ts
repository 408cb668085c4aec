/**
 * The HTML a post may hold, declared once (SPEC §2's toolbar, §5's image and link rules):
 * headings 1–6 (with an optional `id`, the anchor a link to a section names), paragraphs, bold,
 * italic, underline, strike, inline code, code blocks, ordered and bullet lists, blockquotes,
 * links, images (with their `width`/`height`), figures with captions, tables (header and body
 * rows, header cells with `scope`, `colspan`/`rowspan`), line breaks and rules, video embeds
 * from an allowlist (core/video-embeds.ts), and the media library's own video and audio files
 * (with a poster image and a captions track), always with the browser's controls and never
 * playing on their own. And the blocks other blogs hold, each in one shape:
 * toggles (`<details><summary>`), citations (`<cite>`), footnotes (a `<sup>` reference and a
 * `<section role="doc-endnotes">` of notes, linked both ways by `fnref-…`/`fn-…` ids), callouts
 * (`<aside role="note">`), buttons (`<a class="button">`), file downloads (`<a download>`),
 * galleries (`<figure class="gallery">` of image figures) and bookmark cards
 * (`<figure class="bookmark">`). No `style`, no `class` but a code block's language, a button's
 * and a gallery's or bookmark's, no `role` but a footnote's and a callout's, no event handlers.
 *
 * Everything that decides what a post may hold is derived from here, so none of them can allow
 * what another refuses:
 * - the sanitizer's schema (server/content/sanitize-html.ts), on save, preview and render, and
 *   its diagnosis of a post file it would change (server/content/unsafe-html.ts);
 * - the clean check that lets rendering skip the sanitizer (server/content/is-clean-html.ts);
 * - the editor's normalizer (pages/admin/blog/editor/normalize-html.ts) and its link and image
 *   rules (url-rules.ts, the Link and Image dialogs);
 * - one block per line (core/block-lines.ts) and the depth scan (server/content/html-depth.ts).
 * tests/unit/post-html-rules.test.ts holds each of them to this declaration.
 *
 * Pure data and pure functions, here because the admin's bundle imports it too.
 */
import { isAvUrlOf } from './av-media.ts'
import { parseMediaUrl } from './media-urls.ts'
import { parseEmbedUrl } from './video-embeds.ts'

/** How an element sits in a post file, which is written one block per line. */
export type Layout =
  /** Flows inside a line of text. */
  | 'inline'
  /** On a line of its own. */
  | 'block'
  /** A block whose block children go one per line, between its opening and closing lines. */
  | 'container'
  /** A block whose inside is kept exactly as written: its whitespace is content. */
  | 'verbatim'

/**
 * Which URL rule an attribute follows (isAllowedUrl): a video's, an audio's and a captions
 * track's `src` must each be a media library file of that kind, a poster a library image.
 */
export type UrlKind = 'link' | 'image' | 'embed' | 'video' | 'audio' | 'captions' | 'poster'

export interface AttributeRule {
  /** The values allowed; any text when absent. */
  readonly value?: RegExp
  /** A list of space-separated items (`class`): each item is held to `value` on its own. */
  readonly list?: true
  /** A URL, held to that kind's rule (isAllowedUrl). */
  readonly url?: UrlKind
  /** Without it, or with a value its rule refuses, the element is dropped whole. */
  readonly required?: true
  /**
   * It makes the element what it is (a callout's `role="note"`): without it, or with a value its
   * rule refuses, the element is unwrapped as one a post may not hold, its content kept.
   */
  readonly defining?: true
  /** Written bare, without a value (`download`): present or not; any value is refused. */
  readonly boolean?: true
  /**
   * The one value it always has: added when missing, and any other value replaced
   * (`preload="metadata"`); `true` for a boolean attribute always there, written without a value (`controls`).
   */
  readonly fixed?: string | true
}

export interface ElementRule {
  readonly layout: Layout
  /** Never has content (`<br>`): written without an end tag. */
  readonly void?: true
  /** Holds nothing, but is written with its end tag (`<iframe …></iframe>`): anything inside is removed. */
  readonly empty?: true
  /** Its attributes by HTML name, in the order the editor writes them; any other is removed. */
  readonly attributes: Readonly<Record<string, AttributeRule>>
}

const LANGUAGE = '[a-z0-9+#_-]{1,30}'
/** A code block's language: `js`, `c++`, `objective-c`. */
export const CODE_LANGUAGE = new RegExp(`^${LANGUAGE}$`)
/** The one class a post keeps: a code block's language, `language-js`. */
const LANGUAGE_CLASS = new RegExp(`^language-${LANGUAGE}$`)

const NONE = {}

/**
 * A heading's id, as Hugo, Astro and GitHub make them from the text (lowercase letters of any
 * script, digits, `-` and `_`), or as written by hand the same way. The post page makes the
 * missing ones and keeps them unique, beside its own (server/content/heading-anchors.ts).
 */
export const HEADING_ID = /^[\p{Ll}\p{Lo}\p{Nd}_][\p{Ll}\p{Lo}\p{Nd}_-]{0,79}$/u
const heading = { layout: 'block', attributes: { id: { value: HEADING_ID } } } as const
/** A cell spanning 1 to 100 columns or rows: more is no table a post page can show. */
const SPAN = { value: /^(?:[1-9]\d?|100)$/ }
const CELL = { colspan: SPAN, rowspan: SPAN }
/** An image's size in CSS pixels, as the media library's names hold it (1 to 99,999). */
const PIXELS = { value: /^[1-9]\d{0,4}$/ }

/** A footnote's name: its number or a short slug (`1`, `source-a`), as WordPress and Ghost number or name them. */
const FOOTNOTE_NAME = '[a-z0-9-]{1,40}'
/** A footnote's note (`<li id="fn-1">`) and its reference (`<a id="fnref-1">`), each linking to the other. */
export const FOOTNOTE_ID = new RegExp(`^fn-${FOOTNOTE_NAME}$`)
export const FOOTNOTE_REFERENCE_ID = new RegExp(`^fnref-${FOOTNOTE_NAME}$`)
/** What makes a link a footnote's reference (`doc-noteref`) or its note's way back (`doc-backlink`). */
export const FOOTNOTE_ROLES = { reference: 'doc-noteref', backlink: 'doc-backlink' } as const
/** The one class a link may have: a link shown as a button. */
export const BUTTON_CLASS = 'button'
/** The classes a figure may have: a figure of image figures, and a bookmark card. */
export const FIGURE_CLASSES = { gallery: 'gallery', bookmark: 'bookmark' } as const
/** The browser's own controls, always: a post's player is never without them. */
const CONTROLS = { boolean: true, fixed: true } as const
/** Only the duration and first frame load with the page; the file itself when the visitor plays it. */
const PRELOAD = { value: /^metadata$/, fixed: 'metadata' } as const
/** A language tag (BCP 47's common forms): `en`, `pt-BR`, `zh-Hant`. */
const LANGUAGE_TAG = { value: /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8}){0,3}$/ }

/**
 * Video and audio files of the media library: `<figure><video controls preload="metadata"
 * src="/media/…" poster="/media/…" width="…" height="…"><track kind="captions" src="/media/….vtt"
 * srclang="en" label="English"></video><figcaption>…</figcaption></figure>` and `<figure><audio
 * controls preload="metadata" src="/media/…"></audio>…</figure>`. Their sources only from the
 * library (core/av-media.ts), controls always, never `autoplay`, `loop` or `muted` (not declared,
 * so removed). On one line inside their figure, like an image.
 */
const MEDIA_FILE_ELEMENTS = {
  video: {
    layout: 'block',
    attributes: { controls: CONTROLS, preload: PRELOAD, src: { url: 'video', required: true }, poster: { url: 'poster' }, width: PIXELS, height: PIXELS },
  },
  audio: { layout: 'block', attributes: { controls: CONTROLS, preload: PRELOAD, src: { url: 'audio', required: true } } },
  track: {
    layout: 'block',
    void: true,
    attributes: { kind: { value: /^captions$/, fixed: 'captions' }, src: { url: 'captions', required: true }, srclang: LANGUAGE_TAG, label: {} },
  },
} as const satisfies Record<string, ElementRule>

const ELEMENTS = {
  p: { layout: 'block', attributes: NONE },
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  ul: { layout: 'container', attributes: NONE },
  ol: { layout: 'container', attributes: { start: { value: /^\d{1,6}$/ } } },
  // A footnote's note is an item of the notes' list, named so its reference can link to it.
  li: { layout: 'block', attributes: { id: { value: FOOTNOTE_ID } } },
  blockquote: { layout: 'container', attributes: NONE },
  // A toggle: its summary first, always shown, then the blocks it opens to.
  details: { layout: 'container', attributes: NONE },
  summary: { layout: 'block', attributes: NONE },
  // A callout: blocks set apart from the text around them.
  aside: { layout: 'container', attributes: { role: { value: /^note$/, defining: true } } },
  // The footnotes' notes, at the end of a post: <section role="doc-endnotes"><ol><li id="fn-1">.
  section: { layout: 'container', attributes: { role: { value: /^doc-endnotes$/, defining: true } } },
  pre: { layout: 'verbatim', attributes: NONE },
  hr: { layout: 'block', void: true, attributes: NONE },
  strong: { layout: 'inline', attributes: NONE },
  em: { layout: 'inline', attributes: NONE },
  u: { layout: 'inline', attributes: NONE },
  s: { layout: 'inline', attributes: NONE },
  del: { layout: 'inline', attributes: NONE },
  // A code block is <pre><code class="language-js">.
  code: { layout: 'inline', attributes: { class: { value: LANGUAGE_CLASS, list: true } } },
  // A quote's source (`<p><cite>Name</cite></p>` in a blockquote).
  cite: { layout: 'inline', attributes: NONE },
  // A footnote's reference holds its link: <sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>.
  sup: { layout: 'inline', attributes: NONE },
  // A bookmark card's description (<figure class="bookmark"><a><img><strong>Title</strong><span>…</span></a>).
  span: { layout: 'inline', attributes: NONE },
  a: {
    layout: 'inline',
    attributes: {
      href: { url: 'link' },
      title: {},
      id: { value: FOOTNOTE_REFERENCE_ID },
      role: { value: new RegExp(`^(?:${FOOTNOTE_ROLES.reference}|${FOOTNOTE_ROLES.backlink})$`) },
      class: { value: new RegExp(`^${BUTTON_CLASS}$`), list: true },
      // A file download: <a href="/media/…" download>File name</a>.
      download: { boolean: true },
    },
  },
  br: { layout: 'inline', void: true, attributes: NONE },
  img: { layout: 'inline', void: true, attributes: { src: { url: 'image', required: true }, alt: {}, title: {}, width: PIXELS, height: PIXELS } },
  // A figure and a table are each one line of the file: their parts are blocks inside a block,
  // written with no newline between them (core/block-lines.ts).
  // A gallery is a figure of image figures, each with its caption, and a caption of its own last.
  figure: { layout: 'block', attributes: { class: { value: new RegExp(`^(?:${FIGURE_CLASSES.gallery}|${FIGURE_CLASSES.bookmark})$`), list: true } } },
  figcaption: { layout: 'block', attributes: NONE },
  table: { layout: 'block', attributes: NONE },
  thead: { layout: 'block', attributes: NONE },
  tbody: { layout: 'block', attributes: NONE },
  tr: { layout: 'block', attributes: NONE },
  th: { layout: 'block', attributes: { ...CELL, scope: { value: /^(?:row|col|rowgroup|colgroup)$/ } } },
  td: { layout: 'block', attributes: CELL },
  // A video of an allowed provider (core/video-embeds.ts): the post page shows it as a frame
  // that loads nothing from the provider until the visitor asks (server/content/video-embed-display.ts).
  iframe: { layout: 'block', empty: true, attributes: { src: { url: 'embed', required: true }, title: {} } },
  ...MEDIA_FILE_ELEMENTS,
} satisfies Record<string, ElementRule>

export type PostElement = keyof typeof ELEMENTS

/** Every element a post may hold. */
export const POST_ELEMENTS: Readonly<Record<PostElement, ElementRule>> = ELEMENTS

/** Older spellings of the editor's marks: they keep their meaning instead of being unwrapped. */
export const RENAMED_ELEMENTS: Readonly<Record<string, PostElement>> = { b: 'strong', i: 'em', strike: 's' }

/**
 * The name element `name` is kept under: the current spelling of an older one, else its own.
 * Looked up as an own key only: `<constructor>` is an element too, not Object's constructor.
 */
export function currentName(name: string): string {
  return Object.hasOwn(RENAMED_ELEMENTS, name) ? RENAMED_ELEMENTS[name]! : name
}

/**
 * Removed together with everything inside them: what they hold is script, style, markup of
 * another language or form state, never text of the post. Any other element not in
 * POST_ELEMENTS is unwrapped: it goes, its text stays.
 */
export const STRIPPED_ELEMENTS: readonly string[] = [
  'script', 'style', 'svg', 'math', 'object', 'embed', 'template', 'noscript', 'textarea', 'select', 'title',
]

/**
 * The schemes a URL may name (SPEC §5). Compared as written, as the sanitizer compares them:
 * `HTTP:` is not `http:`. A URL without a scheme (`/blog/x`, `#part`, `//host/x`) is relative,
 * which no scheme rule refuses; an image must still be one of the media library's own.
 */
export const URL_SCHEMES: Readonly<Record<UrlKind, readonly string[]>> = {
  // Anything else becomes a blank link: the link stays, its target goes.
  link: ['http', 'https', 'mailto', 'tel'],
  image: ['http', 'https', 'data'],
  // Only the exact forms of core/video-embeds.ts, all https.
  embed: ['https'],
  // The media library's own files, named by their path: no scheme at all.
  video: [],
  audio: [],
  captions: [],
  poster: [],
}

/** Why an image's source is refused, for a person to read. */
export const IMAGE_RULE_TEXT = 'an image must be an http(s) URL or base64 data of a jpg, jpeg, gif or png'
/** Why an embed's source is refused, for a person to read. */
export const EMBED_RULE_TEXT = 'a video must be https://www.youtube-nocookie.com/embed/<id> or https://player.vimeo.com/video/<number>, as written'

/** The rule of element `name`, or undefined for an element a post may not hold. */
export function postElement(name: string): ElementRule | undefined {
  return Object.hasOwn(POST_ELEMENTS, name) ? POST_ELEMENTS[name as PostElement] : undefined
}

/** The rule of attribute `name` on `element`, or undefined when the element may not have it. */
export function attributeRule(element: ElementRule, name: string): AttributeRule | undefined {
  return Object.hasOwn(element.attributes, name) ? element.attributes[name] : undefined
}

/** The elements of a layout (`'inline'`...). */
export function elementsOf(layout: Layout): PostElement[] {
  return (Object.keys(POST_ELEMENTS) as PostElement[]).filter((name) => POST_ELEMENTS[name].layout === layout)
}

/**
 * The scheme a URL names, spelled as written: the text before its first colon, unless a `/`, `?`
 * or `#` comes first (then the colon belongs to a relative URL). Null for a relative URL. This is
 * how the sanitizer (hast-util-sanitize) reads it.
 */
export function urlScheme(url: string): string | null {
  const colon = url.indexOf(':')
  if (colon === -1 || /[/?#]/.test(url.slice(0, colon))) return null
  return url.slice(0, colon)
}

/** Whether `url` names no scheme, or one that `kind` allows. */
export function hasAllowedScheme(kind: UrlKind, url: string): boolean {
  const scheme = urlScheme(url)
  return scheme === null || URL_SCHEMES[kind].includes(scheme)
}

/**
 * Whether a URL without a scheme names another host: `//host/x`, and the spellings a browser
 * reads the same (`/\host`, `\\host`, with tabs or newlines inside or spaces before, which its
 * URL parser drops). A relative URL of a post must stay on the site.
 */
export function isOtherHost(url: string): boolean {
  return /^[/\\]{2}/.test(url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))
}

const IMAGE_FILE = /\.(jpe?g|gif|png)$/i
const IMAGE_DATA_URL = /^data:image\/(jpe?g|gif|png);base64,[a-z0-9+/]+=*$/i

/** A site-relative image: a file under `/images/` or `/media/`, by a path of plain segments. */
const SITE_IMAGE = /^\/(?:images|media)(?:\/[a-z0-9._~%@+-]+)+$/i

/**
 * SPEC §5: images only from http(s) with a jpg/jpeg/gif/png file name, or base64 data of those.
 * An image of the site (`/images/…` or `/media/…`, the media library's among them) is an http(s)
 * image of this site, named by its path so that it survives a change of domain: it resolves
 * against SITE_URL (the page's own address; the feeds write it absolute).
 */
export function isAllowedImageSource(src: string): boolean {
  const scheme = urlScheme(src)
  if (scheme === null) return parseMediaUrl(src) !== null || (SITE_IMAGE.test(src) && !src.split('/').includes('..') && IMAGE_FILE.test(src))
  if (!URL_SCHEMES.image.includes(scheme)) return false
  if (scheme === 'data') return IMAGE_DATA_URL.test(src)
  try {
    return IMAGE_FILE.test(new URL(src).pathname)
  } catch {
    return false
  }
}

/** Whether a post may keep `url` in an attribute of this kind. */
export function isAllowedUrl(kind: UrlKind, url: string): boolean {
  if (kind === 'embed') return parseEmbedUrl(url) !== null
  if (kind === 'video' || kind === 'audio' || kind === 'captions') return isAvUrlOf(kind, url)
  if (kind === 'poster') return parseMediaUrl(url) !== null
  return kind === 'image' ? isAllowedImageSource(url) : hasAllowedScheme(kind, url) && !(urlScheme(url) === null && isOtherHost(url))
}

/** The class that names a code block's language (`language-js`), or null for a name a post cannot keep. */
export function languageClass(language: string): string | null {
  const name = `language-${language}`
  return LANGUAGE_CLASS.test(name) ? name : null
}
