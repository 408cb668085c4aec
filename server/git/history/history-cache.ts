import { createHash } from 'node:crypto'
import { mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../../lib/atomic-write.ts'
import { BoundedCache } from '../../lib/bounded-cache.ts'
import { DelayedWrite } from '../../lib/delayed-write.ts'
import type { Logger } from '../../lib/logger.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'
import type { CommitInfo } from './commit-graph.ts'
import type { EntryState, TreeChange } from './tree-diff.ts'

/** The file's name in the site's folder. */
export const HISTORY_CACHE_FILE = 'history-cache.jsonl'

const FORMAT = 'watchio-history-cache'
const VERSION = 1
/** Diffs kept in memory: a diff is a few entries, a root commit's a whole folder. */
const MAX_MEMORY_DIFFS = 50_000
/** Commits and diffs written to the file, the newest ones: about 200 bytes each, so ≤ 30 MB. */
const MAX_STORED = 100_000
/** A diff with more changes (a root commit, a mass edit) is recomputed after a restart, not stored. */
const MAX_STORED_CHANGES = 1_000
/** A bigger file is not ours (MAX_STORED entries take about 30 MB): ignored unread. */
const MAX_FILE_BYTES = 64 * 1024 * 1024
/** Additions are written together, this long after the first one. */
const WRITE_DELAY_MS = 2_000

const OID = /^[0-9a-f]{40}$/
const MODE = /^[0-7]{6}$/

export type CommitDiff = Map<string, TreeChange>

export interface HistoryCacheDeps {
  /** Where the cache lives (the site's folder), or null: memory only. */
  file: string | null
  logger: Logger
}

/**
 * What makes a file's history fast, kept across restarts: each commit read (parents, tree,
 * author, dates, message) and each commit's diff against a parent (tree-diff.ts: the changed
 * paths, their blob and mode before and after). Keys are commit oids and a commit never changes,
 * so an entry is never stale; commits made while the server was down (git CLI, a pull) are just
 * missing, computed on demand and added.
 *
 * Without it the first history after a start diffed every commit's post folder against its
 * parent's. Measured (`npm run bench:history -- --sizes 10000 --history 400`: 10,000 posts, 401
 * commits, 2 cores shared with other work): a post's first history after a restart in 4.6 to
 * 23 ms with this cache (a 220 KB file, loaded in 4 to 5 ms at open), as fast as later calls
 * (6 to 33 ms); without it 2,045 ms, and 968 to 1,846 ms since tree-diff.ts skips common
 * prefixes. A diff is a few entries; a root commit's is the whole folder, but a history walk
 * never diffs a root (it has no parent to compare with), so big diffs are simply not stored
 * (MAX_STORED_CHANGES) and stay in memory only.
 *
 * Why our own file rather than git's `commit-graph`: that file holds parents, trees and dates
 * but no diffs (changed-path Bloom filters only say "maybe changed"), which are the cost here;
 * it is also written by `git gc` / `git commit-graph write`, not present after a plain clone,
 * and lives in .git, which is git's business. This one lives in the site's folder (DESIGN.md: a
 * running site's caches go there).
 *
 * Format: two lines. The first is a header `{"format","version","sha256"}`, the second the body,
 * `{"commits":[...],"diffs":[...]}` in arrays (compact), whose SHA-256 the header holds. A file
 * that is truncated (a kill mid-write cannot truncate it, writeFileAtomic renames, but a disk or
 * a hand edit can), edited, of another version, or holding anything malformed is ignored as a
 * whole and rebuilt: a damaged cache only makes answers slower, never wrong. (A file forged with
 * a matching checksum is trusted, as anything else in the site's private folder is.) Writes are debounced
 * and in the background (never in a save's path) and the last one happens at close.
 */
export class HistoryCache {
  readonly #commits = new Map<string, CommitInfo>()
  readonly #diffs = new BoundedCache<string, CommitDiff>({ maxEntries: MAX_MEMORY_DIFFS })
  /** The file written a moment after an addition (null: memory only). */
  readonly #persist: DelayedWrite | null
  /** A folder that refuses writes (a read-only image) is reported once, not at every addition. */
  #warned = false

  constructor(deps: HistoryCacheDeps) {
    const file = deps.file
    this.#persist = file
      ? new DelayedWrite({
          write: () => this.#write(file),
          delayMs: WRITE_DELAY_MS,
          onError: (error) => {
            if (!this.#warned) deps.logger.warn(`Could not write the history cache ${file} (history stays cached in memory): ${String(error)}`)
            this.#warned = true
          },
        })
      : null
  }

  /** A cache with what `deps.file` holds; a missing or unreadable file gives an empty one. */
  static async open(deps: HistoryCacheDeps): Promise<HistoryCache> {
    const cache = new HistoryCache(deps)
    if (deps.file === null) return cache
    let text: string
    try {
      if ((await stat(deps.file)).size > MAX_FILE_BYTES) throw new Error(`over ${MAX_FILE_BYTES} bytes`)
      text = await readFile(deps.file, 'utf8')
    } catch (error) {
      if (nodeErrorCode(error) !== 'ENOENT') deps.logger.warn(`Could not read the history cache ${deps.file} (${String(error)}); it is rebuilt`)
      return cache
    }
    try {
      cache.#load(text)
    } catch (error) {
      cache.#commits.clear()
      cache.#diffs.clear()
      deps.logger.warn(`Ignored the history cache ${deps.file} (${error instanceof Error ? error.message : String(error)}); it is rebuilt`)
      cache.#persist?.changed()
    }
    return cache
  }

  get size(): { commits: number; diffs: number } {
    return { commits: this.#commits.size, diffs: this.#diffs.size }
  }

  commit(oid: string): CommitInfo | undefined {
    return this.#commits.get(oid)
  }

  addCommit(info: CommitInfo): void {
    if (this.#commits.has(info.oid)) return
    this.#commits.set(info.oid, info)
    this.#changed()
  }

  /** The changes of `commit` against `parent` (null: a root commit, against nothing). */
  diff(commit: string, parent: string | null): CommitDiff | undefined {
    return this.#diffs.get(diffKey(commit, parent))
  }

  addDiff(commit: string, parent: string | null, changes: CommitDiff): void {
    const key = diffKey(commit, parent)
    if (this.#diffs.has(key)) return
    this.#diffs.set(key, changes)
    if (changes.size <= MAX_STORED_CHANGES) this.#changed()
  }

  /** Writes what was added since the last write now (a failure is logged: only speed is at stake). */
  async flush(): Promise<void> {
    await this.#persist?.flush()
  }

  /** The last write; later additions stay in memory only. */
  async close(): Promise<void> {
    await this.#persist?.close()
  }

  #changed(): void {
    this.#persist?.changed()
  }

  async #write(file: string): Promise<void> {
    const text = this.#encode()
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    await writeFileAtomic(file, text)
  }

  #encode(): string {
    const commits = [...this.#commits.values()].slice(-MAX_STORED).map(encodeCommit)
    const diffs: unknown[] = []
    for (const [key, changes] of this.#diffs.entries()) {
      if (changes.size > MAX_STORED_CHANGES) continue
      const [commit, parent] = key.split(':') as [string, string]
      diffs.push([commit, parent, [...changes.values()].map(encodeChange)])
    }
    const body = JSON.stringify({ commits, diffs: diffs.slice(-MAX_STORED) })
    return `${JSON.stringify({ format: FORMAT, version: VERSION, sha256: sha256(body) })}\n${body}\n`
  }

  /** Throws on anything unexpected: the caller then ignores the whole file. */
  #load(text: string): void {
    const newline = text.indexOf('\n')
    if (newline === -1) throw new Error('no header line')
    const header = JSON.parse(text.slice(0, newline)) as { format?: unknown; version?: unknown; sha256?: unknown }
    if (header.format !== FORMAT) throw new Error('not a history cache')
    if (header.version !== VERSION) throw new Error(`version ${String(header.version)}, expected ${VERSION}`)
    const body = text.slice(newline + 1).replace(/\n$/, '')
    if (header.sha256 !== sha256(body)) throw new Error('its checksum does not match (truncated or edited)')
    const parsed = JSON.parse(body) as { commits?: unknown; diffs?: unknown }
    if (!Array.isArray(parsed.commits) || !Array.isArray(parsed.diffs)) throw new Error('malformed body')
    for (const value of parsed.commits) {
      const info = decodeCommit(value)
      this.#commits.set(info.oid, info)
    }
    for (const value of parsed.diffs.slice(-MAX_MEMORY_DIFFS)) {
      if (!Array.isArray(value) || value.length !== 3 || !isOid(value[0]) || !(value[1] === '' || isOid(value[1])) || !Array.isArray(value[2])) {
        throw new Error('malformed diff')
      }
      const changes: CommitDiff = new Map()
      for (const change of value[2] as unknown[]) {
        const decoded = decodeChange(change)
        changes.set(decoded.path, decoded)
      }
      this.#diffs.set(diffKey(value[0], value[1] === '' ? null : value[1]), changes)
    }
  }
}

function diffKey(commit: string, parent: string | null): string {
  return `${commit}:${parent ?? ''}`
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function isOid(value: unknown): value is string {
  return typeof value === 'string' && OID.test(value)
}

function encodeCommit(info: CommitInfo): unknown[] {
  return [info.oid, info.tree, info.parents, info.author.name, info.author.email, info.authoredAt, info.committedAt, info.message]
}

function decodeCommit(value: unknown): CommitInfo {
  if (!Array.isArray(value) || value.length !== 8) throw new Error('malformed commit')
  const [oid, tree, parents, name, email, authoredAt, committedAt, message] = value as unknown[]
  const valid =
    isOid(oid) &&
    isOid(tree) &&
    Array.isArray(parents) &&
    parents.every(isOid) &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    Number.isSafeInteger(authoredAt) &&
    Number.isSafeInteger(committedAt) &&
    typeof message === 'string'
  if (!valid) throw new Error('malformed commit')
  return { oid, tree, parents, author: { name, email }, authoredAt: authoredAt as number, committedAt: committedAt as number, message }
}

function encodeChange(change: TreeChange): string[] {
  return [change.path, change.before?.mode ?? '', change.before?.oid ?? '', change.after?.mode ?? '', change.after?.oid ?? '']
}

function decodeChange(value: unknown): TreeChange {
  if (!Array.isArray(value) || value.length !== 5 || typeof value[0] !== 'string' || value[0] === '') throw new Error('malformed change')
  const before = decodeState(value[1], value[2])
  const after = decodeState(value[3], value[4])
  if (before === null && after === null) throw new Error('malformed change')
  return { path: value[0], before, after }
}

function decodeState(mode: unknown, oid: unknown): EntryState | null {
  if (mode === '' && oid === '') return null
  if (typeof mode !== 'string' || !MODE.test(mode) || !isOid(oid)) throw new Error('malformed change')
  return { mode, oid }
}
