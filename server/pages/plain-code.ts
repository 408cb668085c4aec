import type { Element, ElementContent, Root } from 'hast'
import { visitCodeBlocks } from '../content/highlight-code.ts'

/**
 * Puts each code block of a post's display tree back to plain text, in place: the
 * `<span class="hljs-…">` tokens the page colours its code with (server/content/highlight-code.ts)
 * become the text they hold. A feed reader shows a post without the site's style sheet, so
 * the tokens would colour nothing and only add bytes to every poll; the block keeps its
 * `class="language-…"`, which a reader that highlights code reads itself. Only those spans
 * go: any other markup of a block written by hand stays.
 */
export function plainCode(tree: Root): void {
  visitCodeBlocks(tree, (code) => {
    code.children = withoutTokens(code.children)
  })
}

function withoutTokens(nodes: ElementContent[]): ElementContent[] {
  const kept: ElementContent[] = []
  for (const node of nodes) {
    if (node.type !== 'element') kept.push(node)
    else if (isToken(node)) kept.push(...withoutTokens(node.children))
    else kept.push({ ...node, children: withoutTokens(node.children) })
  }
  return kept
}

function isToken(element: Element): boolean {
  const classes = element.properties.className
  return element.tagName === 'span' && Array.isArray(classes) && classes.some((name) => typeof name === 'string' && name.startsWith('hljs-'))
}
