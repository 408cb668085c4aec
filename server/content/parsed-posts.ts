import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import type { Post } from './post.ts'

/** A post file as parsed: its front matter, and where its content lies in the file's text. */
interface Entry {
  version: string
  fields: Omit<Post, 'content'>
  contentStart: number
  contentEnd: number
}

interface Saved {
  parser: string
  files: Record<string, Entry>
}

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
 */
export class ParsedPosts {
  readonly #deps: ParsedPostsDeps
  #saved: Record<string, Entry> = {}
  /** The entries of this run: what is saved, so that files gone since drop out. */
  readonly #seen: Record<string, Entry> = {}
  #changed = false

  constructor(deps: ParsedPostsDeps) {
    this.#deps = deps
  }

  async load(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.#deps.file, 'utf8')) as Saved
      if (saved.parser === this.#deps.parser) this.#saved = saved.files
    } catch {
      // None yet, or unreadable: every file is parsed.
    }
  }

  /** The post in `text` (the file's bytes, `version` their blob id), when it was read before. */
  get(fileName: string, version: string, text: string): Post | undefined {
    const entry = this.#saved[fileName]
    if (entry?.version !== version) return undefined
    this.#seen[fileName] = entry
    return { ...entry.fields, content: text.slice(entry.contentStart, entry.contentEnd) }
  }

  /** Keeps what reading `text` gave, when its content can be found again by position. */
  remember(fileName: string, version: string, text: string, post: Post): void {
    if (text.includes('\r')) return
    const contentEnd = text.endsWith(post.content) ? text.length : text.length - 1
    const contentStart = contentEnd - post.content.length
    if (text.slice(contentStart, contentEnd) !== post.content) return
    const { content: _content, ...fields } = post
    this.#seen[fileName] = { version, fields, contentStart, contentEnd }
    this.#changed = true
  }

  /** Writes what this run read, when it differs from what was saved. */
  async save(): Promise<void> {
    if (!this.#changed && Object.keys(this.#seen).length === Object.keys(this.#saved).length) return
    await mkdir(path.dirname(this.#deps.file), { recursive: true })
    await writeFileAtomic(this.#deps.file, JSON.stringify({ parser: this.#deps.parser, files: this.#seen } satisfies Saved))
    this.#saved = { ...this.#seen }
    this.#changed = false
  }
}
