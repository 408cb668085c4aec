import type { Element, ElementContent, Properties, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { isAllowedImageSource, POST_HTML_SCHEMA, RENAMED_TAGS, wouldSanitizerChange } from './sanitize-html.ts'

/**
 * Why a post file's content is refused: the first thing in it that the sanitizer would remove,
 * and where, e.g. `has onclick="steal()" on <p> (line 12), which the sanitizer would remove`.
 * A file the site shows must be exactly what it says: one the sanitizer would change is
 * reported, not shown with parts silently missing. Formatting alone (blocks not one per line,
 * `<b>` for `<strong>`) is no reason. Null when the sanitizer would remove nothing.
 * @param firstLine the file's line number of the content's first line.
 */
export function findUnsafeHtml(html: string, firstLine = 1): string | null {
  if (!wouldSanitizerChange(html)) return null
  const found = findIn(parser.parse(html))
  if (!found) return 'would be changed by the sanitizer'
  const line = found.node.position ? ` (line ${found.node.position.start.line + firstLine - 1})` : ''
  return `has ${found.what}${line}, which the sanitizer would remove${found.after ?? ''}`
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
    const tag = RENAMED_TAGS[node.tagName] ?? node.tagName
    if (!schema.tagNames.includes(tag)) {
      const stripped = schema.strip.includes(tag)
      return { node, what: `<${node.tagName}>`, after: stripped ? ' with all it holds' : ' (keeping its text)' }
    }
    for (const [name, value] of Object.entries(node.properties)) {
      if (!isAllowedAttribute(tag, name, value)) return { node, what: `${attributeText(name, value)} on <${node.tagName}>` }
    }
    const src = node.properties.src
    if (tag === 'img' && !isAllowedImageSource(String(src ?? ''))) {
      const what = src === undefined ? '<img> without a src' : `<img ${attributeText('src', src)}>`
      return { node, what, after: ': an image must be an http(s) URL or base64 data of a jpg, jpeg, gif or png' }
    }
    const inner = findIn(node)
    if (inner) return inner
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
  return !protocols || values.every((item) => hasAllowedProtocol(String(item), protocols))
}

/** Relative URLs are fine; otherwise the scheme must be listed (the sanitizer's own rule). */
function hasAllowedProtocol(url: string, protocols: string[]): boolean {
  const colon = url.indexOf(':')
  if (colon === -1 || /[/?#]/.test(url.slice(0, colon))) return true
  return protocols.includes(url.slice(0, colon).toLowerCase())
}

/** `name="value"` as HTML spells it (`class`, not hast's `className`), the value cut short. */
function attributeText(name: string, value: Properties[string]): string {
  const element: ElementContent = { type: 'element', tagName: 'span', properties: { [name]: value }, children: [] }
  const text = printer.stringify({ type: 'root', children: [element] }).slice('<span '.length, -'></span>'.length)
  return text.length > 60 ? `${text.slice(0, 59)}…"` : text
}
