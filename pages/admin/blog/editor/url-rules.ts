/**
 * SPEC §5 URL rules for the editor. Pure: the unit tests run them in Node, and the same
 * rules decide what a load, a paste and the Link and Image dialogs may put in a post.
 *
 * The rules themselves are the server's (core/post-html-rules.ts, which its sanitizer is
 * made from); here is what the editor does with what a person typed or pasted.
 */
import { hasAllowedScheme, isOtherHost, URL_SCHEMES, urlScheme } from '../../../../core/post-html-rules.ts'

/** Tab and newlines vanish when a browser parses a URL: `java\tscript:` is `javascript:`. */
const URL_IGNORED = /[\t\n\r]/g

/**
 * A link target the post may keep: http, https, mailto and tel, or a relative URL (no scheme,
 * as the server's sanitizer allows). Anything else gives '' — a blank link, never the unsafe URL.
 */
export function sanitizeLinkHref(href: string): string {
  const url = href.trim().replace(URL_IGNORED, '')
  const scheme = schemeOf(url)
  // A relative link stays on the site: `//host` names another host.
  if (scheme === null) return isOtherHost(url) ? '' : url
  // The server compares schemes as written: write `HTTP:` the way it keeps it.
  const written = scheme + url.slice(scheme.length)
  return hasAllowedScheme('link', written) ? written : ''
}

/** Links of the site itself the Link dialog's hint names: relative URLs, kept as written. */
export const SITE_LINK_EXAMPLES = ['/pricing', '#faq'] as const

/** The schemes written the way people type them: `https://`, `mailto:`. */
const withSeparator = (scheme: string) => (['http', 'https'].includes(scheme) ? `${scheme}://` : `${scheme}:`)
const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

/** What the Link dialog says a post keeps of a link, from the rules themselves (sanitizeLinkHref). */
export const LINK_RULE_TEXT =
  `Links may start with ${orList(URL_SCHEMES.link.map(withSeparator))}, or be a path on this site such as ` +
  `${orList(SITE_LINK_EXAMPLES)}. Any other kind of link is saved as a blank link.`

/** The scheme a URL names, lower-cased; null for a relative URL. */
function schemeOf(url: string): string | null {
  return urlScheme(url)?.toLowerCase() ?? null
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
