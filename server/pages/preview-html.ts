import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'

/**
 * A rendered post page made into a preview (issue 14): the same HTML visitors get, without
 * anything that runs. Pure. The page's scripts would hydrate it and fetch the post from the
 * public API, which knows nothing of an unsaved (or draft, or scheduled) version: the preview
 * would turn into "Post Not Found". Server-rendered HTML and CSS are the page as visitors see it.
 *
 * The scripts are taken out of the parsed page, not matched in its text: the post's content is
 * in that text, and a `<script>` written inside one of its attribute values (which the sanitizer
 * allows: it is only text there) would have made a pattern cut the page from that value to the
 * next real `</script>`. The content is within the depth limit (post-rules.ts), so the tree
 * walks below cannot overflow.
 */
export function previewHtml(html: string): string {
  const tree = parser.parse(html)
  removeScripts(tree)
  const head = findElement(tree, 'head')
  head?.children.unshift({ type: 'element', tagName: 'meta', properties: { name: 'robots', content: 'noindex, nofollow' }, children: [] })
  return serializer.stringify(tree)
}

/** What runs, or loads what runs: scripts, and the module preloads vike adds to the head. */
function runs(node: RootContent): boolean {
  if (node.type !== 'element') return false
  if (node.tagName === 'script') return true
  const rel = node.properties.rel
  return node.tagName === 'link' && Array.isArray(rel) && rel.includes('modulepreload')
}

function removeScripts(parent: Root | Element): void {
  parent.children = parent.children.filter((child) => !runs(child))
  for (const child of parent.children) if (child.type === 'element') removeScripts(child)
}

function findElement(parent: Root | Element, tagName: string): Element | undefined {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    if (child.tagName === tagName) return child
    const found = findElement(child, tagName)
    if (found) return found
  }
  return undefined
}

const parser = unified().use(rehypeParse).freeze()
const serializer = unified().use(rehypeStringify).freeze()

/** The preview's own policy, should it be opened on its own: nothing runs, nothing is framed by others. */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' https: http: data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ')
