import { isAllowedImageSource } from '../../renderer/image-source.ts'

/**
 * A fast, strict whitelist check: true only when `html` is made solely of the tags and
 * attributes that cleanPostHtml() itself writes, with safe URLs. Post files are written
 * clean by the server (or reviewed in a pull request), so rendering them can skip the
 * full parse-and-sanitize when this says yes; any doubt says no, and the caller sanitizes.
 * It never needs to be right about *formatting*, only about safety: every `<` must open
 * one of the allowed tags, spelled exactly as the serializer spells it.
 */
const PLAIN_TAG = /^<\/?(p|h1|h2|h3|strong|em|u|s|del|code|pre|a|ul|ol|li|blockquote)>$|^<(br|hr)>$/
const CODE_TAG = /^<code class="language-[a-z0-9+#_-]{1,30}">$/
const OL_TAG = /^<ol start="\d{1,6}">$/
const ATTRIBUTE = / (href|src|alt|title)="([^"<>]*)"/g
const OPENING_WITH_ATTRIBUTES = /^<(a|img)((?: (?:href|src|alt|title)="[^"<>]*")+)>$/
/** A URL written by the serializer: no whitespace or control characters, `&` only as `&amp;`. */
const URL_CHARACTERS = /^(?:[^\u0000-\u0020\u007f&]|&amp;)*$/
const TEXT_ENTITY = /&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/i

export function isCleanPostHtml(html: string): boolean {
  let last = 0
  for (const match of html.matchAll(/<[^>]*>/g)) {
    if (!isCleanText(html.slice(last, match.index)) || !isCleanTag(match[0])) return false
    last = match.index + match[0].length
  }
  return isCleanText(html.slice(last))
}

function isCleanText(text: string): boolean {
  return !text.includes('<') && !TEXT_ENTITY.test(text)
}

function isCleanTag(tag: string): boolean {
  if (PLAIN_TAG.test(tag) || CODE_TAG.test(tag) || OL_TAG.test(tag)) return true
  const opening = OPENING_WITH_ATTRIBUTES.exec(tag)
  if (!opening) return false
  const element = opening[1]
  const seen = new Set<string>()
  for (const [, name, value] of opening[2]!.matchAll(ATTRIBUTE)) {
    if (seen.has(name!)) return false
    seen.add(name!)
    if (name === 'href' && (element !== 'a' || !isSafeHref(value!))) return false
    if (name === 'src' && (element !== 'img' || !isSafeSource(value!))) return false
    if (name === 'alt' && element !== 'img') return false
    if (TEXT_ENTITY.test(value!)) return false
  }
  return element === 'a' || seen.has('src')
}

function isSafeHref(value: string): boolean {
  if (!URL_CHARACTERS.test(value)) return false
  const url = value.replace(/&amp;/g, '&')
  const colon = url.indexOf(':')
  // No scheme before the first / ? or #: a relative URL, which cannot run script.
  if (colon === -1 || /[/?#]/.test(url.slice(0, colon))) return true
  return ['http', 'https', 'mailto', 'tel'].includes(url.slice(0, colon))
}

function isSafeSource(value: string): boolean {
  return URL_CHARACTERS.test(value) && isAllowedImageSource(value.replace(/&amp;/g, '&'))
}
