import type { Element, Root as HtmlRoot } from 'hast'
import type { Root as MarkdownRoot, RootContent } from 'mdast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

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
}

/** Rewrites an image's `src` (`./photo.jpg` → where the importer finds it); returns it unchanged to keep it. */
export type ImageUrlRewrite = (src: string) => string

const markdown = unified().use(remarkParse).use(remarkGfm)
const toHtml = unified().use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true })
const htmlParser = unified().use(rehypeParse, { fragment: true })
const htmlWriter = unified().use(rehypeStringify)

export function markdownToHtml(source: string, rewriteImage?: ImageUrlRewrite): RenderedMarkdown {
  const tree = markdown.runSync(markdown.parse(source)) as MarkdownRoot
  const html = toHtml.stringify(toHtml.runSync(tree) as HtmlRoot)
  return {
    // The written HTML is parsed with the rendered (so `<img src="./x.png">` is an image too) only when images move.
    html: rewriteImage ? rewriteImages(html, rewriteImage) : html,
    firstHeading: textOf(tree.children.find((node) => node.type === 'heading' && node.depth === 1)),
    firstParagraph: textOf(tree.children.find((node) => node.type === 'paragraph')),
  }
}

function rewriteImages(html: string, rewrite: ImageUrlRewrite): string {
  const tree = htmlParser.parse(html) as HtmlRoot
  let changed = false
  const stack: Array<HtmlRoot | Element> = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const child of node.children) {
      if (child.type !== 'element') continue
      const src = child.properties.src
      if (child.tagName === 'img' && typeof src === 'string') {
        const moved = rewrite(src)
        if (moved !== src) {
          child.properties.src = moved
          changed = true
        }
      }
      stack.push(child)
    }
  }
  return changed ? htmlWriter.stringify(tree) : html
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
