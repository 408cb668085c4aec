import { readFile } from 'node:fs/promises'
import { removeFileIfPresent, writeFileAtomic } from '../lib/atomic-write.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/**
 * The one way our journals (a save's, a pull's) live on disk: JSON written atomically before the
 * work starts, removed when it is done, and read back at start, where anything that is not a
 * journal of the expected shape is reported as 'unreadable' rather than acted on.
 */
export async function writeJournalFile(file: string, journal: unknown, tempDir: string): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(journal, null, 2) + '\n', { tempDir })
}

export async function removeJournalFile(file: string): Promise<void> {
  await removeFileIfPresent(file)
}

/** The journal, null when there is none, or 'unreadable' when it fails `isValid` or is not JSON. */
export async function readJournalFile<T>(file: string, isValid: (value: unknown) => value is T): Promise<T | null | 'unreadable'> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return null
    throw error
  }
  try {
    const value = JSON.parse(text) as unknown
    return isValid(value) ? value : 'unreadable'
  } catch {
    return 'unreadable'
  }
}
