import { searchWords } from '../../content/search-words.ts'

/** A text to search (a post's title, slug, summary and content), read when first needed. */
export interface SearchableText {
  read(): string
}

/**
 * The words of every post the admin's search has seen, each numbered once (search-words.ts
 * folds them), so that a post is held as the numbers of its words: 10,000 posts of the bench's
 * are about 110 words each, 4 bytes a word, where their text is 45 million characters of HTML.
 * A search looks for each of its words in the list of words once, then checks each post's
 * numbers against what it found: no post's text is read or scanned again.
 */
export class WordIndex {
  /** The numbers of each text's words, found on first need: kept while the text is (one per post version). */
  readonly #found = new WeakMap<SearchableText, Uint32Array>()
  readonly #ids = new Map<string, number>()
  readonly #words: string[] = []
  /** Every word, one after another with a newline between, and where each starts; made again once words were added. */
  #joined: { text: string; starts: Int32Array } | null = null

  /** The numbers of the words of `text` (searchWords), found once. */
  wordsOf(text: SearchableText): Uint32Array {
    let ids = this.#found.get(text)
    if (ids === undefined) this.#found.set(text, (ids = this.idsOf(searchWords(text.read()))))
    return ids
  }

  /** Whether the words of `text` were found already. */
  has(text: SearchableText): boolean {
    return this.#found.has(text)
  }

  /** The numbers of `words` (given each once), numbering the new ones. */
  idsOf(words: readonly string[]): Uint32Array {
    const ids = new Uint32Array(words.length)
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!
      let id = this.#ids.get(word)
      if (id === undefined) {
        id = this.#words.length
        this.#ids.set(word, id)
        this.#words.push(word)
        this.#joined = null
      }
      ids[i] = id
    }
    return ids
  }

  /** Marks, by number, the words that contain `fragment` (a folded word of a query, no newline in it), and how many. */
  containing(fragment: string): { marks: Uint8Array; count: number } {
    const marks = new Uint8Array(this.#words.length)
    this.#joined ??= joinWords(this.#words)
    const { text, starts } = this.#joined
    let count = 0
    let from = 0
    for (;;) {
      const at = text.indexOf(fragment, from)
      if (at === -1) return { marks, count }
      const word = wordAt(starts, at)
      marks[word] = 1
      count++
      from = starts[word + 1]!
    }
  }

  get size(): number {
    return this.#words.length
  }
}

/** Whether a post (the numbers of its words) has, for each set of marks, a word marked in it. */
export function hasEveryWord(ids: Uint32Array, wanted: readonly Uint8Array[]): boolean {
  next: for (const marks of wanted) {
    for (let i = 0; i < ids.length; i++) if (marks[ids[i]!] === 1) continue next
    return false
  }
  return true
}

function joinWords(words: readonly string[]): { text: string; starts: Int32Array } {
  const starts = new Int32Array(words.length + 1)
  let at = 0
  for (let i = 0; i < words.length; i++) {
    starts[i] = at
    at += words[i]!.length + 1
  }
  // Past the last word: where a word after it would start.
  starts[words.length] = at
  return { text: words.join('\n'), starts }
}

/** The word whose characters include `at`: the last one starting at or before it (binary search). */
function wordAt(starts: Int32Array, at: number): number {
  let low = 0
  let high = starts.length - 2
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if (starts[middle]! <= at) low = middle
    else high = middle - 1
  }
  return low
}
