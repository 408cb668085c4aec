/**
 * Words as the admin's search compares them (pure): lowercase, accents removed (NFKD, then the
 * combining marks dropped, so "é" is "e"), split at anything but a letter or a digit, each word
 * once. A query is folded the same way, so "Café", "CAFE" and "café" are the one word "cafe".
 */
export function searchWords(text: string): string[] {
  // Most text is ASCII: normalizing, and telling letters from the rest, is for the rest.
  const folded = NON_ASCII.test(text) ? text.normalize('NFKD').replace(COMBINING_MARKS, '').replace(SYMBOLS, ' ').toLowerCase() : text.toLowerCase()
  const words = new Set<string>()
  for (const word of folded.split(SEPARATORS)) if (word !== '') words.add(word)
  return [...words]
}

/**
 * The text of a post's sanitized HTML (pure): tags removed, a block's or a line break's as a
 * space and an inline one's as nothing (so `<strong>Wi</strong>Fi` is "WiFi"), and character
 * references decoded (`&amp;` is "&", `&#233;` "é").
 */
export function htmlText(html: string): string {
  return html.replace(INLINE_TAG, '').replace(TAG, ' ').replace(REFERENCE, decodeReference)
}

const NON_ASCII = /[^\x00-\x7f]/
/** Latin's combining accents, what NFKD splits off "é", "ñ" or "ç". */
const COMBINING_MARKS = /[\u0300-\u036f]+/g
/**
 * What is not a word beyond ASCII, once NFKD has made compatibility forms plain (full-width
 * letters, ligatures, superscripts): Latin-1's symbols and spaces, general punctuation (the
 * typographic quotes and dashes), currency, arrows to dingbats, CJK punctuation and emoji.
 * Matching Unicode's letter and number classes instead cost twelve times as much over 10,000
 * posts; a symbol missed here only joins two words, in the text and the query alike.
 */
const SYMBOLS = /(?:[\u0080-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2190-\u2bff\u3000-\u303f\ufe10-\ufe1f\ufe30-\ufe4f\ufff0-\uffff]|\ud83c[\udc00-\udfff]|\ud83d[\udc00-\udfff]|\ud83e[\udc00-\udfff])+/g
/** What is not part of a word in ASCII, once lowercase. */
const SEPARATORS = /[^a-z0-9\u0080-\uffff]+/

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
