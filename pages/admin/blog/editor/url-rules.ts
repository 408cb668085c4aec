/**
 * SPEC §5 URL rules for the editor. Pure: the unit tests run them in Node, and the same
 * rules decide what a load, a paste and the Link and Image dialogs may put in a post.
 *
 * The link rule agrees with the server's sanitizer (server/content/sanitize-html.ts), which
 * pages may not import: tests/unit/editor-url-rules.test.ts checks both on the same inputs.
 * The image rule is the server's own (renderer/image-source.ts).
 */
import { isAllowedImageSource } from '../../../../renderer/image-source.ts'

export { isAllowedImageSource }

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])
/** Tab and newlines vanish when a browser parses a URL: `java\tscript:` is `javascript:`. */
const URL_IGNORED = /[\t\n\r]/g

/**
 * A link target the post may keep: http, https, mailto and tel, or a relative URL (no scheme,
 * as the server's sanitizer allows). Anything else gives '' — a blank link, never the unsafe URL.
 */
export function sanitizeLinkHref(href: string): string {
  const url = href.trim().replace(URL_IGNORED, '')
  const scheme = schemeOf(url)
  if (scheme === null) return url
  // The server compares schemes case-sensitively: write `HTTP:` the way it keeps it.
  return LINK_SCHEMES.has(scheme) ? scheme + url.slice(scheme.length) : ''
}

/** The scheme before the first colon, lower-cased; null for a relative URL. */
function schemeOf(url: string): string | null {
  const colon = url.indexOf(':')
  // Like the sanitizer: a colon after the first / ? or # belongs to the path, not a scheme.
  if (colon === -1 || /[/?#]/.test(url.slice(0, colon))) return null
  return url.slice(0, colon).toLowerCase()
}

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/
const BARE_HOST = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i

/**
 * What the Link dialog stores for what was typed: `example.com/x` means https://example.com/x
 * and `jane@example.com` a mail link (both would otherwise be relative links that go nowhere);
 * the result then goes through sanitizeLinkHref.
 */
export function linkHrefFromInput(input: string): string {
  const text = input.trim().replace(URL_IGNORED, '')
  if (text === '') return ''
  // A host with a port (`example.com:8080`) looks like a scheme to the rule, so hosts come first.
  if (BARE_HOST.test(text)) return `https://${text}`
  if (schemeOf(text) === null && EMAIL.test(text)) return `mailto:${text}`
  return sanitizeLinkHref(text)
}
