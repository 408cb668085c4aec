import { formatBlockLines } from '../../../../renderer/block-lines.ts'
import { isAllowedImageSource, sanitizeLinkHref } from './url-rules.ts'

/**
 * The editor's output, written the way the server stores posts (server/content/sanitize-html.ts
 * and renderer/block-lines.ts): only the tags and attributes a post may hold, one block per line, and
 * the same character escapes. Opening a post and reading it back without an edit then gives
 * the stored text again, so an unedited save changes nothing.
 *
 * The input is what the browser serializes from ProseMirror's DOM (Milkdown's getHTML()):
 * well-formed, attributes in double quotes. Pure string work, so it also runs in Node.
 */
export function normalizeEditorHtml(html: string): string {
  const tree = cleanNodes(parseHtml(html))
  formatBlockLines(tree)
  const out = serializeNodes(tree.children)
  // An empty editor is one empty paragraph: report it as no content, so "Content" counts as empty.
  return out === '<p></p>' ? '' : out
}

type HtmlNode = HtmlText | HtmlElement
interface HtmlText {
  type: 'text'
  value: string
}
interface HtmlElement {
  type: 'element'
  tagName: string
  attrs: Map<string, string>
  children: HtmlNode[]
}
interface HtmlRoot {
  type: 'root'
  children: HtmlNode[]
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

// --- Cleaning: what a post may hold (the server's POST_HTML_SCHEMA) ---------------------------

const ALLOWED_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'strong', 'em', 'u', 's', 'del', 'code', 'pre',
  'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr', 'img',
])
const RENAMED_TAGS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', h4: 'h3', h5: 'h3', h6: 'h3' }
/** Removed with everything inside them; any other unknown element is unwrapped. */
const STRIPPED_TAGS = new Set(['script', 'style', 'svg', 'math', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select', 'title'])
const LANGUAGE = /^[a-z0-9+#_-]{1,30}$/

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
    const tagName = RENAMED_TAGS[node.tagName] ?? node.tagName
    if (STRIPPED_TAGS.has(tagName)) continue
    const children = cleanChildren(node.children)
    if (!ALLOWED_TAGS.has(tagName)) {
      out.push(...children)
      continue
    }
    const attrs = cleanAttributes(tagName, node.attrs, children)
    if (attrs === null) continue
    out.push({ type: 'element', tagName, attrs, children })
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

/** The attributes a post keeps, in the order the server writes them; null drops the element. */
function cleanAttributes(tagName: string, from: Map<string, string>, children: HtmlNode[]): Map<string, string> | null {
  const attrs = new Map<string, string>()
  const keep = (name: string, value: string | undefined) => {
    if (value !== undefined) attrs.set(name, value)
  }
  switch (tagName) {
    case 'a':
      keep('href', from.has('href') ? sanitizeLinkHref(from.get('href')!) : undefined)
      keep('title', from.get('title'))
      break
    case 'img': {
      const src = from.get('src')
      if (src === undefined || !isAllowedImageSource(src)) return null
      keep('src', src)
      keep('alt', from.get('alt'))
      keep('title', from.get('title'))
      break
    }
    case 'ol': {
      const start = from.get('start')
      if (start !== undefined && /^\d{1,6}$/.test(start)) keep('start', start)
      break
    }
    case 'code':
      keep('class', (from.get('class') ?? '').split(/\s+/).find((name) => /^language-/.test(name) && LANGUAGE.test(name.slice(9))))
      break
    case 'pre': {
      // ProseMirror's code block writes its language on <pre data-language>; posts keep it as
      // <code class="language-…"> (the sanitizer's only class).
      const language = from.get('data-language')?.toLowerCase()
      const code = children.find((child): child is HtmlElement => child.type === 'element')
      if (language && LANGUAGE.test(language) && code?.tagName === 'code' && !code.attrs.has('class')) {
        code.attrs.set('class', `language-${language}`)
      }
      break
    }
  }
  return attrs
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
  for (const [name, value] of node.attrs) attributes += ` ${name}="${escapeAttribute(value)}"`
  const start = `<${node.tagName}${attributes}>`
  return VOID_TAGS.has(node.tagName) ? start : `${start}${serializeNodes(node.children)}</${node.tagName}>`
}
