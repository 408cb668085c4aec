/**
 * Whether JSON text nests arrays and objects more than `max` levels deep, found by one pass over
 * the text before JSON.parse sees it: a bracket inside a string does not count, nor one escaped
 * there. JSON.parse itself has no depth limit, and a few megabytes of `[[[[…` keep it (and the
 * code that walks what it built) busy for seconds; this scan costs one look at each character.
 * Text that is not JSON is not judged here: JSON.parse refuses it next, at its first wrong byte.
 */
export function isJsonDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === BACKSLASH) i++
      else if (char === QUOTE) inString = false
    } else if (char === QUOTE) {
      inString = true
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
