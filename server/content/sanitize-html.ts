import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { formatBlocks } from './format-blocks.ts'
import { isAllowedImageSource } from '../../renderer/image-source.ts'
import { isCleanPostHtml } from './is-clean-html.ts'

export { isAllowedImageSource }

/**
 * Exactly what the editor may produce (SPEC §2 toolbar, §5 rules): headings 1–3,
 * paragraphs, bold, italic, underline, strike, inline code, code blocks, ordered and
 * bullet lists, blockquotes, links, images, line breaks and rules. No `style`, no `class`
 * except a code block's language, no event handlers, no ids (nothing can clobber the page).
 */
export const POST_HTML_SCHEMA: SanitizeSchema = {
  tagNames: [
    'p', 'h1', 'h2', 'h3', 'strong', 'em', 'u', 's', 'del', 'code', 'pre',
    'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr', 'img',
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: [['start', /^\d{1,6}$/]],
    code: [['className', /^language-[a-z0-9+#_-]{1,30}$/]],
  },
  // Links: http, https, mailto and tel only; any other scheme loses its href (a blank link).
  protocols: { href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https', 'data'] },
  // Removed together with everything inside them, not unwrapped.
  strip: ['script', 'style', 'svg', 'math', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select', 'title'],
  required: {},
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
}

/**
 * What a post's content may hold once display-html.ts has made its images responsive: the post's
 * schema, and on `<img>` the attributes that rewrite writes, with the values it writes. Nothing
 * sanitizes with it on the way to a page: it says what the rewrite may produce, and
 * tests/unit/display-html.test.ts checks that sanitizing with it changes nothing.
 */
export const DISPLAY_HTML_SCHEMA: SanitizeSchema = {
  ...POST_HTML_SCHEMA,
  attributes: {
    ...POST_HTML_SCHEMA.attributes,
    img: [...POST_HTML_SCHEMA.attributes!.img!, 'srcSet', 'sizes', ['width', /^\d{1,5}$/], ['height', /^\d{1,5}$/], ['loading', 'lazy'], ['decoding', 'async']],
  },
  protocols: { ...POST_HTML_SCHEMA.protocols, srcSet: ['http', 'https'] },
}

/** Older spellings of the editor's marks keep their meaning instead of being unwrapped. */
export const RENAMED_TAGS: Record<string, string> = { b: 'strong', i: 'em', strike: 's' }

function renameLegacyTags() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue
        child.tagName = RENAMED_TAGS[child.tagName] ?? child.tagName
        visit(child)
      }
    }
    visit(tree)
  }
}

/** Removes images whose source the sanitizer dropped or that break the §5 image rule, and emptied classes. */
function dropDisallowedImages() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      parent.children = parent.children.filter((child: RootContent) => {
        if (child.type !== 'element') return true
        if (child.tagName === 'img') {
          const src = child.properties.src
          return typeof src === 'string' && isAllowedImageSource(src)
        }
        // A class the schema filtered away leaves an empty list behind: drop the attribute.
        if (Array.isArray(child.properties.className) && child.properties.className.length === 0) {
          delete child.properties.className
        }
        visit(child)
        return true
      })
    }
    visit(tree)
  }
}

const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(renameLegacyTags)
  .use(rehypeSanitize, POST_HTML_SCHEMA)
  .use(dropDisallowedImages)
  .use(formatBlocks)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()

/** The same pipeline without the sanitizer: what the HTML is, formatted but unfiltered. */
const formatter = unified()
  .use(rehypeParse, { fragment: true })
  .use(renameLegacyTags)
  .use(formatBlocks)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()

/**
 * Sanitizes post HTML and formats it one block element per line. Used on save and when
 * posts are loaded for rendering. Idempotent: cleaning clean HTML returns it unchanged.
 */
export function cleanPostHtml(html: string): string {
  return String(processor.processSync(html))
}

/**
 * HTML that is safe to render: the file's own text when it is already clean (the usual
 * case: the server wrote it), otherwise the sanitized version.
 */
export function safePostHtml(html: string): string {
  return isCleanPostHtml(html) ? html : cleanPostHtml(html)
}

/**
 * Whether sanitizing would remove anything from `html` (an element, an attribute, a link), as
 * opposed to only formatting it one block per line or renaming `<b>` to `<strong>`.
 */
export function wouldSanitizerChange(html: string): boolean {
  return !isCleanPostHtml(html) && String(formatter.processSync(html)) !== cleanPostHtml(html)
}
