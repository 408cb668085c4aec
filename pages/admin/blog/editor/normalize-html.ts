import { formatBlockLines } from '../../../../core/block-lines.ts'
import { currentName, isAllowedUrl, languageClass, postElement, STRIPPED_ELEMENTS, type AttributeRule, type ElementRule } from '../../../../core/post-html-rules.ts'
import { dropEmptyCaptions, restoreEditorShapes } from './editor-html-shapes.ts'
import type { HtmlElement, HtmlNode, HtmlRoot } from './html-tree.ts'
import { sanitizeLinkHref } from './url-rules.ts'

/**
 * The editor's output, written the way the server stores posts (server/content/sanitize-html.ts
 * and core/block-lines.ts): only the elements and attributes a post may hold
 * (core/post-html-rules.ts), one block per line, and the same character escapes. Opening a
 * post and reading it back without an edit then gives the stored text again, so an unedited save
 * changes nothing.
 *
 * The input is what the browser serializes from ProseMirror's DOM (Milkdown's getHTML()):
 * well-formed, attributes in double quotes. Pure string work, so it also runs in Node.
 */
export function normalizeEditorHtml(html: string): string {
  const parsed = parseHtml(html)
  restoreEditorShapes(parsed.children)
  const tree = cleanNodes(parsed)
  dropEmptyCaptions(tree.children)
  formatBlockLines(tree)
  const out = serializeNodes(tree.children)
  // An empty editor is one empty paragraph: report it as no content, so "Content" counts as empty.
  return out === '<p></p>' ? '' : out
}

// --- Parsing ---------------------------------------------------------------------------------

const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][a-zA-Z0-9]*)\s*>|<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+|</g
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

function parseHtml(html: string): HtmlRoot {
  const root: HtmlRoot = { type: 'root', children: [] }
  const open: (HtmlRoot | HtmlElement)[] = [root]
  for (const match of html.matchAll(TOKEN)) {
    const parent = open[open.length - 1]!
    const [token, closing, opening, attributes] = match
    if (token.startsWith('<!--')) continue
    if (closing !== undefined) {
      const tag = closing.toLowerCase()
      const index = open.findLastIndex((node) => node.type === 'element' && node.tagName === tag)
      if (index > 0) open.length = index
    } else if (opening !== undefined) {
      const element: HtmlElement = { type: 'element', tagName: opening.toLowerCase(), attrs: new Map(), children: [] }
      for (const [, name, double, single, bare] of (attributes ?? '').matchAll(ATTRIBUTE)) {
        const key = name!.toLowerCase()
        if (!element.attrs.has(key)) element.attrs.set(key, decodeEntities(double ?? single ?? bare ?? ''))
      }
      parent.children.push(element)
      if (!VOID_TAGS.has(element.tagName)) open.push(element)
    } else {
      parent.children.push({ type: 'text', value: decodeEntities(token) })
    }
  }
  return root
}

// --- Cleaning: what a post may hold (core/post-html-rules.ts) ----------------------------

/** The deepest heading a post may hold (`h6`). */
const DEEPEST_HEADING = ['h6', 'h5', 'h4', 'h3', 'h2', 'h1'].find((name) => postElement(name))
/** The name an element is kept under: a heading deeper than a post may hold stays a heading, the deepest (as heading-node.ts reads one). */
const keptName = (name: string) => (/^h[1-6]$/.test(name) && !postElement(name) && DEEPEST_HEADING ? DEEPEST_HEADING : currentName(name))
/** Removed with everything inside them; any other unknown element is unwrapped. */
const STRIPPED_TAGS = new Set(STRIPPED_ELEMENTS)

function cleanNodes(root: HtmlRoot): HtmlRoot {
  root.children = cleanChildren(root.children)
  return root
}

function cleanChildren(nodes: HtmlNode[]): HtmlNode[] {
  const out: HtmlNode[] = []
  for (const node of nodes) {
    if (node.type === 'text') {
      const last = out[out.length - 1]
      if (last?.type === 'text') last.value += node.value
      else out.push(node)
      continue
    }
    const tagName = keptName(node.tagName)
    if (STRIPPED_TAGS.has(tagName)) continue
    const element = postElement(tagName)
    // An element that holds nothing (`<iframe>`) keeps nothing written inside it.
    const children = element?.empty ? [] : cleanChildren(node.children)
    if (!element) {
      out.push(...children)
      continue
    }
    if (tagName === 'pre') languageFromCodeBlock(node.attrs, children)
    const attrs = cleanAttributes(element, node.attrs)
    if (attrs === 'drop') continue
    if (attrs === 'unwrap') out.push(...children)
    else out.push({ type: 'element', tagName, attrs, children })
  }
  return mergeTexts(out)
}

function mergeTexts(nodes: HtmlNode[]): HtmlNode[] {
  const out: HtmlNode[] = []
  for (const node of nodes) {
    const last = out[out.length - 1]
    if (node.type === 'text' && last?.type === 'text') last.value += node.value
    else if (node.type !== 'text' || node.value !== '') out.push(node)
  }
  return out
}

/**
 * The attributes a post keeps, in the order the declaration lists them; without a required one
 * the element is dropped, without a defining one (a callout's role) it is unwrapped.
 */
function cleanAttributes(element: ElementRule, from: Map<string, string>): Map<string, string> | 'drop' | 'unwrap' {
  const attrs = new Map<string, string>()
  for (const [name, rule] of Object.entries(element.attributes)) {
    const value = from.has(name) ? keptValue(name, rule, from.get(name)!) : undefined
    if (value !== undefined) attrs.set(name, value)
    else if (rule.required) return 'drop'
    else if (rule.defining) return 'unwrap'
  }
  return attrs
}

/** What a post keeps of an attribute's value; undefined removes the attribute. */
function keptValue(name: string, rule: AttributeRule, value: string): string | undefined {
  // A boolean attribute is written bare (`download`) or with its own name (`download="download"`), as HTML reads it.
  if (rule.boolean) return value === '' || value.toLowerCase() === name ? '' : undefined
  // SPEC §5: a link the rule refuses stays, as a blank link.
  if (rule.url === 'link') return sanitizeLinkHref(value)
  if (rule.url) return isAllowedUrl(rule.url, value) ? value : undefined
  if (rule.value === undefined) return value
  // Of a list (a code block's classes), the first item the rule allows.
  const items = rule.list ? value.split(/\s+/) : [value]
  return items.find((item) => rule.value!.test(item))
}

/**
 * ProseMirror's code block writes its language on <pre data-language>; posts keep it as
 * <code class="language-…"> (the one class a post keeps).
 */
function languageFromCodeBlock(from: Map<string, string>, children: HtmlNode[]): void {
  const language = from.get('data-language')?.toLowerCase()
  const code = children.find((child): child is HtmlElement => child.type === 'element')
  const name = language ? languageClass(language) : null
  if (name && code?.tagName === 'code' && !code.attrs.has('class')) code.attrs.set('class', name)
}

// --- Serializing, with the server's escapes --------------------------------------------------

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/`/g, '&#x60;')

function serializeNodes(nodes: HtmlNode[]): string {
  return nodes.map(serializeNode).join('')
}

function serializeNode(node: HtmlNode): string {
  if (node.type === 'text') return escapeText(node.value)
  let attributes = ''
  const rules = postElement(node.tagName)?.attributes ?? {}
  for (const [name, value] of node.attrs) attributes += Object.hasOwn(rules, name) && rules[name]!.boolean ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`
  const start = `<${node.tagName}${attributes}>`
  return VOID_TAGS.has(node.tagName) ? start : `${start}${serializeNodes(node.children)}</${node.tagName}>`
}
