/**
 * Git's config syntax (`[section "subsection"]`, `key = value`), read as git reads it
 * (config.c: git_parse_source and the functions it calls, git 2.39), for the one config file a
 * content repository may carry: its `.gitmodules`, whose entries git's fsck checks
 * (gitmodules-rules.ts). Pure, over the file's bytes: each entry is handed to `onEntry` as it is
 * read (`submodule.<name>.url`, its value or null for a key without `=`), and reading stops at the
 * first line git cannot read, as git's does: the entries before it have been seen. Answers whether
 * the whole file was read.
 *
 * Bytes are read one at a time as git reads them: the names and values handed on are latin1
 * strings (one character a byte), enough for rules written about ASCII characters. Includes are
 * not followed (git does not follow them in a blob either).
 */
export function readConfigText(bytes: Uint8Array, onEntry: (name: string, value: string | null) => void): boolean {
  const reader = new ConfigReader(bytes)
  let comment = false
  let stem = ''
  let bom = 0
  for (;;) {
    const char = reader.next()
    if (bom < UTF8_BOM.length) {
      // A byte order mark at the very start is skipped; part of one is an error.
      if (char === UTF8_BOM[bom]) {
        bom++
        continue
      }
      if (bom > 0) return false
      bom = UTF8_BOM.length
    }
    if (char === LF) {
      if (reader.eof) return true
      comment = false
      continue
    }
    if (comment || isSpace(char)) continue
    if (char === HASH || char === SEMICOLON) {
      comment = true
      continue
    }
    if (char === OPEN_BRACKET) {
      const section = readSectionName(reader)
      if (section === null || section === '') return false
      stem = `${section}.`
      continue
    }
    if (!isAlpha(char)) return false
    const entry = readEntry(reader, stem + String.fromCharCode(lower(char)))
    if (entry === null) return false
    onEntry(entry.name, entry.value)
  }
}

const LF = 0x0a
const CR = 0x0d
const TAB = 0x09
const SPACE = 0x20
const QUOTE = 0x22
const HASH = 0x23
const DOT = 0x2e
const SEMICOLON = 0x3b
const EQUALS = 0x3d
const OPEN_BRACKET = 0x5b
const BACKSLASH = 0x5c
const CLOSE_BRACKET = 0x5d
const UTF8_BOM = [0xef, 0xbb, 0xbf]

/** config.c, get_next_char: CRLF read as LF, the end of the text as a last LF (with `eof` set). */
class ConfigReader {
  readonly #bytes: Uint8Array
  #at = 0
  eof = false

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes
  }

  next(): number {
    let char = this.#take()
    if (char === CR) {
      const after = this.#take()
      if (after === LF) char = LF
      else if (after !== -1) this.#at--
    }
    if (char === -1) {
      this.eof = true
      return LF
    }
    return char
  }

  #take(): number {
    return this.#at < this.#bytes.length ? this.#bytes[this.#at++]! : -1
  }
}

/** config.c, get_base_var and get_extended_base_var: after `[`, the section (lowercased) and its quoted subsection (as written), up to `]`; null where git stops. */
function readSectionName(reader: ConfigReader): string | null {
  let name = ''
  for (;;) {
    let char = reader.next()
    if (reader.eof) return null
    if (char === CLOSE_BRACKET) return name
    if (isSpace(char)) {
      do {
        if (char === LF) return null
        char = reader.next()
      } while (isSpace(char))
      if (char !== QUOTE) return null
      name += '.'
      for (;;) {
        let inner = reader.next()
        if (inner === LF) return null
        if (inner === QUOTE) break
        if (inner === BACKSLASH) {
          inner = reader.next()
          if (inner === LF) return null
        }
        name += String.fromCharCode(inner)
      }
      return reader.next() === CLOSE_BRACKET ? name : null
    }
    if (!isKeyChar(char) && char !== DOT) return null
    name += String.fromCharCode(lower(char))
  }
}

/** config.c, get_value: the rest of a key (lowercased) and its value, or null (no `=`); null for the whole entry where git stops. */
function readEntry(reader: ConfigReader, start: string): { name: string; value: string | null } | null {
  let name = start
  let char: number
  for (;;) {
    char = reader.next()
    if (reader.eof || !isKeyChar(char)) break
    name += String.fromCharCode(lower(char))
  }
  while (char === SPACE || char === TAB) char = reader.next()
  if (char === LF) return { name, value: null }
  if (char !== EQUALS) return null
  const value = readValue(reader)
  return value === null ? null : { name, value }
}

/** config.c, parse_value: quotes, the escapes \t \b \n \\ \" and a line continued by \, comments, spaces kept only between words. */
function readValue(reader: ConfigReader): string | null {
  let value = ''
  let quote = false
  let comment = false
  let spaces = 0
  for (;;) {
    let char = reader.next()
    if (char === LF) return quote ? null : value
    if (comment) continue
    if (isSpace(char) && !quote) {
      if (value !== '') spaces++
      continue
    }
    if (!quote && (char === SEMICOLON || char === HASH)) {
      comment = true
      continue
    }
    value += ' '.repeat(spaces)
    spaces = 0
    if (char === BACKSLASH) {
      char = reader.next()
      if (char === LF) continue
      const escaped = ESCAPES.get(char)
      if (escaped === undefined) return null
      value += escaped
      continue
    }
    if (char === QUOTE) {
      quote = !quote
      continue
    }
    value += String.fromCharCode(char)
  }
}

const ESCAPES = new Map([
  [0x74, '\t'],
  [0x62, '\b'],
  [0x6e, '\n'],
  [BACKSLASH, '\\'],
  [QUOTE, '"'],
])

/** Git's own ctype (ctype.c), ASCII only whatever the locale: space is \t \n \r and ' '. */
function isSpace(char: number): boolean {
  return char === SPACE || char === TAB || char === LF || char === CR
}

function isAlpha(char: number): boolean {
  return (char >= 0x41 && char <= 0x5a) || (char >= 0x61 && char <= 0x7a)
}

function isKeyChar(char: number): boolean {
  return isAlpha(char) || (char >= 0x30 && char <= 0x39) || char === 0x2d
}

function lower(char: number): number {
  return char >= 0x41 && char <= 0x5a ? char + 0x20 : char
}
