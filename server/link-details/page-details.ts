import { type DefaultTreeAdapterMap, html as namespaces, parse } from 'parse5'
import { MAX_BOOKMARK_DESCRIPTION_LENGTH, MAX_BOOKMARK_TITLE_LENGTH, MAX_URL_LENGTH } from '../../core/contract/limits.ts'

/**
 * What a web page says of itself, for a bookmark card: read from its head as social networks read
 * it (Open Graph first, then Twitter's cards, then the plain HTML). Pure: the bytes come from
 * fetch-page.ts. The page is hostile input: its text is cleaned and cut to the card's limits, its
 * image must be an absolute http(s) URL, and the walk over its tree uses no recursion (a page of
 * 100,000 nested elements is a tree that deep).
 */
export interface PageDetails {
  title?: string
  description?: string
  /** An absolute http(s) URL. */
  image?: string
}

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

/** Which `<meta>` says what, the first of each list found winning over the ones after it. */
const META_KEYS = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'description', 'twitter:description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
} as const

/**
 * The details `html` (the page at `pageUrl`, after its redirects) gives: title from `og:title`,
 * `twitter:title` or `<title>`; description from `og:description`, `description` or
 * `twitter:description`; image from `og:image` (or Twitter's), resolved against the page. Each is
 * absent when the page says nothing usable.
 */
export function readPageDetails(html: string, pageUrl: string): PageDetails {
  const metas = new Map<string, string>()
  let titleElement: string | undefined
  const stack: Node[] = [parse(html)]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (isElement(node) && node.namespaceURI === namespaces.NS.HTML) {
      if (node.tagName === 'meta') {
        // `property` is Open Graph's, `name` the HTML's and Twitter's; both are seen in the wild for each.
        const key = (attribute(node, 'property') ?? attribute(node, 'name'))?.trim().toLowerCase()
        const content = attribute(node, 'content')
        if (key && content !== undefined && !metas.has(key)) metas.set(key, content)
      } else if (node.tagName === 'title' && titleElement === undefined) {
        titleElement = textOf(node)
      }
    }
    // A template's content is not the page's; children pushed last first, so the page is read in order.
    if ('childNodes' in node && !(isElement(node) && node.tagName === 'template')) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!)
    }
  }
  const first = (keys: readonly string[]) => keys.map((key) => metas.get(key)).find((value) => value !== undefined && cleanText(value) !== '')
  const title = cardText(first(META_KEYS.title) ?? titleElement, MAX_BOOKMARK_TITLE_LENGTH)
  const description = cardText(first(META_KEYS.description), MAX_BOOKMARK_DESCRIPTION_LENGTH)
  const image = imageUrl(first(META_KEYS.image), pageUrl)
  return { ...(title && { title }), ...(description && { description }), ...(image && { image }) }
}

function isElement(node: Node): node is Element {
  return 'tagName' in node
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value
}

/** A `<title>`'s text: the parser holds it as text, never as elements. */
function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : '')).join('')
}

/**
 * Control characters become spaces; invisible format characters (bidi overrides that reorder the
 * text around them, byte order marks), private or unassigned ones and U+FFFD (a byte the page's
 * encoding refused, a NUL the parser replaced) go, but the joiners that scripts such as Persian and
 * Devanagari spell words with (U+200C, U+200D); runs of white space become one space.
 */
function cleanText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(/(?![\u200c\u200d])[\p{Cf}\p{Co}\p{Cn}\uFFFD]/gu, '').replace(/\s+/g, ' ').trim()
}

/** Clean text cut to `max` characters at a word when one ends near enough, with an ellipsis; undefined when nothing is left. */
export function cardText(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined
  const clean = cleanText(text)
  if (clean === '') return undefined
  const characters = [...clean]
  if (characters.length <= max) return clean
  const cut = characters.slice(0, max - 1).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space >= cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** An image's address, absolute against the page: http(s), no credentials, no longer than a post's URLs may be. */
function imageUrl(value: string | undefined, pageUrl: string): string | undefined {
  if (value === undefined) return undefined
  let url: URL
  try {
    url = new URL(value.trim(), pageUrl)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined
  return url.href.length <= MAX_URL_LENGTH ? url.href : undefined
}

/** The label of an encoding named in `<meta charset>` or `<meta http-equiv="content-type">` within the first 1,024 bytes, as browsers prescan. */
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.()-]+)/i
const PRESCAN_BYTES = 1024

/**
 * The text of a page's bytes, decoded as browsers would: a byte order mark first, then the
 * `charset` of its Content-Type, then a `<meta>` charset near its start, else UTF-8. An encoding
 * the platform does not know is read as UTF-8; a byte that is wrong for its encoding becomes U+FFFD.
 */
export function decodePage(bytes: Uint8Array, contentType: string | undefined): string {
  const label = bomEncoding(bytes) ?? charsetOf(contentType) ?? metaCharset(bytes) ?? 'utf-8'
  const decoder = decoderFor(label)
  const text = decoder.decode(bytes)
  return decoder.encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!) : text
}

/**
 * Bytes 0x80–0x9F of windows-1252 (the encoding `latin1`, `iso-8859-1` and `ascii` name on the
 * web), from the WHATWG Encoding standard's index: Node 20's decoder reads them as ISO-8859-1's
 * control characters, so a quote mark (0x93) would be lost. The five bytes with no character keep theirs.
 */
const WINDOWS_1252_HIGH = [
  '€', '\u0081', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u008d', 'Ž', '\u008f',
  '\u0090', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u009d', 'ž', 'Ÿ',
]

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  return undefined
}

function charsetOf(contentType: string | undefined): string | undefined {
  return contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] : undefined
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, PRESCAN_BYTES))
  const label = META_CHARSET.exec(start)?.[1]
  // A page that says UTF-16 in its own ASCII bytes is not UTF-16 (the HTML standard reads it as UTF-8).
  return label && /^utf-?16/i.test(label) ? 'utf-8' : label
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label)
  } catch {
    return new TextDecoder('utf-8')
  }
}
