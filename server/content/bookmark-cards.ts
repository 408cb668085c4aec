import type { Element, ElementContent, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { FIGURE_CLASSES, isAllowedImageSource } from '../../core/post-html-rules.ts'

/**
 * The bookmark cards of a post (`<figure class="bookmark"><a href><img><strong>Title</strong><span>Description</span></a></figure>`,
 * core/post-html-rules.ts) that the writer left without a title, and those cards filled in with
 * what the linked page says of itself. Pure, on sanitized HTML (its depth is checked, so the
 * parser's tree is shallow enough); whatever it writes is sanitized again by the save.
 */

/** What a card is filled with: each part absent when the page says nothing usable of it. */
export interface CardDetails {
  title?: string
  description?: string
  image?: string
}

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
// Written as the sanitizer writes, so the rest of the post stays byte for byte the same.
const serializer = unified().use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).freeze()

interface Card {
  link: Element
  href: string
}

/** The addresses of the cards without a title, each once, in the post's order; only absolute http(s) ones, the only pages that can be fetched. */
export function untitledBookmarkLinks(html: string): string[] {
  return [...new Set(untitledCards(parser.parse(html)).map((card) => card.href))]
}

/**
 * `html` with each untitled card filled from `detailsOf(its address)`: its title, and its
 * description and image where the writer left them out (an image only when a post may hold it,
 * isAllowedImageSource). What the writer wrote is never replaced; a card without details stays
 * as it is.
 */
export function fillBookmarks(html: string, detailsOf: (href: string) => CardDetails | undefined): string {
  const tree = parser.parse(html)
  let filled = false
  for (const { link, href } of untitledCards(tree)) {
    const details = detailsOf(href)
    if (!details?.title && !details?.description && !details?.image) continue
    filled = true
    const part = (tagName: string) => link.children.find((child): child is Element => child.type === 'element' && child.tagName === tagName)
    const title = part('strong') ?? element('strong', [])
    if (details.title) title.children = [{ type: 'text', value: details.title }]
    const description = part('span')
    const image = part('img') ?? (details.image && isAllowedImageSource(details.image) ? element('img', [], { src: details.image, alt: '' }) : undefined)
    const written = (node: Element | undefined) => node !== undefined && textOf(node) !== ''
    const newDescription = !written(description) && details.description ? element('span', [{ type: 'text', value: details.description }]) : undefined
    // The card's parts in the order the editor writes them; anything else the writer put in the link follows.
    const parts = [image, title, newDescription ?? description].filter((node): node is Element => node !== undefined)
    link.children = [...parts, ...link.children.filter((child) => !parts.includes(child as Element) && child !== description)]
  }
  return filled ? serializer.stringify(tree) : html
}

/** The cards whose title holds no text, with an address that can be fetched. */
function untitledCards(tree: Root): Card[] {
  const cards: Card[] = []
  const stack: (Root | RootContent)[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type !== 'root' && node.type !== 'element') continue
    if (node.type === 'element' && node.tagName === 'figure' && classesOf(node).includes(FIGURE_CLASSES.bookmark)) {
      const link = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'a')
      const href = link ? String(link.properties.href ?? '') : ''
      const title = link?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'strong')
      if (link && /^https?:\/\//i.test(href) && (!title || textOf(title) === '')) cards.push({ link, href })
      continue
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
  }
  return cards
}

function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children }
}

function classesOf(node: Element): string[] {
  const names = node.properties.className
  return Array.isArray(names) ? names.map(String) : []
}

/** An element's text, trimmed (a card's parts hold text only). */
function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('').trim()
}
