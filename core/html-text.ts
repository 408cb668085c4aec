/*
 * Shared by the server (the admin's search: server/content/search-words.ts) and the pages (a post's
 * reading time and contents): pages may not import the server's code.
 */

/**
 * The text of a post's sanitized HTML (pure): tags removed, a block's or a line break's as a
 * space and an inline one's as nothing (so `<strong>Wi</strong>Fi` is "WiFi"), and character
 * references decoded (`&amp;` is "&", `&#233;` "é"). A footnote's marks are no words of the
 * text: its reference (`claim<sup>…1…</sup>`, which would make "claim1") and its note's way
 * back (`↩`) go. A bare `<span>` is a bookmark card's description, a line of its own below its
 * title (a code token's `<span>` has a class).
 */
export function htmlText(html: string): string {
  return html.replace(FOOTNOTE_MARK, '').replace(/<span>/g, ' ').replace(INLINE_TAG, '').replace(TAG, ' ').replace(REFERENCE, decodeReference)
}

/** A tag's attributes, their quoted values included (one may hold a `>`). */
const ATTRIBUTES = `[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*`
/** A tag. */
const TAG = new RegExp(`</?[a-zA-Z]${ATTRIBUTES}>`, 'g')
/** A footnote's reference and its note's link back, as a post holds them (core/post-html-rules.ts). */
const FOOTNOTE_MARK = new RegExp(`<sup><a ${ATTRIBUTES}role="doc-noteref"${ATTRIBUTES}>[^<]*</a></sup>|<a ${ATTRIBUTES}role="doc-backlink"${ATTRIBUTES}>[^<]*</a>`, 'g')
/** A tag of an element found inside a word as often as around one. */
const INLINE_TAG = new RegExp(`</?(?:a|abbr|b|cite|code|em|i|mark|s|small|span|strong|sub|sup|u)(?=[\\s/>])${ATTRIBUTES}>`, 'gi')
const REFERENCE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g
/** The named references a serializer writes; any other name is not a word. */
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeReference(_reference: string, name: string): string {
  if (name[0] !== '#') return NAMED[name] ?? ' '
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' '
}
