import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'

/*
 * A JSON file the server keeps for itself (a build record, the pages' stamps, what it parsed of
 * each post, the sessions), read back: null when it is missing or cannot be read as JSON, which
 * every caller treats as "none yet" (and so does its work again). What the value holds is the
 * caller's to check.
 *
 * Not for records whose damage must be told apart from their absence: the save and pull journals
 * (git/repository-journal.ts) and the lock file (lock-file.ts) set an unreadable one aside or take
 * it over, and the accounts file (accounts/account-store.ts) stops the server naming what is wrong.
 */

export async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown
  } catch {
    return null
  }
}

/** The same, blocking: for a constructor that loads its record before anything else runs (the sessions). */
export function readJsonFileSync(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch {
    return null
  }
}
