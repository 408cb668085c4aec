/**
 * A WordPress post's body as WordPress itself would render it, before the importer sanitizes it
 * (pure, text in, text out). WordPress stores classic posts as text whose blank lines are
 * paragraphs (its `wpautop` filter adds the `<p>` on display), block-editor posts as HTML
 * wrapped in `<!-- wp:… -->` comments (which need no paragraphing: WordPress turns `wpautop` off
 * for them), and both may hold shortcodes, `[name attr="…"]inner[/name]`, which only the site's
 * plugins can render. `[caption]` becomes a figure with its caption; any other shortcode is
 * replaced by its inner text and named, so the report can say what was lost.
 */

export interface WordPressBody {
  html: string
  /** The shortcodes replaced by their inner text (or removed, when they had none), each once, in order. */
  shortcodes: string[]
}

/** The block-level elements wpautop leaves outside paragraphs (WordPress's own list, trimmed to HTML5). */
const BLOCK =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|audio|video|iframe|object|script|noscript)'

/**
 * A shortcode: `[name attributes]`, optionally closed by `[/name]` with what is between. Names
 * are WordPress's (a letter first, then letters, digits, `_` or `-`); `[[name]]` is WordPress's
 * escape for a literal shortcode and is left alone.
 */
const SHORTCODE = /(\[?)\[([a-z][a-z0-9_-]*)\b([^\]]*?)(\/?)\](?:([\s\S]*?)\[\/\2\])?(\]?)/g

export function wordpressBody(raw: string): WordPressBody {
  const text = raw.replace(/\r\n?/g, '\n')
  const isBlocks = /<!--\s*\/?wp:/.test(text)
  // `<!--more-->` and `<!--nextpage-->` are WordPress's markers (the excerpt's end, a page break), not content.
  const withoutMarkers = text.replace(/<!--\s*(?:more|nextpage)\b[\s\S]*?-->/g, '')
  const withoutComments = isBlocks ? removeBlockComments(withoutMarkers) : withoutMarkers
  const shortcodes: string[] = []
  // As WordPress does: paragraphs first, shortcodes after (a caption's figure is no paragraph).
  const paragraphs = isBlocks ? withoutComments.trim() : autoParagraphs(withoutComments)
  const html = expandShortcodes(paragraphs, shortcodes).replace(/<p>\s*(<figure>[\s\S]*?<\/figure>)\s*(?:<br>\s*)?<\/p>/g, '$1')
  return { html, shortcodes }
}

/** `<!-- wp:paragraph {"align":"center"} -->` and `<!-- /wp:paragraph -->`, and self-closing ones, removed. */
function removeBlockComments(text: string): string {
  return text.replace(/<!--\s*\/?wp:[\s\S]*?-->\n?/g, '')
}

function expandShortcodes(text: string, found: string[]): string {
  return text.replace(SHORTCODE, (whole, open: string, name: string, attributes: string, _slash: string, inner: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1)
    const body = inner === undefined ? '' : expandShortcodes(inner, found)
    if (name === 'caption' || name === 'wp_caption') return open + captionFigure(attributes, body) + close
    if (!found.includes(name)) found.push(name)
    return open + body + close
  })
}

/**
 * `[caption id="…" align="…" width="604"]<a><img></a> Bell on wharf[/caption]`: the image (and
 * its link) in a figure, the text after it as the figcaption. Older exports put the caption in a
 * `caption="…"` attribute instead.
 */
function captionFigure(attributes: string, body: string): string {
  const media = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body)
  const fromAttribute = /\bcaption="([^"]*)"/.exec(attributes)?.[1] ?? ''
  if (!media) return body
  const caption = (media[2]!.trim() || fromAttribute).trim()
  return `<figure>${media[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`
}

/**
 * WordPress's `wpautop`, step for step as it runs on post content: blank-line-separated text
 * becomes paragraphs, a single newline inside one a line break, and block elements stay outside
 * paragraphs. `<pre>` keeps its lines as written.
 */
export function autoParagraphs(text: string): string {
  if (text.trim() === '') return ''
  const kept: string[] = []
  const blocks = (pattern: string, flags = 'gi') => new RegExp(pattern.replaceAll('BLOCK', BLOCK), flags)
  // <pre> is kept verbatim: its newlines are the content.
  let work = text.replace(/<pre\b[\s\S]*?<\/pre>/gi, (pre) => `<pre wp-kept="${kept.push(pre) - 1}"></pre>`)
  work = `${work}\n`
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n')
    .replace(blocks('(<BLOCK[\\s/>])'), '\n\n$1')
    .replace(blocks('(</BLOCK>)'), '$1\n\n')
    .replace(/<hr\s*\/?>/gi, '$&\n\n')
    .replace(/\n\n+/g, '\n\n')
  work = work
    .split(/\n\s*\n/)
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => `<p>${chunk.trim().replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('')
  work = work
    .replace(/<p>\s*<\/p>/g, '')
    .replace(/<p>([^<]+)<\/(div|address|form)>/gi, '<p>$1</p></$2>')
    .replace(blocks('<p>\\s*(</?BLOCK[^>]*>)\\s*</p>'), '$1')
    .replace(/<p>(<li.+?)<\/p>/gi, '$1')
    .replace(blocks('<p>\\s*(</?BLOCK[^>]*>)'), '$1')
    .replace(blocks('(</?BLOCK[^>]*>)\\s*</p>'), '$1')
    // Every newline left is a line break, then those beside a block element are taken back.
    .replace(/(?<!<br>)\s*\n/g, '<br>\n')
    .replace(blocks('(</?BLOCK[^>]*>)\\s*<br>'), '$1')
    .replace(/<br>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, '$1')
  return work.replace(/<pre wp-kept="(\d+)"><\/pre>/g, (_match, index: string) => kept[Number(index)]!).trim()
}
