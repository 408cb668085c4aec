export { htmlText } from '../../core/html-text.ts'

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
