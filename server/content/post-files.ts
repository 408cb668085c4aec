import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { LinkedFileError, PostFileError } from '../lib/errors.ts'
import type { Post, VersionedPost } from '../../core/post.ts'
import type { ParsedPosts } from './parsed-posts.ts'
import type { StoredPost } from './stored-content.ts'
import { parsePostFile } from './parse-post.ts'
import { isMeantAsPost, isPostFileName } from './post-paths.ts'
import { checkContentShape } from './post-rules.ts'
import { checkPostContent, type ContentCheck } from './content-check.ts'
import { blobId } from '../git/blob-id.ts'

/**
 * What reading one post file gave: the post with its version (the file's git blob id; its
 * content the text, or where the parse cache's content file has it), nothing (the file is
 * gone), or why it cannot be read.
 */
export type ReadResult = ReadPost | { missing: true } | { error: PostFileError }

/**
 * A post read from its file, with what the sanitizer would take out of its content, if anything
 * (`content has onclick="x()" on <p> (line 9), …`): such a post is served cleaned, the warning is
 * shown to admins, and the next save writes the cleaned form. `unchecked`, when its content is
 * not checked yet (read with `checkContent: 'later'`): the line of the file its content starts
 * on, for `checkContent`. Meanwhile it is served sanitized, as every post whose content is not
 * clean as written is.
 */
export type ReadPost = StoredPost & { warning?: string; unchecked?: number }

/**
 * When a read checks the content against the sanitizer (content-check.ts): `now`, or `later`
 * (the post comes back `unchecked`): what a start does, so that 10,000 posts written by hand are
 * served in seconds rather than minutes. Even the scan that passes clean content is left for
 * later: at 10,000 posts it was a tenth of a cold start's time before listening.
 */
export type CheckContent = 'now' | 'later'

/**
 * How many files are read, one after another, between two turns of the event loop when loading
 * many (the whole folder at start). Read synchronously: 10,000 post files (6 KB each) take
 * 0.34 s with readFileSync against 1.8 s with fs/promises' readFile 64 at a time, whose five
 * thread-pool round trips per file dominate (measured over the 10,000 generated posts of
 * tests/bench/temp-project.ts: `npx tsx tests/bench/start-bench.ts`). A batch of 200 takes
 * about 10 ms to read and 25 ms to parse, so a reload of the whole folder while the site
 * serves never holds a request up for longer.
 */
const READ_BATCH = 200

/** What a file's lstat says that a change changes (git's index compares the same); bigint, to the nanosecond. */
export interface FileStamp {
  size: bigint
  mtimeNs: bigint
  ctimeNs: bigint
  ino: bigint
}

/** A post file the server wrote itself (a save): the post, its version, the text, and the file's lstat right after. */
export interface WrittenPost {
  post: Post
  version: string
  text: string
  stats: FileStamp
}

export interface PostFilesDeps {
  blogDir: string
  /** What the last start read from each file, so that an unchanged one is not parsed again. */
  parsed?: ParsedPosts
}

/** The post files of `content/blog/`: reading them is all this does; parsing is pure. */
export class PostFiles {
  readonly blogDir: string
  readonly #parsed: ParsedPosts | undefined
  /**
   * The files the server wrote itself, by name, with their stamp right after the write (null:
   * it deleted the file). One entry per name it has written, kept until the file differs.
   */
  readonly #written = new Map<string, FileStamp | null>()

  constructor(deps: PostFilesDeps) {
    this.blogDir = deps.blogDir
    this.#parsed = deps.parsed
  }

  /** The files meant as posts (see isMeantAsPost), misnamed ones and symbolic links included (reported, never read). */
  async listFileNames(): Promise<string[]> {
    const entries = await readdir(this.blogDir, { withFileTypes: true })
    return entries.filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isMeantAsPost(entry.name)).map((entry) => entry.name)
  }

  /**
   * The server wrote `fileName` itself (`null`: deleted it): what reading it would give, without
   * reading it. Its stamp is kept, so that the file counts as read while it is as the server left
   * it (`asWritten`).
   */
  written(fileName: string, written: WrittenPost | null): ReadResult {
    if (written === null) {
      this.#written.set(fileName, null)
      return { missing: true }
    }
    const { size, mtimeNs, ctimeNs, ino } = written.stats
    this.#written.set(fileName, { size, mtimeNs, ctimeNs, ino })
    this.#parsed?.remember(fileName, written.version, written.text, written.post)
    return { ...written.post, version: written.version }
  }

  /**
   * Whether the file is still exactly as the server left it (`written`): the same lstat as right
   * after the write (so the same bytes, as git's index trusts a file whose stat is unchanged), or
   * still absent after a delete. The one change it cannot see is a rewrite in place to the same
   * size within the same timestamp tick, which Linux's fine-grained timestamps (6.13 and later,
   * on ext4, xfs, btrfs and tmpfs) keep apart once the stamp has been read, as the save reads it.
   * Once the file differs, it is forgotten: read it.
   */
  asWritten(fileName: string): boolean {
    const stamp = this.#written.get(fileName)
    if (stamp === undefined) return false
    const now = lstatSync(path.join(this.blogDir, fileName), { bigint: true, throwIfNoEntry: false })
    const same = stamp === null ? now === undefined : now?.size === stamp.size && now.mtimeNs === stamp.mtimeNs && now.ctimeNs === stamp.ctimeNs && now.ino === stamp.ino
    if (!same) this.#written.delete(fileName)
    return same
  }

  async readMany(fileNames: string[], checkContent: CheckContent = 'now'): Promise<Map<string, ReadResult>> {
    const results = new Map<string, ReadResult>()
    for (let start = 0; start < fileNames.length; start += READ_BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve))
      for (const name of fileNames.slice(start, start + READ_BATCH)) results.set(name, this.#read(name, checkContent))
    }
    return results
  }

  /**
   * Checks the content of a post read `unchecked` (its version, its content, the line it starts
   * on), as a read with `checkContent: 'now'` would have, and keeps the result in the parse
   * cache, so that the next start knows it.
   */
  checkContent(fileName: string, version: string, content: string, contentLine: number): ContentCheck {
    const check = checkPostContent(fileName, content, contentLine)
    if (!('error' in check)) this.#parsed?.checked(fileName, version, check.warning)
    return check
  }

  #read(fileName: string, checkContent: CheckContent): ReadResult {
    const file = path.join(this.blogDir, fileName)
    if (this.#parsed) {
      // Unchanged since it was read (same lstat), its post is known without reading it.
      const stat = lstatSync(file, { throwIfNoEntry: false })
      if (stat === undefined) return { missing: true }
      const known = stat.isFile() ? this.#parsed.unchanged(fileName, stat) : undefined
      if (known && isKnownEnough(known, checkContent)) return known
    }
    let read: { bytes: Buffer; stat: Stats }
    try {
      // Never through a link: a post file linked to /etc/passwd or the accounts file is refused.
      read = readNoFollow(file)
    } catch (error) {
      if (isMissing(error)) return { missing: true }
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { error: new LinkedFileError(fileName) }
      throw error
    }
    return readPostBytes(fileName, read.bytes, this.#parsed, read.stat, checkContent)
  }
}

/**
 * What the site reads from one post file's bytes: the name must be a slug, the file must parse,
 * and its content must keep the limits every tree walk needs (checkContentShape). Its content is
 * checked against the sanitizer (content-check.ts) `now` or `later` (see CheckContent). Pure but
 * for `parsed`, which answers for bytes read before and remembers what these gave.
 */
export function readPostBytes(
  fileName: string,
  bytes: Buffer,
  parsed?: ParsedPosts,
  stat?: Stats,
  checkContent: CheckContent = 'now',
): (VersionedPost & { warning?: string; unchecked?: number }) | { error: PostFileError } {
  if (!isPostFileName(fileName)) {
    return { error: new PostFileError(fileName, 'file name', 'must be the post’s slug (lowercase letters and digits separated by single hyphens) then .html') }
  }
  // The version is the blob id of the bytes on disk: exactly what git records for the file.
  const version = blobId(bytes)
  const text = bytes.toString('utf8')
  const known = parsed?.get(fileName, version, text, stat)
  if (known && isKnownEnough(known, checkContent)) return { ...known, version }
  try {
    let read: Post
    if (known) {
      // Read before, its content not checked yet: only the check is left to do.
      const { unchecked: _, ...post } = known
      read = post
    } else {
      read = parsePostFile(text, fileName)
      // Before anything parses the content into a tree: too deep a tree would overflow the stack.
      const shape = checkContentShape(read.content)
      if (shape) return { error: new PostFileError(fileName, 'content', shape) }
    }
    if (checkContent === 'later') {
      const unchecked = contentFirstLine(text, read.content)
      parsed?.remember(fileName, version, text, read, stat, { unchecked })
      return { ...read, version, unchecked }
    }
    const check = checkPostContent(fileName, read.content, contentFirstLine(text, read.content))
    if ('error' in check) return check
    parsed?.remember(fileName, version, text, read, stat, check)
    return { ...read, version, ...check }
  } catch (error) {
    if (error instanceof PostFileError) return { error }
    throw error
  }
}

/** What a read knew already will do: its content was checked, or is to be checked later anyway. */
function isKnownEnough(known: { unchecked?: number }, checkContent: CheckContent): boolean {
  return known.unchecked === undefined || checkContent === 'later'
}

/**
 * The line the content starts on. The content is the end of the file, less its final newline
 * (parsePostFile); without a carriage return it starts at a known offset, and only the front
 * matter's line breaks are counted (splitting the whole text for every file was a tenth of the
 * time loading 10,000 posts took).
 */
function contentFirstLine(text: string, content: string): number {
  const lines = (value: string) => value.split(/\r\n?|\n/).length
  if (text.includes('\r')) return lines(text) - lines(text.endsWith('\n') ? `${content}\n` : content) + 1
  const start = text.length - content.length - (text.endsWith('\n') ? 1 : 0)
  let line = 1
  for (let at = text.indexOf('\n'); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) line++
  return line
}

/**
 * A file's bytes and the stat of what was read, opened with O_NOFOLLOW: a symbolic link fails
 * with ELOOP. The stat is taken before reading, so a change while reading changes it too.
 */
function readNoFollow(file: string): { bytes: Buffer; stat: Stats } {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW)
  try {
    const stat = fstatSync(fd)
    return { stat, bytes: readFileSync(fd) }
  } finally {
    closeSync(fd)
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'EISDIR'
}
