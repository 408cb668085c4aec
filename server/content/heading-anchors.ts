import type { Element, ElementContent, Root } from 'hast'
import { HEADING_ID } from '../../core/post-html-rules.ts'

/**
 * Ids the post page uses itself (renderer/PageShell.tsx, +onRenderHtml.tsx): a heading never takes
 * one, so a skip link or the app's mount point keeps naming its own element.
 */
const PAGE_IDS = ['root', 'main']

/** The class of the link beside each heading (renderer/styles.css shows it on hover and focus). */
export const HEADING_ANCHOR_CLASS = 'heading-anchor'

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const LONGEST_ID = 80

/**
 * Gives every heading of a post's sanitized tree an id and a link to it, in place (pure but for
 * the tree): an id written by hand is kept, one missing is made from the heading's text as
 * Hugo and Astro make theirs (`Getting started` → `getting-started`), and a second heading with
 * the same id gets `-2`, `-3`… so each is unique in the page. The link is a plain `<a href="#id">`
 * at the end of the heading, shown as `#`: a visitor copies it (or clicks it, and the address bar has it)
 * with no script on the page.
 */
export function addHeadingAnchors(tree: Root): void {
  const headings: Element[] = []
  // The other ids of the post (a footnote's `fn-1`, its reference's `fnref-1`): a heading never takes one.
  const others = new Set<string>()
  collectHeadings(tree, headings, others)
  if (headings.length === 0) return
  const taken = new Set([...PAGE_IDS, ...others])
  // Hand-written ids first: a link someone made to one keeps working whatever the headings before it say.
  const ids = new Map<Element, string>()
  for (const heading of headings) {
    const written = heading.properties.id
    if (typeof written === 'string' && HEADING_ID.test(written)) ids.set(heading, unique(written, taken))
  }
  for (const heading of headings) {
    const id = ids.get(heading) ?? unique(idFromText(textOf(heading)), taken)
    heading.properties.id = id
    heading.children.push(anchorTo(id, textOf(heading)))
  }
}

/** An id made from a heading's text: lower case, letters and digits of any script, words joined by `-`. */
export function idFromText(text: string): string {
  const words = text.normalize('NFC').toLowerCase().split(/[^\p{Ll}\p{Lo}\p{Nd}_]+/u).filter(Boolean)
  const id = words.join('-').slice(0, LONGEST_ID).replace(/-+$/, '')
  return HEADING_ID.test(id) ? id : 'section'
}

function unique(id: string, taken: Set<string>): string {
  let candidate = id
  for (let n = 2; taken.has(candidate); n++) {
    const suffix = `-${n}`
    candidate = `${id.slice(0, LONGEST_ID - suffix.length)}${suffix}`
  }
  taken.add(candidate)
  return candidate
}

function anchorTo(id: string, text: string): ElementContent {
  const label = text.trim() ? `Link to the section “${text.trim()}”` : 'Link to this section'
  return {
    type: 'element',
    tagName: 'a',
    properties: { href: `#${id}`, className: [HEADING_ANCHOR_CLASS], ariaLabel: label },
    // Its `#` is drawn by the style sheet: the heading's text stays its own (what a reader, a
    // search engine or a test reads of it), and the link is named by its label.
    children: [],
  }
}

function collectHeadings(parent: Root | Element, into: Element[], otherIds: Set<string>): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    if (HEADINGS.has(child.tagName)) into.push(child)
    else {
      if (typeof child.properties.id === 'string') otherIds.add(child.properties.id)
      collectHeadings(child, into, otherIds)
    }
  }
}

function textOf(node: Root | Root['children'][number]): string {
  if (node.type === 'text') return node.value
  if (node.type !== 'element' && node.type !== 'root') return ''
  return node.children.map((child) => textOf(child)).join('')
}
