import type { Element, ElementContent, Properties, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { currentName, EMBED_RULE_TEXT, IMAGE_RULE_TEXT, isAllowedUrl, postElement, urlScheme, type AttributeRule } from '../../core/post-html-rules.ts'
import { cleanPostHtml, hastName, isEmptyOnceSanitized, POST_HTML_SCHEMA, wouldSanitizerChange } from './sanitize-html.ts'

/**
 * Why a post file's content is refused: the first thing in it that the sanitizer would remove,
 * and where, e.g. `has onclick="steal()" on <p> (line 12), which the sanitizer would remove`.
 * A file the site shows must be exactly what it says: one the sanitizer would change is
 * reported, not shown with parts silently missing. Formatting alone (blocks not one per line,
 * `<b>` for `<strong>`) is no reason. Null when the sanitizer would remove nothing.
 * @param firstLine the file's line number of the content's first line.
 */
export function findUnsafeHtml(html: string, firstLine = 1): string | null {
  return diagnoseUnsafeHtml(html, firstLine)?.finding ?? null
}

/**
 * findUnsafeHtml's finding, and whether nothing of the HTML is left once sanitized (a file that
 * is then refused), from one parse in the usual case: the first thing the schema refuses is
 * looked for in the parsed tree, and the tree is sanitized to see what is left. Only HTML in
 * which no such thing is found is compared with its sanitized form, which parses it again, as
 * before: most post files that the sanitizer would change show it at once (an attribute, an
 * element), and that comparison with the re-checks took four to eight parses a file.
 */
export function diagnoseUnsafeHtml(html: string, firstLine = 1): { finding: string; emptyOnceSanitized: boolean } | null {
  const tree = parser.parse(html)
  const found = findIn(tree)
  if (found) {
    const line = found.node.position ? ` (line ${found.node.position.start.line + firstLine - 1})` : ''
    return { finding: `has ${found.what}${line}, which the sanitizer would remove${found.after ?? ''}`, emptyOnceSanitized: isEmptyOnceSanitized(tree) }
  }
  if (!wouldSanitizerChange(html)) return null
  return { finding: emptyElementText(html, firstLine) ?? 'would be changed by the sanitizer', emptyOnceSanitized: cleanPostHtml(html).trim() === '' }
}

/** Text written inside an element that holds nothing (`<iframe>…</iframe>`), which the sanitizer empties. */
function emptyElementText(html: string, firstLine: number): string | null {
  let found: string | null = null
  const visit = (parent: Root | Element) => {
    for (const node of parent.children) {
      if (found !== null || node.type !== 'element') continue
      if (postElement(node.tagName)?.empty && node.children.length > 0) {
        found = `has text inside <${node.tagName}>${node.position ? ` (line ${node.position.start.line + firstLine - 1})` : ''}, which the sanitizer would remove`
      } else visit(node)
    }
  }
  visit(parser.parse(html))
  return found
}

const parser = unified().use(rehypeParse, { fragment: true })
const printer = unified().use(rehypeStringify)
type Schema = typeof POST_HTML_SCHEMA
const schema = POST_HTML_SCHEMA as { [key in 'tagNames' | 'attributes' | 'protocols' | 'strip']: NonNullable<Schema[key]> }

interface Finding {
  node: Root['children'][number]
  what: string
  after?: string
}

/** The first comment, element or attribute, in document order, that the schema does not allow. */
function findIn(parent: Root | Element): Finding | null {
  for (const node of parent.children) {
    if (node.type === 'comment') return { node, what: 'an HTML comment' }
    if (node.type === 'doctype') return { node, what: 'a doctype' }
    if (node.type !== 'element') continue
    const tag = currentName(node.tagName)
    if (!schema.tagNames.includes(tag)) {
      const stripped = schema.strip.includes(tag)
      return { node, what: `<${node.tagName}>`, after: stripped ? ' with all it holds' : ' (keeping its text)' }
    }
    for (const [name, value] of Object.entries(node.properties)) {
      if (!isAllowedAttribute(tag, name, value)) return { node, what: `${attributeText(name, value)} on <${node.tagName}>` }
      // A URL its rule refuses past the scheme (`//host`); a required one is named below.
      const rule = ruleOf(tag, name)
      if (rule?.url && !rule.required && !isAllowedUrl(rule.url, String(value))) return { node, what: `${attributeText(name, value)} on <${node.tagName}>` }
    }
    const refused = findRefusedRequired(node, tag)
    if (refused) return refused
    const inner = findIn(node)
    if (inner) return inner
  }
  return null
}

/** The rule of hast attribute `name` on `tag`, if the declaration has one. */
function ruleOf(tag: string, name: string): AttributeRule | undefined {
  return Object.entries(postElement(tag)?.attributes ?? {}).find(([attribute]) => hastName(attribute) === name)?.[1]
}

/**
 * A required attribute (an image's source) that is missing or that its URL rule refuses, or a
 * defining one missing (an `<aside>` without `role="note"`, unwrapped with its text kept); a
 * defining one with a value its rule refuses was named as an attribute already.
 */
function findRefusedRequired(node: Element, tag: string): Finding | null {
  for (const [name, rule] of Object.entries(postElement(tag)?.attributes ?? {})) {
    if (!rule.required && !rule.defining) continue
    const value = node.properties[hastName(name)]
    if (value !== undefined && (!rule.url || isAllowedUrl(rule.url, String(value)))) continue
    const what = value === undefined ? `<${tag}> without a ${name}` : `<${tag} ${attributeText(hastName(name), value)}>`
    if (rule.defining) return { node, what, after: ' (keeping its text)' }
    const why = rule.url === 'image' ? IMAGE_RULE_TEXT : rule.url === 'embed' ? EMBED_RULE_TEXT : null
    return { node, what, after: why ? `: ${why}` : '' }
  }
  return null
}

function isAllowedAttribute(tag: string, name: string, value: Properties[string]): boolean {
  const definition = (schema.attributes[tag] ?? []).find((entry) => (typeof entry === 'string' ? entry : entry[0]) === name)
  if (definition === undefined) return false
  const values = Array.isArray(value) ? value : [value]
  if (typeof definition !== 'string') {
    const [, ...allowed] = definition
    const matches = (item: unknown) => allowed.some((rule) => (rule instanceof RegExp ? rule.test(String(item)) : rule === item))
    if (allowed.length > 0 && !values.every(matches)) return false
  }
  const protocols = (schema.protocols as Record<string, string[] | undefined>)[name]
  return !protocols || values.every((item) => isListedScheme(String(item), protocols))
}

/** Relative URLs are fine; otherwise the scheme must be listed, as written (the sanitizer's own rule). */
function isListedScheme(url: string, protocols: string[]): boolean {
  const scheme = urlScheme(url)
  return scheme === null || protocols.includes(scheme)
}

/** `name="value"` as HTML spells it (`class`, not hast's `className`), the value cut short. */
function attributeText(name: string, value: Properties[string]): string {
  const element: ElementContent = { type: 'element', tagName: 'span', properties: { [name]: value }, children: [] }
  const text = printer.stringify({ type: 'root', children: [element] }).slice('<span '.length, -'></span>'.length)
  return text.length > 60 ? `${text.slice(0, 59)}…"` : text
}
