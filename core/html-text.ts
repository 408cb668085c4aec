/*
 * Shared by the server (the admin's search: server/content/search-words.ts) and the pages (a post's
 * reading time and contents): pages may not import the server's code.
 */

/**
 * The text of a post's sanitized HTML (pure): tags removed, a block's or a line break's as a
 * space and an inline one's as nothing (so `<strong>Wi</strong>Fi` is "WiFi"), and character
 * references decoded (`&amp;` is "&", `&#233;` "é").
 */
export function htmlText(html: string): string {
  return html.replace(INLINE_TAG, '').replace(TAG, ' ').replace(REFERENCE, decodeReference)
}

/** A tag, its attributes' quoted values included (one may hold a `>`). */
const TAG = /<\/?[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g
/** A tag of an element found inside a word as often as around one. */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|mark|s|small|span|strong|sub|sup|u)(?=[\s/>])[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/gi
const REFERENCE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g
/** The named references a serializer writes; any other name is not a word. */
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeReference(_reference: string, name: string): string {
  if (name[0] !== '#') return NAMED[name] ?? ' '
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' '
}
