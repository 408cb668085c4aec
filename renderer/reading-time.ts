import { htmlText } from '../core/html-text.ts'

/** An adult's silent reading pace in English prose, words a minute (the figure Medium's "min read" uses too). */
export const WORDS_PER_MINUTE = 230

/**
 * A word: a run of letters and digits (apostrophes and hyphens inside it kept, so "don't" and
 * "well-known" are one each), or one character of a script written without spaces (Chinese,
 * Japanese), where a character is about what a word is elsewhere.
 */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}])+(?:['’-][\p{L}\p{N}]+)*/gu

/** How many words a post's sanitized HTML has for a reader: its text, tags and markup left out. */
export function wordCount(html: string): number {
  return htmlText(html).match(WORD)?.length ?? 0
}

/** The minutes a post takes to read (pure): its words at WORDS_PER_MINUTE, rounded, at least 1. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.round(wordCount(html) / WORDS_PER_MINUTE))
}

/** What the post page shows: "N min read". */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`
}
