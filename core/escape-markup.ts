/*
 * The one escaping of the markup the site writes as text (pure, for the server and the pages):
 * HTML for the head tags (renderer/seo.ts) and a feed's HTML summary; XML for the feeds and the
 * sitemap; JSON inside a `<script>` element (the pricing page's FAQ for search engines). React
 * escapes what it renders itself; post content is sanitized HTML, never escaped.
 *
 * Not here, on purpose: the lean post pages' copy of vike's escaping (server/pages/lean-post-page.ts),
 * which must stay vike's byte for byte; and the editor's serializer (pages/admin/blog/editor/
 * normalize-html.ts), which writes a post's HTML as the server's sanitizer writes it.
 */

/** Element content of an HTML document: `&`, `<` and `>`. */
export function escapeHtmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** An HTML attribute value, written in double quotes: also `"`. */
export function escapeHtmlAttribute(value: string): string {
  return escapeHtmlText(value).replace(/"/g, '&quot;')
}

/**
 * `value` as JSON that stays inert inside a `<script>` element, whose text ends at the first
 * `</script`: `<`, `>` and `&` are written as JSON escapes, so JSON.parse still reads back exactly
 * the same strings.
 */
export function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/*
 * XML 1.0. Nothing is ever wrapped in CDATA: a section ends at the first `]]>` in its text, so
 * whoever controls the text (a post's content) could close it and write markup of their own.
 * Escaped text has no such end: `>` is always `&gt;`, so no `]]>` survives.
 *
 * Characters XML 1.0 does not allow at all (§2.2 `Char`: C0 controls other than tab, LF and CR,
 * lone surrogates, U+FFFE and U+FFFF) cannot be escaped either (`&#1;` is not well-formed):
 * they are dropped. A strict parser (a feed reader's) would refuse the whole document for one.
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** `text` without the characters XML 1.0 forbids. */
export function xmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '')
}

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  // A parser turns a CR (alone or before LF) into LF: escaped, it stays what it was.
  '\r': '&#13;',
}

/** XML element content: `&`, `<` and `>` (so no `]]>`), and CR. */
export function escapeXmlText(text: string): string {
  return xmlCharacters(text).replace(/[&<>\r]/g, (character) => TEXT_ESCAPES[character]!)
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' }

/** An XML attribute value, written in double quotes: also `"`, and tab and LF, which a parser would make spaces. */
export function escapeXmlAttribute(value: string): string {
  return xmlCharacters(value).replace(/[&<>"\r\t\n]/g, (character) => ATTRIBUTE_ESCAPES[character]!)
}
