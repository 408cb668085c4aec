import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { formatBlocks } from './format-blocks.ts'
import { HEADING_ANCHOR_CLASS } from './heading-anchors.ts'
import { TOKEN_CLASS } from './highlight-code.ts'
import { isCleanPostHtml } from './is-clean-html.ts'
import { EMBED_ALLOW, EMBED_REFERRER_POLICY, EMBED_SANDBOX } from './video-embed-display.ts'
import {
  currentName,
  isAllowedUrl,
  POST_ELEMENTS,
  STRIPPED_ELEMENTS,
  URL_SCHEMES,
  type AttributeRule,
} from '../../core/post-html-rules.ts'
import { EMBED_FRAME_CLASS, VIDEO_PROVIDERS } from '../../core/video-embeds.ts'

/**
 * hast's name of an HTML attribute, where the two differ (`class` is `className`): an attribute
 * declared without its hast name here would be removed, which tests/unit/post-html-rules.test.ts
 * would report.
 */
const HAST_NAMES: Readonly<Record<string, string>> = { class: 'className', colspan: 'colSpan', rowspan: 'rowSpan' }
export const hastName = (attribute: string): string => HAST_NAMES[attribute] ?? attribute

type SchemaAttribute = NonNullable<SanitizeSchema['attributes']>[string][number]
/** hast reads a bare boolean attribute (`download`) as `true`, and one with a value as that text, which the rule refuses. */
const schemaAttribute = (name: string, rule: AttributeRule): SchemaAttribute =>
  rule.boolean ? [hastName(name), true] : rule.value ? [hastName(name), rule.value] : hastName(name)
const declared = Object.entries(POST_ELEMENTS).map(([tag, element]) => [tag, Object.entries(element.attributes)] as const)

/**
 * The schemes rehype-sanitize lets through, by attribute: it knows no element there, so an
 * attribute that holds URLs of several kinds (an image's `src`, an embed's) gets all their
 * schemes, and enforceAttributeRules holds each element to its own rule after it.
 */
function urlProtocols(): Record<string, string[]> {
  const protocols: Record<string, string[]> = {}
  for (const [, attributes] of declared) {
    for (const [name, rule] of attributes) {
      if (rule.url) protocols[hastName(name)] = [...new Set([...(protocols[hastName(name)] ?? []), ...URL_SCHEMES[rule.url]])]
    }
  }
  return protocols
}

/**
 * The rehype-sanitize schema of a post, made from the one declaration of what a post may hold
 * (core/post-html-rules.ts). rehype-sanitize checks a URL's scheme only; the rest of a URL
 * rule (an image's file type) and required attributes are enforced after it (enforceAttributeRules).
 */
export const POST_HTML_SCHEMA: SanitizeSchema = {
  tagNames: Object.keys(POST_ELEMENTS),
  attributes: Object.fromEntries(
    declared.filter(([, attributes]) => attributes.length > 0).map(([tag, attributes]) => [tag, attributes.map(([name, rule]) => schemaAttribute(name, rule))]),
  ),
  protocols: urlProtocols(),
  // Removed together with everything inside them, not unwrapped.
  strip: [...STRIPPED_ELEMENTS],
  required: {},
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
}

/**
 * What a post's content may hold once display-html.ts has made its images responsive, linked
 * its headings and coloured its code: the post's schema, on `<img>` and `<a>` the attributes those
 * write, with the values they write, and the code's `<span class="hljs-…">` tokens. Nothing
 * sanitizes with it on the way to a page: it says what the rewrite may produce, and
 * tests/unit/display-html.test.ts checks that sanitizing with it changes nothing.
 */
export const DISPLAY_HTML_SCHEMA: SanitizeSchema = {
  ...POST_HTML_SCHEMA,
  // A code block's tokens, each with one class (highlight-code.ts).
  tagNames: [...POST_HTML_SCHEMA.tagNames!, 'span'],
  attributes: {
    ...POST_HTML_SCHEMA.attributes,
    // width and height are a post's own (post-html-rules.ts): the rewrite writes the library image's.
    img: [...POST_HTML_SCHEMA.attributes!.img!, 'srcSet', 'sizes', ['loading', 'lazy'], ['decoding', 'async']],
    // The link beside each heading (heading-anchors.ts), beside a post's own classes of a link.
    a: [...withValue(POST_HTML_SCHEMA.attributes!.a!, 'className', HEADING_ANCHOR_CLASS), 'ariaLabel'],
    span: [['className', TOKEN_CLASS]],
    // A video's click-to-load frame (video-embed-display.ts): its page is the site's own, made from the id.
    iframe: [
      ['className', EMBED_FRAME_CLASS], ['dataProvider', ...VIDEO_PROVIDERS], 'title', 'srcDoc',
      ['sandbox', ...EMBED_SANDBOX.split(' ')], ['allow', EMBED_ALLOW], ['referrerPolicy', EMBED_REFERRER_POLICY], ['loading', 'lazy'],
    ],
  },
  protocols: { ...POST_HTML_SCHEMA.protocols, srcSet: ['http', 'https'] },
}

/** `attributes` with one more value allowed for attribute `name` (rehype-sanitize reads only an attribute's first entry). */
function withValue(attributes: SchemaAttribute[], name: string, value: string): SchemaAttribute[] {
  return attributes.map((entry) => (Array.isArray(entry) && entry[0] === name ? [...entry, value] as SchemaAttribute : entry))
}

function renameLegacyTags() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue
        child.tagName = currentName(child.tagName)
        visit(child)
      }
    }
    visit(tree)
  }
}

/** Per element, the attributes with a rule the schema cannot say: a URL rule, a required or defining one, a list. */
const CHECKED = new Map(
  declared
    .map(([tag, attributes]) => [tag, attributes.filter(([, rule]) => rule.url || rule.required || rule.defining || rule.list).map(([name, rule]) => [hastName(name), rule] as const)] as const)
    .filter(([, attributes]) => attributes.length > 0),
)

/** Elements that hold nothing (`<iframe>`): what is written inside them goes. */
const EMPTY = new Set(Object.entries(POST_ELEMENTS).flatMap(([tag, element]) => (element.empty ? [tag] : [])))

/**
 * After the schema: removes a URL its rule refuses beyond the scheme (an image that is no
 * jpg/jpeg/gif/png, SPEC §5), drops an element without a required attribute (an image without
 * a source), unwraps one without its defining attribute (an `<aside>` that is no callout),
 * removes a class list the schema emptied and empties an element that holds nothing.
 */
function enforceAttributeRules() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      parent.children = parent.children.flatMap((child: RootContent): RootContent[] => {
        if (child.type !== 'element') return [child]
        const properties = child.properties
        let unwrapped = false
        for (const [key, rule] of CHECKED.get(child.tagName) ?? []) {
          const value = properties[key]
          if (rule.url && value !== undefined && !isAllowedUrl(rule.url, String(value))) delete properties[key]
          if (Array.isArray(value) && value.length === 0) delete properties[key]
          if (rule.required && properties[key] === undefined) return []
          if (rule.defining && properties[key] === undefined) unwrapped = true
        }
        if (EMPTY.has(child.tagName)) child.children = []
        visit(child)
        return unwrapped ? child.children : [child]
      })
    }
    visit(tree)
  }
}

const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(renameLegacyTags)
  .use(rehypeSanitize, POST_HTML_SCHEMA)
  .use(enforceAttributeRules)
  .use(formatBlocks)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()

/** The sanitizing steps of `processor` alone, on a tree already parsed: what of it a post keeps. */
const treeSanitizer = unified().use(renameLegacyTags).use(rehypeSanitize, POST_HTML_SCHEMA).use(enforceAttributeRules).freeze()

/**
 * Whether nothing is left of `tree` (parsed HTML, left as it is) once sanitized: no element and
 * no text but whitespace at its top, as cleanPostHtml's output would be empty once trimmed. A
 * pass that leaves something leaves it through every later pass (they only rename, reformat and
 * unwrap).
 */
export function isEmptyOnceSanitized(tree: Root): boolean {
  const kept = treeSanitizer.runSync(structuredClone(tree)) as Root
  // An element, even an empty one, is written out (`<p></p>`); so is text but whitespace.
  return !kept.children.some((node) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''))
}

/** The same pipeline without the sanitizer: what the HTML is, formatted but unfiltered. */
const formatter = unified()
  .use(rehypeParse, { fragment: true })
  .use(renameLegacyTags)
  .use(formatBlocks)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()

/**
 * Sanitizes post HTML and formats it one block element per line. Used on save and when
 * posts are loaded for rendering. Idempotent: cleaning clean HTML returns it unchanged.
 *
 * One pass is not always its own fixed point: unwrapping what the schema refuses can leave
 * markup a parser reads differently (`<li><div><li></li></div></li>` becomes two `<li>` in a
 * row once the `<div>` is gone), so a changed result is cleaned again until it stays the same.
 * The usual input (the editor's, or a file the server wrote) comes back unchanged after one pass
 * and costs no second one.
 */
export function cleanPostHtml(html: string): string {
  let input = html
  let output = String(processor.processSync(input))
  for (let pass = 1; pass < MAX_PASSES && output !== input; pass++) {
    input = output
    output = String(processor.processSync(input))
  }
  return output
}

/** Passes before giving up on a fixed point; each is a full sanitize, so the result is safe either way. */
const MAX_PASSES = 4

/**
 * HTML that is safe to render: the file's own text when it is already clean (the usual
 * case: the server wrote it), otherwise the sanitized version.
 */
export function safePostHtml(html: string): string {
  return isCleanPostHtml(html) ? html : cleanPostHtml(html)
}

/**
 * Whether sanitizing would remove anything from `html` (an element, an attribute, a link), as
 * opposed to only formatting it one block per line or renaming `<b>` to `<strong>`.
 */
export function wouldSanitizerChange(html: string): boolean {
  return !isCleanPostHtml(html) && String(formatter.processSync(html)) !== cleanPostHtml(html)
}
