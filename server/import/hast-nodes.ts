import type { Element, ElementContent, Properties, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { INLINE_ELEMENTS } from './plain-text.ts'

/**
 * The small tree tools the importer's mappings share (WordPress blocks, Ghost cards, media):
 * parse a fragment, write it back, make and search elements. Pure. Every walk is a loop, not
 * recursion: a hostile export may nest thousands deep.
 */

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
const writer = unified().use(rehypeStringify).freeze()

export function parseFragment(html: string): Root {
  return parser.parse(html)
}

export function writeFragment(nodes: Root | RootContent[]): string {
  return writer.stringify(Array.isArray(nodes) ? { type: 'root', children: nodes } : nodes)
}

export function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

export function text(value: string): ElementContent {
  return { type: 'text', value }
}

export function classesOf(node: Element): string[] {
  const names = node.properties.className
  return Array.isArray(names) ? names.map(String) : []
}

export const hasClass = (name: string) => (node: Element) => classesOf(node).includes(name)

/** Every element under `root` (not itself) that passes `test`, in document order. */
export function findAll(root: Root | Element, test: (node: Element) => boolean): Element[] {
  const found: Element[] = []
  const stack: (Root | RootContent)[] = [...root.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type !== 'element') continue
    if (test(node)) found.push(node)
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
  }
  return found
}

export function find(root: Root | Element, test: (node: Element) => boolean): Element | undefined {
  return findAll(root, test)[0]
}

/** The text a reader sees, white space made single; block elements part words. */
export function textOf(node: Root | RootContent | undefined): string {
  if (!node) return ''
  const parts: string[] = []
  const stack: (Root | RootContent | ' ')[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current === ' ') parts.push(' ')
    else if (current.type === 'text') parts.push(current.value)
    else if (current.type === 'element' || current.type === 'root') {
      const block = current.type === 'element' && !INLINE_ELEMENTS.has(current.tagName)
      if (block) {
        parts.push(' ')
        stack.push(' ')
      }
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!)
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}

