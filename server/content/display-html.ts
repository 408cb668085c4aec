import type { Element, Properties, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { responsiveImage } from '../../core/responsive-image.ts'
import { addHeadingAnchors } from './heading-anchors.ts'
import { highlightCode } from './highlight-code.ts'
import { showVideoEmbeds } from './video-embed-display.ts'

/**
 * A post's sanitized content as its page shows it (pure): each heading gets a unique id and a
 * link to it (heading-anchors.ts); each code block with a known language is coloured
 * (highlight-code.ts); each video embed becomes a click-to-load frame (video-embed-display.ts);
 * each `<img>` of the site's media
 * library becomes `<img src srcset sizes width height alt title loading="lazy" decoding="async">`,
 * sized for the article's text column; any other image gets `loading="lazy"` and
 * `decoding="async"`. Images in the text are below the title (and the featured image, loaded
 * first), so none of them is loaded eagerly.
 *
 * Done on the parsed tree, never on the text: a regular expression that looked for `<img` also
 * found it inside an attribute value (`<a title="<img src=/media/…>">`), and the quotes it wrote
 * there closed that value, so the rest of it became attributes of the link (an event handler,
 * a second `id`). Here an attribute value is only ever a value, and the serializer escapes it.
 *
 * Done on the server, once per post (post-index.ts caches it): the post page, the public API it
 * fetches after a client-side navigation, the feeds and the preview all get the rewritten HTML,
 * so the browser never rewrites anything and needs no HTML parser in its bundle. What it may
 * write is declared beside the post's schema (DISPLAY_HTML_SCHEMA, sanitize-html.ts).
 */
export function displayPostHtml(cleanHtml: string): string {
  // Sanitized HTML is the serializer's (or passed the strict clean check): an image is spelled `<img`, a frame `<iframe`, a heading `<h1`…`<h6`, a language `<code class="language-`.
  if (!cleanHtml.includes('<img') && !cleanHtml.includes('<iframe') && !/<h[1-6][ >]/.test(cleanHtml) && !cleanHtml.includes('<code class="language-')) return cleanHtml
  const tree = parser.parse(cleanHtml)
  addHeadingAnchors(tree)
  highlightCode(tree)
  showVideoEmbeds(tree)
  visitImages(tree, (image) => {
    image.properties = responsiveProperties(image.properties)
  })
  return serializer.stringify(tree)
}

/** The attributes a rewritten image has, in the order they are written. */
function responsiveProperties(properties: Properties): Properties {
  const { src, srcSet: _srcSet, sizes: _sizes, width: _width, height: _height, loading, decoding, ...others } = properties
  const image = typeof src === 'string' ? responsiveImage(src, 'prose') : null
  if (!image) return { ...properties, loading: loading ?? 'lazy', decoding: decoding ?? 'async' }
  const sized: Properties = { src: image.src }
  if (image.srcset) Object.assign(sized, { srcSet: image.srcset, sizes: image.sizes })
  return { ...sized, width: image.width, height: image.height, ...others, loading: 'lazy', decoding: 'async' }
}

function visitImages(parent: Root | Element, visit: (image: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'img') visit(child)
    else visitImages(child, visit)
  }
}

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
// Serialized as the sanitizer serializes, so the markup around the images stays byte for byte the same.
const serializer = unified().use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).freeze()
