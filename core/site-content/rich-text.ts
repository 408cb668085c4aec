/**
 * The rich text a field of the site's copy may hold: plain text with `**strong**` runs and
 * `[label](url)` links, nothing else (no nesting, no HTML). A backslash makes the next `*`, `[`,
 * `]`, `(`, `)` or `\` plain text. Parsed into runs that the pages render as React elements, so a
 * value can never become markup of its own. Pure and tiny: the pages' bundles carry it.
 */

/** A run of text: plain, strong, or a link. */
export type Run = string | { strong: string } | { link: string; href: string }

/** Where (a character index) and why a text is not rich text this parser reads. */
export interface RichTextError {
  at: number
  reason: string
}

const ESCAPABLE = new Set(['*', '[', ']', '(', ')', '\\'])

/** The runs of `text`; throws on text that does not parse (the schemas refuse such text before). */
export function parseRichText(text: string): Run[] {
  const result = readRichText(text)
  if ('error' in result) throw new Error(`at character ${result.error.at + 1}: ${result.error.reason}`)
  return result.runs
}

/** The runs of `text`, or where and why it does not parse. */
export function readRichText(text: string): { runs: Run[] } | { error: RichTextError } {
  const runs: Run[] = []
  let plain = ''
  const flush = () => {
    if (plain !== '') runs.push(plain)
    plain = ''
  }
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length && ESCAPABLE.has(text[i + 1]!)) {
      plain += text[i + 1]
      i += 2
    } else if (text.startsWith('**', i)) {
      const end = findUnescaped(text, '**', i + 2)
      if (end === -1) return { error: { at: i, reason: '** opens bold text that is never closed' } }
      const inner = unescape(text.slice(i + 2, end))
      if (inner.trim() === '') return { error: { at: i, reason: 'bold text is empty' } }
      flush()
      runs.push({ strong: inner })
      i = end + 2
    } else if (char === '[') {
      const close = findUnescaped(text, '](', i + 1)
      const end = close === -1 ? -1 : findUnescaped(text, ')', close + 2)
      if (end === -1) return { error: { at: i, reason: '[ opens a link that is not written [label](address)' } }
      const label = unescape(text.slice(i + 1, close))
      const href = text.slice(close + 2, end)
      if (label.trim() === '') return { error: { at: i, reason: 'a link has no label' } }
      flush()
      runs.push({ link: label, href })
      i = end + 1
    } else {
      // Anything else is itself, a lone `*`, `]` or `(` included.
      plain += char
      i++
    }
  }
  flush()
  return { runs }
}

/** The text a reader sees (structured data, a plain-text answer). */
export function plainTextOf(runs: readonly Run[]): string {
  return runs.map((run) => (typeof run === 'string' ? run : 'strong' in run ? run.strong : run.link)).join('')
}

function findUnescaped(text: string, token: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\' && ESCAPABLE.has(text[i + 1] ?? '')) i++
    else if (text.startsWith(token, i)) return i
  }
  return -1
}

function unescape(text: string): string {
  return text.replace(/\\([*[\]()\\])/g, '$1')
}
