import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import { unified } from 'unified'
import { embeddedProviders, providerOrigin } from '../../core/video-embeds.ts'

/**
 * A rendered post page made into a preview: the same HTML visitors get, without
 * anything that runs. Pure. The page's scripts would hydrate it and fetch the post from the
 * public API, which knows nothing of an unsaved (or draft, or scheduled) version: the preview
 * would turn into "Post Not Found". Server-rendered HTML and CSS are the page as visitors see it.
 *
 * The scripts are found in the parsed page, not matched in its text: the post's content is in
 * that text, and a `<script>` written inside one of its attribute values (which the sanitizer
 * allows: it is only text there) would have made a pattern cut the page from that value to the
 * next real `</script>`. What the parser says is a script is cut out by its position, so the rest
 * of the page stays byte for byte what visitors get. The content is within the depth limit
 * (post-rules.ts), so the tree walk below cannot overflow.
 */
export function previewHtml(html: string): string {
  const tree = parser.parse(html)
  const cuts: { start: number; end: number; insert: string }[] = []
  visitElements(tree, (element) => {
    const { start, end } = offsetsOf(element)
    if (runs(element)) cuts.push({ start, end, insert: '' })
    else if (element.tagName === 'head') {
      // Where the head's content begins (its start tag's end, before its first child).
      const first = element.children[0]
      const at = first ? offsetsOf(first).start : html.indexOf('>', start) + 1
      cuts.push({ start: at, end: at, insert: NO_INDEX })
    }
  })
  let out = html
  // From the end, so earlier offsets hold; at one offset the cut before the insertion.
  for (const cut of cuts.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, cut.start) + cut.insert + out.slice(cut.end)
  return out
}

const NO_INDEX = '<meta name="robots" content="noindex, nofollow">'

/** What runs, or loads what runs: scripts, and the module preloads vike adds to the head. */
function runs(element: Element): boolean {
  if (element.tagName === 'script') return true
  const rel = element.properties.rel
  return element.tagName === 'link' && Array.isArray(rel) && rel.includes('modulepreload')
}

function offsetsOf(node: Element | RootContent): { start: number; end: number } {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) throw new Error('The parsed page has no source positions')
  return { start, end }
}

function visitElements(parent: Root | Element, visit: (element: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    visit(child)
    visitElements(child, visit)
  }
}

const parser = unified().use(rehypeParse).freeze()

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

/**
 * The preview's policy for its HTML: a preview of a post that embeds a video may frame that
 * video's player, as the post's page will (server/http/security-headers.ts). The preview runs
 * no script (`sandbox`), so the player shows but does not play there.
 */
export function previewContentSecurityPolicy(html: string): string {
  const frames = embeddedProviders(html)
  return frames.length === 0 ? PREVIEW_CONTENT_SECURITY_POLICY : `${PREVIEW_CONTENT_SECURITY_POLICY}; frame-src ${frames.map(providerOrigin).join(' ')}`
}
