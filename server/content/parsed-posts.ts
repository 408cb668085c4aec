import { randomBytes } from 'node:crypto'
import type { Stats } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { readJsonFile } from '../lib/json-file.ts'
import type { Post } from '../../core/post.ts'
import { ContentFile, type ContentSpan, type StoredContent, type StoredPost } from './stored-content.ts'

/** What a file's lstat said when it was read: the same again means the same bytes (as git's index). */
interface FileStat {
  size: number
  mtimeMs: number
  ctimeMs: number
  ino: number
}

/** A post file as parsed: its front matter, and where its content lies in the file's text. */
interface Entry {
  version: string
  fields: Omit<Post, 'content'>
  contentStart: number
  contentEnd: number
  /** Null when it was read too soon after a change to tell a later one apart (see RACY_MS). */
  stat?: FileStat | null
  /** Where its content is in the content file, in bytes from the file's start, when it is there. */
  contentBytes?: [number, number]
  /** What the sanitizer would take out of its content (post-files.ts, ReadPost), when anything. */
  warning?: string
  /** The line its content starts on, while its content is not checked yet (post-files.ts, ReadPost). */
  unchecked?: number
}

interface Saved {
  parser: string
  /** The first bytes of the content file written with this one (a content file of another run is not used). */
  contentToken?: string
  files: Record<string, Entry>
}

/** What a save wrote: each post's content, by file name, now in the new content file. */
export type KeptContents = Map<string, { version: string; content: ContentSpan }>

/**
 * A file whose mtime or ctime is this close to the moment it is read could still change within
 * the same timestamp (coarse filesystems count in seconds): its stat is not kept, so the next
 * start reads it (git's "racily clean" entries, handled the simple way).
 */
const RACY_MS = 2000

/** Bytes of the content file's token. */
const TOKEN_BYTES = 16

export interface ParsedPostsDeps {
  /** Where it is kept between runs: the site's own folder, never the content. */
  file: string
  /**
   * Changes whenever the reading of a post file may: the build's source hash, which covers
   * server/content and the package lock. Entries saved under another are not used.
   */
  parser: string
  /**
   * The clock (Date.now by default) that says whether a file changed too recently (RACY_MS) for
   * its lstat to be trusted: tests move it instead of waiting.
   */
  now?: () => number
}

/**
 * What reading each post file gave at the last start, by file name and blob id (the same
 * bytes give the same post), so that a start reads unchanged files without parsing them:
 * parsing the front matter and checking the content took 2.3 s of CPU for 10,000 posts, the
 * better part of the start (`npx tsx tests/bench/start-bench.ts`). Only files that read as a
 * post are kept; a file with a carriage return is parsed every time (its text is normalized).
 *
 * Beside it (`<file>.content`), the posts' content, so that a start reads not even the files
 * whose lstat is what it was when they were read (size, times, inode: as `git status` trusts its
 * index): reading the 10,000 post files to hash them was about 220 ms of a restart's main
 * thread, and a quarter of its garbage collection; one lstat each take a fraction of it
 * (`npm run bench:start`). The content file is also where the running site reads the posts'
 * content from (stored-content.ts): such a post's content is a byte range of it, never held in
 * the heap.
 */
export class ParsedPosts {
  readonly #deps: ParsedPostsDeps
  #saved: Record<string, Entry> = {}
  /** The entries of this run: what is saved, so that files gone since drop out. */
  readonly #seen: Record<string, Entry> = {}
  /** The content of each entry of this run, by file name, where it is: what the next content file is made of. */
  readonly #contents = new Map<string, StoredContent>()
  /** The content file `#saved`'s entries point into, open; null when there is none. */
  #file: ContentFile | null = null
  /** Every content file this run opened: posts' content is read from them until the site closes. */
  readonly #opened: ContentFile[] = []
  #changed = false
  /** Only checks' results changed since the last save: the entries are written again, not the content. */
  #checksChanged = false
  /** The token of the content file the saved entries name. */
  #savedToken: string | undefined

  constructor(deps: ParsedPostsDeps) {
    this.#deps = deps
  }

  #now(): number {
    return this.#deps.now?.() ?? Date.now()
  }

  get #contentFile(): string {
    return `${this.#deps.file}.content`
  }

  async load(): Promise<void> {
    // None yet, or unreadable: every file is parsed.
    const saved = (await readJsonFile(this.#deps.file)) as Saved | null
    if (saved?.parser !== this.#deps.parser) return
    this.#saved = saved.files
    if (saved.contentToken === undefined) return
    const file = ContentFile.open(this.#contentFile)
    if (file?.bytes(0, TOKEN_BYTES).toString('hex') === saved.contentToken) {
      this.#keepOpen(file)
      this.#savedToken = saved.contentToken
    } else file?.close()
  }

  /**
   * The post in the file, without reading it, when its lstat is the one it had when it was read
   * and its content was kept: its content is where the content file has it.
   */
  unchanged(fileName: string, stat: Stats): (StoredPost & { warning?: string; unchecked?: number }) | undefined {
    const entry = this.#saved[fileName]
    const kept = entry?.stat
    if (!kept || !entry.contentBytes || this.#file === null) return undefined
    if (kept.size !== stat.size || kept.mtimeMs !== stat.mtimeMs || kept.ctimeMs !== stat.ctimeMs || kept.ino !== stat.ino) return undefined
    const content: ContentSpan = { file: this.#file, start: entry.contentBytes[0], end: entry.contentBytes[1] }
    this.#seen[fileName] = entry
    this.#contents.set(fileName, content)
    return { ...entry.fields, content, version: entry.version, ...checkOf(entry) }
  }

  /** The post in `text` (the file's bytes, `version` their blob id, `stat` their lstat), when it was read before. */
  get(fileName: string, version: string, text: string, stat?: Stats): (Post & { warning?: string; unchecked?: number }) | undefined {
    const entry = this.#saved[fileName]
    if (entry?.version !== version) return undefined
    const post = { ...entry.fields, content: text.slice(entry.contentStart, entry.contentEnd) }
    const fileStat = statToKeep(stat, this.#now())
    if (fileStat === undefined || sameStat(entry.stat, fileStat)) this.#seen[fileName] = entry
    else {
      this.#seen[fileName] = { ...entry, stat: fileStat }
      this.#changed = true
    }
    this.#contents.set(fileName, post.content)
    return { ...post, ...checkOf(entry) }
  }

  /**
   * Keeps what reading `text` gave, when its content can be found again by position: the post,
   * and what checking its content said (`unchecked`: not checked yet; see `checked`).
   */
  remember(fileName: string, version: string, text: string, post: Post, stat?: Stats, check: { warning?: string } | { unchecked: number } = {}): void {
    if (text.includes('\r')) return
    const contentEnd = text.endsWith(post.content) ? text.length : text.length - 1
    const contentStart = contentEnd - post.content.length
    if (text.slice(contentStart, contentEnd) !== post.content) return
    const { content, ...fields } = post
    this.#seen[fileName] = { version, fields, contentStart, contentEnd, stat: statToKeep(stat, this.#now()) ?? null, ...check }
    this.#contents.set(fileName, content)
    this.#changed = true
  }

  /** The content of `fileName` at `version`, read unchecked, was checked: `warning` is what it said, if anything. */
  checked(fileName: string, version: string, warning: string | undefined): void {
    const entry = this.#seen[fileName]
    if (entry?.version !== version || entry.unchecked === undefined) return
    const { unchecked: _, ...rest } = entry
    this.#seen[fileName] = { ...rest, ...(warning ? { warning } : {}) }
    this.#checksChanged = true
  }

  /**
   * Writes what this run read, when it differs from what was saved: the content file first,
   * then the entries naming it by its token. Resolves with where each post's content now is in
   * the new content file (none when nothing was written), so that the index reads it there
   * rather than keep its text: a first start's texts are slices of every file's whole text.
   */
  async save(): Promise<KeptContents> {
    if (!this.#changed && this.#file !== null && Object.keys(this.#seen).length === Object.keys(this.#saved).length) {
      // The content file holds every post's content already: only what checks said is new.
      if (this.#checksChanged) await this.#writeEntries(this.#seen, this.#savedToken!)
      this.#checksChanged = false
      return new Map()
    }
    await mkdir(path.dirname(this.#deps.file), { recursive: true })
    const token = randomBytes(TOKEN_BYTES)
    const parts: StoredContent[] = []
    const written = new Map<string, StoredContent>()
    let at = TOKEN_BYTES
    const files: Record<string, Entry> = {}
    const seen = Object.entries(this.#seen)
    for (const [name, entry] of seen) {
      const content = this.#contents.get(name)
      if (content === undefined) {
        // Read before the last save: its content is not at hand, so its file will be read.
        files[name] = { ...entry, contentBytes: undefined }
        continue
      }
      const bytes = typeof content === 'string' ? Buffer.byteLength(content) : content.end - content.start
      parts.push(content)
      written.set(name, content)
      files[name] = { ...entry, contentBytes: [at, at + bytes] }
      at += bytes
    }
    await writeFileAtomic(this.#contentFile, contentChunks(token, parts))
    await this.#writeEntries(files, token.toString('hex'))
    this.#saved = files
    // Entries kept from now on point into the new content file (a check's result updates them),
    // unless read again while this was written.
    for (const [name, entry] of seen) if (this.#seen[name] === entry) this.#seen[name] = files[name]!
    this.#changed = false
    this.#checksChanged = false
    const file = ContentFile.open(this.#contentFile)
    if (file === null) return new Map()
    this.#keepOpen(file)
    const kept: KeptContents = new Map()
    for (const [name, content] of written) {
      const [start, end] = files[name]!.contentBytes!
      const span: ContentSpan = { file, start, end }
      kept.set(name, { version: files[name]!.version, content: span })
      // Unless read again meanwhile: the text is let go, its bytes are in the file.
      if (this.#contents.get(name) === content) this.#contents.set(name, span)
    }
    return kept
  }

  /** Closes the content files: the posts' content read from them can no longer be. */
  close(): void {
    for (const file of this.#opened.splice(0)) file.close()
    this.#file = null
  }

  async #writeEntries(files: Record<string, Entry>, contentToken: string): Promise<void> {
    await writeFileAtomic(this.#deps.file, JSON.stringify({ parser: this.#deps.parser, contentToken, files } satisfies Saved))
    this.#savedToken = contentToken
  }

  #keepOpen(file: ContentFile): void {
    this.#file = file
    this.#opened.push(file)
  }
}

const checkOf = (entry: Entry): { warning?: string; unchecked?: number } =>
  entry.unchecked !== undefined ? { unchecked: entry.unchecked } : entry.warning ? { warning: entry.warning } : {}

/** The parts of a file's lstat kept with its entry, or null when the file changed too recently before `now` (RACY_MS). */
function statToKeep(stat: Stats | undefined, now: number): FileStat | null | undefined {
  if (stat === undefined) return undefined
  const recent = now - RACY_MS
  if (stat.mtimeMs >= recent || stat.ctimeMs >= recent) return null
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino }
}

function sameStat(a: FileStat | null | undefined, b: FileStat | null): boolean {
  if (!a || !b) return a === b
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino
}

/** Bytes of content written at a time. */
const WRITE_BATCH_BYTES = 1 << 20

/**
 * The content file's bytes a megabyte at a time, for writeFileAtomic: one string of every post's
 * content and its bytes at once (90 MB and 45 MB at 10,000 posts) stayed in the first start's
 * resident memory long after it was written (`npm run bench`'s RSS at the end). A content kept
 * in the last content file is copied from it as bytes. Iterable again from the start, as a
 * retried write asks.
 */
function contentChunks(token: Buffer, parts: StoredContent[]): Iterable<Uint8Array> {
  return {
    *[Symbol.iterator]() {
      yield token
      let batch: Buffer[] = []
      let bytes = 0
      for (const part of parts) {
        const chunk = typeof part === 'string' ? Buffer.from(part, 'utf8') : part.file.bytes(part.start, part.end)
        batch.push(chunk)
        bytes += chunk.length
        if (bytes < WRITE_BATCH_BYTES) continue
        yield Buffer.concat(batch)
        batch = []
        bytes = 0
      }
      if (batch.length > 0) yield Buffer.concat(batch)
    },
  }
}
