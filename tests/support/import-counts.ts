/**
 * Counting what an import kept, for the importer's whole-export tests: the post model's blocks
 * in an imported post (by the shape each has in core/post-html-rules.ts), the words of a bit of
 * HTML, and the table of blocks in and out the tests print for the release note.
 */
import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import { unified } from 'unified'

const parser = unified().use(rehypeParse, { fragment: true })

export function parseHtml(html: string): Root {
  return parser.parse(html)
}

/** Every element of the tree, in document order. */
export function elementsOf(tree: Root): Element[] {
  const found: Element[] = []
  const stack: RootContent[] = [...tree.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type !== 'element') continue
    found.push(node)
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
  }
  return found
}

export function textOfNode(node: Root | Element): string {
  const parts: string[] = []
  const stack: (Root | RootContent)[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.type === 'text') parts.push(current.value)
    else if ((current.type === 'element' || current.type === 'root') && !(current.type === 'element' && ['script', 'style'].includes(current.tagName))) {
      parts.push(' ')
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!)
    }
  }
  return parts.join('')
}

const classes = (node: Element) => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : [])

/** The post model's kinds of block (and the inline parts the importer keeps), each by its shape. */
export const OUTPUT_KINDS: Readonly<Record<string, (node: Element) => boolean>> = {
  h1: (node) => node.tagName === 'h1',
  h2: (node) => node.tagName === 'h2',
  h3: (node) => node.tagName === 'h3',
  h4: (node) => node.tagName === 'h4',
  h5: (node) => node.tagName === 'h5',
  h6: (node) => node.tagName === 'h6',
  paragraph: (node) => node.tagName === 'p',
  list: (node) => node.tagName === 'ul' || node.tagName === 'ol',
  'list item': (node) => node.tagName === 'li',
  quote: (node) => node.tagName === 'blockquote',
  citation: (node) => node.tagName === 'cite',
  'code block': (node) => node.tagName === 'pre',
  table: (node) => node.tagName === 'table',
  image: (node) => node.tagName === 'img',
  gallery: (node) => node.tagName === 'figure' && classes(node).includes('gallery'),
  bookmark: (node) => node.tagName === 'figure' && classes(node).includes('bookmark'),
  button: (node) => node.tagName === 'a' && classes(node).includes('button'),
  download: (node) => node.tagName === 'a' && node.properties.download !== undefined,
  'video file': (node) => node.tagName === 'video',
  'audio file': (node) => node.tagName === 'audio',
  'video link': (node) => node.tagName === 'a' && /^Video: /.test(textOfNode(node).trim()),
  'audio link': (node) => node.tagName === 'a' && /^Audio: /.test(textOfNode(node).trim()),
  'video embed': (node) => node.tagName === 'iframe',
  toggle: (node) => node.tagName === 'details',
  callout: (node) => node.tagName === 'aside',
  separator: (node) => node.tagName === 'hr',
  'footnote reference': (node) => node.tagName === 'a' && node.properties.role === 'doc-noteref',
  footnotes: (node) => node.tagName === 'section' && node.properties.role === 'doc-endnotes',
  link: (node) => node.tagName === 'a' && typeof node.properties.href === 'string',
}

export function countKinds(html: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const node of elementsOf(parseHtml(html))) {
    for (const [kind, test] of Object.entries(OUTPUT_KINDS)) if (test(node)) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  }
  return counts
}

export function addCounts(into: Map<string, number>, from: Map<string, number>): void {
  for (const [kind, count] of from) into.set(kind, (into.get(kind) ?? 0) + count)
}

/** The words of a text, lowercased: letters and digits of any script. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
}

export interface CountRow {
  kind: string
  in: number
  /** '—' where the blocks become others (their inner blocks, counted as those) or nothing. */
  out: number | '—'
  as: string
}

/** A Markdown table of blocks in and out, for the test's output and the release note. */
export function countTable(title: string, rows: CountRow[]): string {
  const lines = [title, '', '| source block | in | out | became |', '|---|---:|---:|---|']
  for (const row of rows) lines.push(`| ${row.kind} | ${row.in} | ${row.out} | ${row.as} |`)
  return lines.join('\n')
}
