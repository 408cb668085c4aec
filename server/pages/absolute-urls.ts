import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { mediaLinks } from './feed-media-links.ts'
import { plainCode } from './plain-code.ts'

/** A URL that names its scheme (`https:`, `mailto:`, `data:`) is already absolute. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** The attributes of post HTML that hold a URL (the sanitizer allows no others). */
const URL_ATTRIBUTES = ['href', 'src'] as const

/**
 * Post HTML with every relative `href` and `src` resolved against `baseUrl` (the post's own
 * absolute URL). A feed reader shows the content away from the site, where `/media/...` or
 * `#notes` would point nowhere (or at the reader's own host). Pure: the caller passes HTML that
 * is already sanitized, and only URLs change, but for code blocks, whose coloured tokens go
 * (plain-code.ts: a reader has not the site's style sheet), and videos and audio, which become
 * links (feed-media-links.ts: readers strip frames and players): the feeds' one pass over the tree.
 */
export function withAbsoluteUrls(html: string, baseUrl: string): string {
  const tree = parser.parse(html)
  plainCode(tree)
  mediaLinks(tree)
  visitElements(tree, (element) => {
    for (const name of URL_ATTRIBUTES) {
      const value = element.properties[name]
      if (typeof value !== 'string' || HAS_SCHEME.test(value.trim())) continue
      element.properties[name] = absoluteUrl(value, baseUrl)
    }
    // A responsive image's candidates (display-html.ts): `<url> <width>w, …`.
    const srcSet = element.properties.srcSet
    if (typeof srcSet === 'string') element.properties.srcSet = srcSet.split(',').map((candidate) => absoluteCandidate(candidate.trim(), baseUrl)).join(', ')
  })
  return serializer.stringify(tree)
}

function absoluteCandidate(candidate: string, baseUrl: string): string {
  const [url = '', ...descriptor] = candidate.split(/\s+/)
  return [HAS_SCHEME.test(url) ? url : absoluteUrl(url, baseUrl), ...descriptor].join(' ')
}

/** `value` resolved against `baseUrl`, or `value` itself when it is no URL at all. */
function absoluteUrl(value: string, baseUrl: string): string {
  try {
    return new URL(value.trim(), baseUrl).href
  } catch {
    return value
  }
}

function visitElements(parent: Root | Element, visit: (element: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    visit(child)
    visitElements(child, visit)
  }
}

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
// Serialized as the sanitizer serializes, so unchanged markup stays byte for byte the same.
const serializer = unified().use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).freeze()
