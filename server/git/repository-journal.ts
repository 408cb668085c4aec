import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { moveFile, removeFileIfPresent, writeFileAtomic } from '../lib/atomic-write.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { cleanAuthor } from './formats/commit-text.ts'
import type { GitAuthor } from './formats/commit-types.ts'
import { isSafeRepositoryPath } from './work-tree.ts'

/**
 * The repository's journal: what a save or a pull in progress is about to do, written (atomically)
 * before it touches any file and removed once the work tree, the branch and the index all agree.
 * Finding one at start means the previous process died in the middle; it holds what recovery.ts
 * needs to finish that work or undo it. Saves and pulls run one at a time in the repository's
 * queue, so at most one journal exists at a time.
 *
 * Each kind keeps its own file inside the git directory (`watchio-save.json`,
 * `watchio-pull.json`), the names earlier versions wrote, so a journal left by one of them is
 * still settled. Anything read back that is not a journal of the expected shape is reported as
 * 'unreadable' rather than acted on: it is set aside for a human to look at. isomorphic-git has
 * no journal: these are plain JSON files, with no git call.
 */
export interface SaveJournal {
  /** Repository-relative posix paths, each with the blob it is to hold (null: deleted). */
  changes: { path: string; blobId: string | null }[]
  message: string
  author: GitAuthor
  startedAt: string
}

export interface PullJournal {
  kind: 'pull'
  branchRef: string
  /** Where the branch was, and where the pull moves it (the commit exists before the journal). */
  from: string | null
  to: string
  /** Repository-relative paths the pull changes. */
  paths: string[]
  startedAt: string
}

export interface Journals {
  save: SaveJournal
  pull: PullJournal
}

export type JournalKind = keyof Journals

export type ReadJournal<K extends JournalKind> = Journals[K] | null | 'unreadable'

const FILES: Record<JournalKind, string> = { save: 'watchio-save.json', pull: 'watchio-pull.json' }

export class RepositoryJournal {
  readonly #gitdir: string
  readonly #tempDir: string

  constructor(deps: { gitdir: string; tempDir: string }) {
    this.#gitdir = deps.gitdir
    this.#tempDir = deps.tempDir
  }

  fileOf(kind: JournalKind): string {
    return path.join(this.#gitdir, FILES[kind])
  }

  async write<K extends JournalKind>(kind: K, journal: Journals[K]): Promise<void> {
    await writeFileAtomic(this.fileOf(kind), JSON.stringify(journal, null, 2) + '\n', { tempDir: this.#tempDir })
  }

  async remove(kind: JournalKind): Promise<void> {
    await removeFileIfPresent(this.fileOf(kind))
  }

  /** The journal, null when there is none, or 'unreadable' when it is not one this module wrote. */
  async read<K extends JournalKind>(kind: K): Promise<ReadJournal<K>> {
    let text: string
    try {
      text = await readFile(this.fileOf(kind), 'utf8')
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT') return null
      throw error
    }
    try {
      const value = JSON.parse(text) as unknown
      return VALID[kind](value) ? (value as Journals[K]) : 'unreadable'
    } catch {
      return 'unreadable'
    }
  }

  /** Keeps an unreadable journal for a human to look at, out of the way of the next save or pull. */
  async setAside(kind: JournalKind): Promise<string> {
    const file = this.fileOf(kind)
    const aside = `${file}.unreadable-${Date.now()}`
    await moveFile(file, aside, { durable: true })
    return aside
  }
}

/** The repository-relative paths a journal's work writes. */
export function journalPaths<K extends JournalKind>(kind: K, journal: Journals[K]): string[] {
  return kind === 'save' ? (journal as SaveJournal).changes.map((change) => change.path) : (journal as PullJournal).paths
}

const OID = /^[0-9a-f]{40}$/
const isOid = (value: unknown) => typeof value === 'string' && OID.test(value)

const VALID: Record<JournalKind, (value: unknown) => boolean> = { save: isSaveJournal, pull: isPullJournal }

function isSaveJournal(value: unknown): value is SaveJournal {
  const journal = value as Partial<SaveJournal> | null
  return (
    typeof journal === 'object' &&
    journal !== null &&
    Array.isArray(journal.changes) &&
    journal.changes.length > 0 &&
    journal.changes.every((change) => isSafeRepositoryPath(change?.path) && (change.blobId === null || isOid(change.blobId))) &&
    typeof journal.message === 'string' &&
    isCleanAuthor(journal.author) &&
    typeof journal.startedAt === 'string'
  )
}

function isPullJournal(value: unknown): value is PullJournal {
  const journal = value as Partial<PullJournal> | null
  return (
    typeof journal === 'object' &&
    journal !== null &&
    journal.kind === 'pull' &&
    typeof journal.branchRef === 'string' &&
    journal.branchRef.startsWith('refs/heads/') &&
    (journal.from === null || isOid(journal.from)) &&
    isOid(journal.to) &&
    Array.isArray(journal.paths) &&
    journal.paths.every(isSafeRepositoryPath) &&
    typeof journal.startedAt === 'string'
  )
}

/** Only what a save would have written: the commit is made from it as is. */
function isCleanAuthor(author: GitAuthor | undefined): boolean {
  if (typeof author?.name !== 'string' || typeof author.email !== 'string') return false
  try {
    const clean = cleanAuthor(author)
    return clean.name === author.name && clean.email === author.email
  } catch {
    return false
  }
}
