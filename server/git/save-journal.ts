import { rename } from 'node:fs/promises'
import { cleanAuthor } from './objects/commit-text.ts'
import type { GitAuthor } from './objects/commit-types.ts'
import { readJournalFile, removeJournalFile, writeJournalFile } from './journal-file.ts'

/**
 * `.git/watchio-save.json`: what a save in progress is about to do, written before it touches
 * any file and removed once the work tree, the branch and the index all agree. Finding it at
 * start means the previous process died mid-save; it holds what recovery needs to decide whether
 * that save landed, can be finished, or must be undone (see recover-save.ts).
 */
export interface SaveJournal {
  /** Repository-relative posix paths, each with the blob it is to hold (null: deleted). */
  changes: { path: string; blobId: string | null }[]
  message: string
  author: GitAuthor
  startedAt: string
}

export function writeJournal(file: string, journal: SaveJournal, tempDir: string): Promise<void> {
  return writeJournalFile(file, journal, tempDir)
}

export const removeJournal = removeJournalFile

/** The journal, null when there is none, or 'unreadable' when it is not one this module wrote. */
export function readJournal(file: string): Promise<SaveJournal | null | 'unreadable'> {
  return readJournalFile(file, isJournal)
}

/** Keeps an unreadable journal for a human to look at, out of the way of the next save. */
export async function setJournalAside(file: string): Promise<string> {
  const aside = `${file}.unreadable-${Date.now()}`
  await rename(file, aside)
  return aside
}

const OID = /^[0-9a-f]{40}$/

function isJournal(value: unknown): value is SaveJournal {
  const journal = value as Partial<SaveJournal> | null
  return (
    typeof journal === 'object' &&
    journal !== null &&
    Array.isArray(journal.changes) &&
    journal.changes.length > 0 &&
    journal.changes.every(
      (change) => isSafeRepositoryPath(change?.path) && (change.blobId === null || (typeof change.blobId === 'string' && OID.test(change.blobId))),
    ) &&
    typeof journal.message === 'string' &&
    isCleanAuthor(journal.author) &&
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

/** A relative posix path that stays inside the work tree and out of `.git`. */
export function isSafeRepositoryPath(filepath: unknown): filepath is string {
  if (typeof filepath !== 'string' || filepath === '' || filepath.includes('\\') || filepath.includes('\0')) return false
  return filepath.split('/').every((name) => name !== '' && name !== '.' && name !== '..' && name.toLowerCase() !== '.git')
}
