import { attributeRule, isAllowedUrl, POST_ELEMENTS, postElement, type AttributeRule, type ElementRule } from '../../core/post-html-rules.ts'

/** The attributes an element cannot be without (an image's `src`, a callout's `role`). */
const REQUIRED = new Map<ElementRule, string[]>(
  Object.values(POST_ELEMENTS).map((element) => [element, Object.entries(element.attributes).flatMap(([name, rule]) => (rule.required || rule.defining ? [name] : []))]),
)
/** The clean tags without attributes (`<p>`, `</p>`, `<br>`), looked up before any regular expression. */
const PLAIN_TAGS = new Set(
  Object.entries(POST_ELEMENTS).flatMap(([name, element]) => [
    ...(REQUIRED.get(element)!.length === 0 ? [`<${name}>`] : []),
    ...(element.void ? [] : [`</${name}>`]),
  ]),
)
/** The opening tags of elements that hold nothing (`<iframe `): their end tag must follow at once. */
const EMPTY_OPENINGS = Object.entries(POST_ELEMENTS).flatMap(([name, element]) => (element.empty ? [`<${name} `] : []))
// An attribute has a value in double quotes, or none (a boolean one, `download`).
const OPENING_TAG = /^<([a-z][a-z0-9]*)((?: [a-z-]+(?:="[^"<>]*")?)+)>$/
const ATTRIBUTE = / ([a-z-]+)(?:="([^"<>]*)")?/g
/** A URL written by the serializer: no whitespace or control characters, `&` only as `&amp;`. */
const URL_CHARACTERS = /^(?:[^\u0000-\u0020\u007f&]|&amp;)*$/
const TEXT_ENTITY = /&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/i

/**
 * A fast, strict whitelist check: true only when `html` is made solely of the elements and
 * attributes a post may hold (core/post-html-rules.ts), spelled exactly as cleanPostHtml()
 * writes them, with safe URLs. Post files are written clean by the server (or reviewed in a pull
 * request), so rendering them can skip the full parse-and-sanitize when this says yes; any doubt
 * says no, and the caller sanitizes. It never needs to be right about *formatting*, only about
 * safety: every `<` must open or close one of the allowed elements, spelled as the serializer
 * spells it.
 */
export function isCleanPostHtml(html: string): boolean {
  let last = 0
  /** The end tag that must come next, right after an element that holds nothing. */
  let closing: string | null = null
  for (const match of html.matchAll(/<[^>]*>/g)) {
    const tag = match[0]
    if (closing !== null) {
      if (match.index !== last || tag !== closing) return false
      closing = null
    } else if (!isCleanText(html.slice(last, match.index)) || !isCleanTag(tag)) return false
    else closing = emptyClosing(tag)
    last = match.index + tag.length
  }
  if (closing !== null) return false
  return isCleanText(html.slice(last))
}

function emptyClosing(tag: string): string | null {
  const opening = EMPTY_OPENINGS.find((start) => tag.startsWith(start))
  return opening === undefined ? null : `</${opening.slice(1, -1)}>`
}

function isCleanText(text: string): boolean {
  return !text.includes('<') && !TEXT_ENTITY.test(text)
}

function isCleanTag(tag: string): boolean {
  if (PLAIN_TAGS.has(tag)) return true
  // Otherwise an opening tag with attributes, each one the element may have, once, with a value its rule allows.
  const match = OPENING_TAG.exec(tag)
  const element = match ? postElement(match[1]!) : undefined
  if (!match || !element) return false
  const seen = new Set<string>()
  for (const [, name, value] of match[2]!.matchAll(ATTRIBUTE)) {
    const rule = attributeRule(element, name!)
    if (!rule || seen.has(name!) || !isCleanValue(rule, value)) return false
    seen.add(name!)
  }
  return REQUIRED.get(element)!.every((name) => seen.has(name))
}

/** A value as the serializer writes it (escaped) that the rule allows, none for a boolean; a list holds one item here. */
function isCleanValue(rule: AttributeRule, value: string | undefined): boolean {
  if (rule.boolean || value === undefined) return rule.boolean === true && value === undefined
  if (TEXT_ENTITY.test(value)) return false
  if (rule.url) return URL_CHARACTERS.test(value) && isAllowedUrl(rule.url, value.replace(/&amp;/g, '&'))
  return rule.value === undefined || rule.value.test(value)
}
