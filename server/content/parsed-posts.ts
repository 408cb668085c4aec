import { randomBytes } from 'node:crypto'
import type { Stats } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { readJsonFile } from '../lib/json-file.ts'
import type { Post } from './post.ts'

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
  /** Where its content is in the content file's text (after the token), in characters, when it is there. */
  contentAt?: [number, number]
  /** What the sanitizer would take out of its content (post-files.ts, ReadPost), when anything. */
  warning?: string
}

interface Saved {
  parser: string
  /** The first bytes of the content file written with this one (a content file of another run is not used). */
  contentToken?: string
  files: Record<string, Entry>
}

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
 * thread, and a quarter of its garbage collection; one lstat each and one read of the content
 * file take a fraction of it (`npm run bench:start`).
 */
export class ParsedPosts {
  readonly #deps: ParsedPostsDeps
  #saved: Record<string, Entry> = {}
  /** The entries of this run: what is saved, so that files gone since drop out. */
  readonly #seen: Record<string, Entry> = {}
  /** The content of each entry of this run, by file name: what the content file is made of. */
  readonly #contents = new Map<string, string>()
  /**
   * The last run's content file as one string, until this run's is written. Each post's content
   * is a slice of it: a small object pointing into it, where a string of its own per post (45 MB
   * of them at 10,000 posts) made the garbage collector copy every one of them, a fifth of a
   * restart's main thread (`node --cpu-prof`, `npm run bench:start`).
   */
  #content: string | null = null
  #changed = false

  constructor(deps: ParsedPostsDeps) {
    this.#deps = deps
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
    const content = await readFile(this.#contentFile).catch(() => null)
    if (content?.subarray(0, TOKEN_BYTES).toString('hex') === saved.contentToken) this.#content = content.toString('utf8', TOKEN_BYTES)
  }

  /**
   * The post in the file, without reading it, when its lstat is the one it had when it was read
   * and its content was kept.
   */
  unchanged(fileName: string, stat: Stats): (Post & { version: string; warning?: string }) | undefined {
    const entry = this.#saved[fileName]
    const kept = entry?.stat
    if (!kept || !entry.contentAt || this.#content === null) return undefined
    if (kept.size !== stat.size || kept.mtimeMs !== stat.mtimeMs || kept.ctimeMs !== stat.ctimeMs || kept.ino !== stat.ino) return undefined
    const content = this.#content.slice(entry.contentAt[0], entry.contentAt[1])
    this.#seen[fileName] = entry
    this.#contents.set(fileName, content)
    return { ...entry.fields, content, version: entry.version, ...warningOf(entry) }
  }

  /** The post in `text` (the file's bytes, `version` their blob id, `stat` their lstat), when it was read before. */
  get(fileName: string, version: string, text: string, stat?: Stats): (Post & { warning?: string }) | undefined {
    const entry = this.#saved[fileName]
    if (entry?.version !== version) return undefined
    const post = { ...entry.fields, content: text.slice(entry.contentStart, entry.contentEnd) }
    const fileStat = statToKeep(stat)
    if (fileStat === undefined || sameStat(entry.stat, fileStat)) this.#seen[fileName] = entry
    else {
      this.#seen[fileName] = { ...entry, stat: fileStat }
      this.#changed = true
    }
    this.#contents.set(fileName, post.content)
    return { ...post, ...warningOf(entry) }
  }

  /** Keeps what reading `text` gave, when its content can be found again by position. */
  remember(fileName: string, version: string, text: string, post: Post, stat?: Stats, warning?: string): void {
    if (text.includes('\r')) return
    const contentEnd = text.endsWith(post.content) ? text.length : text.length - 1
    const contentStart = contentEnd - post.content.length
    if (text.slice(contentStart, contentEnd) !== post.content) return
    const { content, ...fields } = post
    this.#seen[fileName] = { version, fields, contentStart, contentEnd, stat: statToKeep(stat) ?? null, ...(warning ? { warning } : {}) }
    this.#contents.set(fileName, content)
    this.#changed = true
  }

  /**
   * Writes what this run read, when it differs from what was saved: the content file first,
   * then the entries naming it by its token. Later reads (a reload) read their files.
   */
  async save(): Promise<void> {
    const content = this.#content
    this.#content = null
    if (!this.#changed && content !== null && Object.keys(this.#seen).length === Object.keys(this.#saved).length) return
    await mkdir(path.dirname(this.#deps.file), { recursive: true })
    const token = randomBytes(TOKEN_BYTES)
    const texts: string[] = []
    let at = 0
    const files: Record<string, Entry> = {}
    for (const [name, entry] of Object.entries(this.#seen)) {
      const text = this.#contents.get(name)
      if (text === undefined) {
        // Read before the last save: its content is not at hand, so its file will be read.
        files[name] = { ...entry, contentAt: undefined }
        continue
      }
      texts.push(text)
      files[name] = { ...entry, contentAt: [at, at + text.length] }
      at += text.length
    }
    await writeFileAtomic(this.#contentFile, contentChunks(token, texts))
    await writeFileAtomic(this.#deps.file, JSON.stringify({ parser: this.#deps.parser, contentToken: token.toString('hex'), files } satisfies Saved))
    this.#saved = files
    this.#contents.clear()
    this.#changed = false
  }
}

const warningOf = (entry: Entry): { warning?: string } => (entry.warning ? { warning: entry.warning } : {})

/** The parts of a file's lstat kept with its entry, or null when the file changed too recently (RACY_MS). */
function statToKeep(stat: Stats | undefined): FileStat | null | undefined {
  if (stat === undefined) return undefined
  const recent = Date.now() - RACY_MS
  if (stat.mtimeMs >= recent || stat.ctimeMs >= recent) return null
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino }
}

function sameStat(a: FileStat | null | undefined, b: FileStat | null): boolean {
  if (!a || !b) return a === b
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino
}

/** Characters of content encoded and written at a time. */
const WRITE_BATCH_CHARS = 1 << 20

/**
 * The content file's bytes a megabyte at a time, for writeFileAtomic: one string of every post's
 * content and its bytes at once (90 MB and 45 MB at 10,000 posts) stayed in the first start's
 * resident memory long after it was written (`npm run bench`'s RSS at the end). Iterable again
 * from the start, as a retried write asks.
 */
function contentChunks(token: Buffer, texts: string[]): Iterable<Uint8Array> {
  return {
    *[Symbol.iterator]() {
      yield token
      let batch: string[] = []
      let chars = 0
      for (const text of texts) {
        batch.push(text)
        chars += text.length
        if (chars < WRITE_BATCH_CHARS) continue
        yield Buffer.from(batch.join(''), 'utf8')
        batch = []
        chars = 0
      }
      if (batch.length > 0) yield Buffer.from(batch.join(''), 'utf8')
    },
  }
}
