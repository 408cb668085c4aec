import type { Element, Root as HtmlRoot } from 'hast'
import type { Root as MarkdownRoot, RootContent } from 'mdast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { isDeeperThan } from '../content/html-depth.ts'
import { MAX_CONTENT_DEPTH } from '../content/post-rules.ts'

/**
 * Markdown rendered to HTML for an import (pure): CommonMark with GitHub's tables, strikethrough,
 * task lists, autolinks and footnotes (remark-gfm), as Hugo, Jekyll (kramdown/GFM) and Astro
 * render a post. HTML written inside the Markdown (`<figure>`, `<img width>`, `<iframe>`) is kept
 * as written: real posts hold it, and the importer sanitizes every post's HTML, which decides
 * what of it stays. Nothing here is trusted output.
 */

export interface RenderedMarkdown {
  html: string
  /** The first top-level heading's text (a title for a file whose front matter has none). */
  firstHeading: string
  /** The first paragraph's text (a summary for a file whose front matter has none). */
  firstParagraph: string
  /** Every image's `src`, whether written in Markdown or as HTML, in order. */
  images: string[]
}

const markdown = unified().use(remarkParse).use(remarkGfm)
const toHtml = unified().use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true })
const htmlParser = unified().use(rehypeParse, { fragment: true })
const htmlWriter = unified().use(rehypeStringify)

/** Quotes nested deeper than a post may be: the parser walks them by recursion, slowly, to a stack overflow. */
const DEEP_QUOTES = new RegExp(`^(?:[ \\t]*>){${MAX_CONTENT_DEPTH + 1}}`, 'm')

/** @throws Error when the Markdown, or the HTML written in it, nests deeper than any post may. */
export function markdownToHtml(source: string): RenderedMarkdown {
  if (DEEP_QUOTES.test(source)) throw new Error(`quotes nested more than ${MAX_CONTENT_DEPTH} deep`)
  const tree = markdown.runSync(markdown.parse(source)) as MarkdownRoot
  const html = toHtml.stringify(toHtml.runSync(tree) as HtmlRoot)
  // Written HTML may nest deeper than the tree walks below can go: checked by code that cannot overflow.
  if (isDeeperThan(html, MAX_CONTENT_DEPTH)) throw new Error(`elements nested more than ${MAX_CONTENT_DEPTH} deep`)
  const images: string[] = []
  // The HTML is parsed whole (what was rendered and what was written), so `<img src="./x.png">` counts too.
  eachImage(htmlParser.parse(html) as HtmlRoot, (image) => void images.push(image.properties.src as string))
  return {
    html,
    firstHeading: textOf(tree.children.find((node) => node.type === 'heading' && node.depth === 1)),
    firstParagraph: textOf(tree.children.find((node) => node.type === 'paragraph')),
    images,
  }
}

/** `html` with each image whose `src` is a key of `moved` pointing at its value instead (pure). */
export function moveImages(html: string, moved: ReadonlyMap<string, string>): string {
  if (moved.size === 0) return html
  const tree = htmlParser.parse(html) as HtmlRoot
  eachImage(tree, (image) => {
    const to = moved.get(image.properties.src as string)
    if (to !== undefined) image.properties.src = to
  })
  return htmlWriter.stringify(tree)
}

/** Calls `visit` with every `<img>` that has a `src`, walking by a loop (no recursion to overflow). */
function eachImage(tree: HtmlRoot, visit: (image: Element) => void): void {
  const stack: Array<HtmlRoot | Element> = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'img' && typeof child.properties.src === 'string') visit(child)
      stack.push(child)
    }
  }
}

/** The text of a Markdown node: its text and code, without markup. */
function textOf(node: RootContent | undefined): string {
  if (!node) return ''
  const parts: string[] = []
  const stack: RootContent[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.type === 'text' || current.type === 'inlineCode') parts.push(current.value)
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as RootContent)
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}
