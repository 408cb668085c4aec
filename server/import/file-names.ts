/**
 * The file names in a source's URLs, as a reader would say them (pure). A source's URLs come
 * from another tool: a malformed escape (`%E0%A4%A`) is kept as written, never thrown (one bad
 * link must not stop an import).
 */

/** `text` with its percent-escapes decoded, or as it is when they are malformed. */
export function decodeText(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The last segment of a URL's path, decoded (`Wind%20Farm.pdf` → `Wind Farm.pdf`); '' when it has none. */
export function fileNameOf(url: string): string {
  return decodeText(url.replace(/[?#].*$/, '').split('/').pop() ?? '')
}
