import { checkoutPaths, stateOf } from '../checkout-paths.ts'
import type { GitStore, Head } from '../objects/git-store.ts'
import { readJournalFile, removeJournalFile, writeJournalFile } from '../journal-file.ts'
import { isSafeRepositoryPath } from '../save-journal.ts'
import type { TreeChange } from '../objects/tree-diff.ts'
import type { WorkTree } from '../work-tree.ts'

/**
 * Bringing the remote's commits into the work tree: a fast-forward, or a merge commit already
 * written. The objects (fetched pack, merged trees, the merge commit) are all written before any
 * of this starts; they are content-addressed and harmless if nothing ends up using them.
 *
 * `.git/watchio-pull.json`, written before the first file and removed after the last step,
 * makes it crash-safe the same way as a save (save-journal.ts). In order:
 *   journal → work-tree files of the changed paths (each atomically) and their index entries →
 *   branch moved from `from` to `to` → journal removed.
 * A crash anywhere leaves the journal, and the next start settles it (`settlePull`):
 * - the branch is still at `from`: it is moved to `to` (the commit exists) → "completed";
 * - the branch is at `to`: only the files or the index may lag → "completed";
 * - the branch is somewhere else (someone moved it by hand meanwhile): the journal's paths are
 *   put back to match whatever HEAD is → "rolled back"; the next sync starts over.
 * In every case the journal's paths end up matching HEAD in the work tree and the index, and
 * nothing else in the work tree was touched.
 */
export interface PullJournal {
  kind: 'pull'
  branchRef: string
  from: string | null
  to: string
  /** Repository-relative paths the pull changes. */
  paths: string[]
  startedAt: string
}

export interface SettledPull {
  outcome: 'completed' | 'rolled back'
  action: string
}

/**
 * Paths a pull would overwrite that someone changed by hand in the work tree or the index (not
 * as HEAD has them, nor already as the pull wants them). Like `git pull`, the pull is refused then:
 * nobody's uncommitted work is lost to it.
 */
export async function findDirtyPaths(options: { store: GitStore; workTree: WorkTree; changes: TreeChange[] }): Promise<string[]> {
  const dirty: string[] = []
  for (const change of options.changes) {
    const acceptable = [change.before?.oid ?? null, change.after?.oid ?? null]
    const state = await stateOf(options.workTree, change.path)
    const staged = await options.store.stagedOid(change.path)
    const inWorkTree = state === null ? null : state.mode === '040000' ? 'folder' : state.oid
    if (!acceptable.includes(inWorkTree) || staged === 'conflict' || !acceptable.includes(staged)) dirty.push(change.path)
  }
  return dirty
}

/**
 * Carries out a pull (see the module comment). If a step fails in this process, the paths are
 * put back as HEAD has them (or finished, if the branch did move) and the error is rethrown;
 * if even that fails, the journal stays and `pending` is true: the next save or start settles it.
 */
export async function applyPull(options: {
  store: GitStore
  workTree: WorkTree
  journalFile: string
  tempDir: string
  head: Head
  to: { commit: string; tree: string }
  paths: string[]
}): Promise<void> {
  const { store, workTree, head, to, paths } = options
  const journal: PullJournal = { kind: 'pull', branchRef: head.branchRef, from: head.commit, to: to.commit, paths, startedAt: new Date().toISOString() }
  await writePullJournal(options.journalFile, journal, options.tempDir)
  try {
    await checkoutPaths({ store, workTree, tree: to.tree, paths })
    await store.moveBranch(head.branchRef, head.commit, to.commit)
  } catch (error) {
    try {
      const now = await store.readHead()
      await checkoutPaths({ store, workTree, tree: now.tree, paths })
      await removePullJournal(options.journalFile)
    } catch (settleError) {
      throw new PullPendingError(error, settleError)
    }
    throw error
  }
  await removePullJournal(options.journalFile)
}

/** A pull failed and could not be undone: its journal stays for the next save or start. */
export class PullPendingError extends Error {
  constructor(
    readonly failure: unknown,
    readonly settleFailure: unknown,
  ) {
    super(`A pull failed (${String(failure)}) and could not be undone (${String(settleFailure)}); its journal stays for the next start`)
  }
}

/** Finishes or undoes a pull a crash interrupted, from its journal (see the module comment). */
export async function settlePull(options: { store: GitStore; workTree: WorkTree; journal: PullJournal }): Promise<SettledPull> {
  const { store, workTree, journal } = options
  const listed = `${journal.paths.length} file(s) (pull from ${journal.from ?? 'nothing'} to ${journal.to}, started ${journal.startedAt})`
  let head = await store.readHead()
  if (head.branchRef === journal.branchRef && head.commit === journal.from) {
    await store.moveBranch(journal.branchRef, journal.from, journal.to)
    head = await store.readHead()
  }
  if (head.branchRef === journal.branchRef && head.commit === journal.to) {
    await checkoutPaths({ store, workTree, tree: head.tree, paths: journal.paths })
    return { outcome: 'completed', action: `Pull completed: ${journal.branchRef} at ${journal.to}; ${listed} match it` }
  }
  await checkoutPaths({ store, workTree, tree: head.tree, paths: journal.paths })
  return { outcome: 'rolled back', action: `Pull rolled back: ${head.branchRef} is at ${head.commit ?? 'nothing'}; ${listed} put back to match it` }
}

export function writePullJournal(file: string, journal: PullJournal, tempDir: string): Promise<void> {
  return writeJournalFile(file, journal, tempDir)
}

export const removePullJournal = removeJournalFile

/** The journal, null when there is none, or 'unreadable' when it is not one this module wrote. */
export function readPullJournal(file: string): Promise<PullJournal | null | 'unreadable'> {
  return readJournalFile(file, isPullJournal)
}

const OID = /^[0-9a-f]{40}$/
const oid = (value: unknown) => typeof value === 'string' && OID.test(value)

function isPullJournal(journal: unknown): journal is PullJournal {
  const value = journal as Partial<PullJournal> | null
  return (
    typeof value === 'object' &&
    value !== null &&
    value.kind === 'pull' &&
    typeof value.branchRef === 'string' &&
    value.branchRef.startsWith('refs/heads/') &&
    (value.from === null || oid(value.from)) &&
    oid(value.to) &&
    Array.isArray(value.paths) &&
    value.paths.every(isSafeRepositoryPath) &&
    typeof value.startedAt === 'string'
  )
}
