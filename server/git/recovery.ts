import path from 'node:path'
import { removeStaleTempFiles } from '../lib/atomic-write.ts'
import type { Logger } from '../lib/logger.ts'
import { checkoutPaths } from './checkout.ts'
import type { RecoveryReport } from './formats/commit-types.ts'
import type { GitStore } from './store/git-store.ts'
import type { TreeCheck } from './history/tree-check.ts'
import { showPath } from './formats/tree-rules.ts'
import { removeOrphanPacks } from './packing/pack-listing.ts'
import { type JournalKind, journalPaths, type Journals, type PullJournal, type RepositoryJournal, type SaveJournal } from './repository-journal.ts'
import type { WorkTree } from './work-tree.ts'

/**
 * Finishing or undoing a save or a pull that a crash (or a failed step) interrupted, from its
 * journal (repository-journal.ts): at start, and before the next write when a failure in this
 * process could not be settled then. In every case the journal's paths end up matching HEAD in
 * the work tree and the index, and nothing else in the work tree is touched.
 *
 * A save goes: journal → blob objects → work-tree files → trees and commit → branch → index →
 * journal removed. So, at any point of death:
 * - HEAD already holds every path at its intended blob: the commit landed, only the index (and
 *   perhaps a file) lag behind → "completed".
 * - Otherwise, every work-tree file already has its intended content: the blobs were written
 *   before the files, so the commit can be made now, with the journal's message and author
 *   → "committed". Nothing of the admin's save is lost.
 * - Otherwise some file was never written: put HEAD's version back in every path → "rolled back";
 *   the admin saw the save fail (the process died before answering), so nothing claims it happened.
 *
 * A pull goes (its objects, merge commit included, all written before): journal → work-tree files
 * of the changed paths and their index entries → branch moved from `from` to `to` → journal
 * removed. So:
 * - the branch is still at `from`: it is moved to `to` (the commit exists) → "completed", unless
 *   `to` holds a path git refuses (a journal an older version wrote before trees were checked:
 *   tree-check.ts) → "rolled back", the branch stays;
 * - the branch is at `to`: only the files or the index may lag → "completed";
 * - the branch is somewhere else (someone moved it by hand meanwhile): the journal's paths are
 *   put back to match whatever HEAD is → "rolled back"; the next pull starts over.
 *
 * isomorphic-git has nothing like it; it makes no library call of its own, only through GitStore
 * (commits and refs) and checkout.ts (files and index, measured there).
 */
export interface Settled {
  outcome: 'completed' | 'committed' | 'rolled back'
  /** The commit holding a save (null when rolled back, and for a pull). */
  commit: string | null
  /** One line for logs and the recovery report. */
  action: string
}

interface SettleOptions<K extends JournalKind> {
  store: GitStore
  workTree: WorkTree
  journal: Journals[K]
  treeCheck: TreeCheck
}

export async function settleSave(options: SettleOptions<'save'>): Promise<Settled> {
  const { store, workTree, journal } = options
  const paths = journal.changes.map((change) => change.path)
  const listed = `${paths.join(', ')} ("${firstLine(journal.message)}", started ${journal.startedAt})`
  const head = await store.readHead()

  if (await everyChange(journal, async (filepath) => store.trees.lookup(head.tree, filepath))) {
    await checkoutPaths({ store, workTree, tree: head.tree, paths })
    return { outcome: 'completed', commit: head.commit, action: `Save completed: commit ${head.commit} had landed; index and files now match it for ${listed}` }
  }

  if (await everyChange(journal, async (filepath) => workTree.blobIdOf(filepath))) {
    const edits = new Map<string, string | null>()
    for (const change of journal.changes) {
      const bytes = await workTree.read(change.path)
      // The blobs were written before the files, but writing again costs little and proves it.
      edits.set(change.path, bytes === null ? null : await store.writeBlob(bytes))
    }
    const { commit, tree } = await store.commit({ head, edits, message: journal.message, author: journal.author })
    await checkoutPaths({ store, workTree, tree, paths })
    return { outcome: 'committed', commit, action: `Committed a save interrupted by a crash as ${commit}: ${listed}` }
  }

  await checkoutPaths({ store, workTree, tree: head.tree, paths })
  return { outcome: 'rolled back', commit: null, action: `Save rolled back to HEAD ${head.commit ?? '(no commit)'}: ${listed}` }
}

export async function settlePull(options: SettleOptions<'pull'>): Promise<Settled> {
  const { store, workTree, journal } = options
  const listed = `${journal.paths.length} file(s) (pull from ${journal.from ?? 'nothing'} to ${journal.to}, started ${journal.startedAt})`
  let head = await store.readHead()
  let refusal = ''
  if (head.branchRef === journal.branchRef && head.commit === journal.from) {
    const refused = await options.treeCheck.findRefused(head.tree, (await store.readCommit(journal.to)).tree)
    if (refused) {
      refusal = ` (${journal.to} is refused: ${showPath(refused.path)} ${refused.reason})`
    } else {
      await store.refs.moveBranch(journal.branchRef, journal.from, journal.to)
      head = await store.readHead()
    }
  }
  await checkoutPaths({ store, workTree, tree: head.tree, paths: journal.paths })
  if (head.branchRef === journal.branchRef && head.commit === journal.to) {
    return { outcome: 'completed', commit: null, action: `Pull completed: ${journal.branchRef} at ${journal.to}; ${listed} match it` }
  }
  return { outcome: 'rolled back', commit: null, action: `Pull rolled back${refusal}: ${head.branchRef} is at ${head.commit ?? 'nothing'}; ${listed} put back to match it` }
}

function settle<K extends JournalKind>(kind: K, options: SettleOptions<K>): Promise<Settled> {
  return kind === 'save' ? settleSave(options as SettleOptions<'save'>) : settlePull(options as SettleOptions<'pull'>)
}

/** Pulls first: a save journal found beside a pull's is settled against the branch the pull left. */
const KINDS: JournalKind[] = ['pull', 'save']

export interface RecoveryDeps {
  store: GitStore
  workTree: WorkTree
  journal: RepositoryJournal
  logger: Logger
  gitdir: string
  tempDir: string
  treeCheck: TreeCheck
}

/** The repository's recovery: what it did at start (`report`), and failures still to settle. */
export class Recovery {
  readonly report: RecoveryReport = { actions: [] }
  readonly #deps: RecoveryDeps
  /** A save or pull failed in this process and could not be settled then: its journal stays. */
  readonly #pending = new Set<JournalKind>()

  constructor(deps: RecoveryDeps) {
    this.#deps = deps
  }

  /** The failed work's journal stays: the next write (or start) settles it first. */
  markPending(kind: JournalKind): void {
    this.#pending.add(kind)
  }

  settle<K extends JournalKind>(kind: K, journal: Journals[K]): Promise<Settled> {
    return settle(kind, { store: this.#deps.store, workTree: this.#deps.workTree, journal, treeCheck: this.#deps.treeCheck })
  }

  /** Settles what a failure in this process left, before anything else writes. */
  async settlePending(): Promise<void> {
    for (const kind of ['save', 'pull'] as const) {
      if (!this.#pending.has(kind)) continue
      const journal = await this.#deps.journal.read(kind)
      if (journal !== null && journal !== 'unreadable') {
        this.#deps.logger.warn((await this.settle(kind, journal)).action)
        await this.#deps.journal.remove(kind)
      }
      this.#pending.delete(kind)
    }
  }

  /**
   * Runs once, under the writer lock, before any write: removes temp files and packs a crash
   * left behind, then settles the journals found.
   */
  async atOpen(openedDir: string): Promise<void> {
    const { journal: journals, workTree, tempDir, gitdir } = this.#deps
    const found = new Map<JournalKind, SaveJournal | PullJournal | 'unreadable'>()
    for (const kind of KINDS) {
      const journal = await journals.read(kind)
      if (journal !== null) found.set(kind, journal)
    }
    // Work-tree temp files only exist while a journal does (it is written first and removed last),
    // so its files' folders are the only ones to clean, plus the folder we were given.
    const folders = new Set([tempDir, openedDir])
    for (const [kind, journal] of found) {
      if (journal === 'unreadable') continue
      for (const filepath of journalPaths(kind, journal)) folders.add(path.dirname(workTree.absolute(filepath)))
    }
    const removed: string[] = []
    for (const folder of folders) removed.push(...(await removeStaleTempFiles(folder)))
    if (removed.length > 0) this.#report(`Removed ${removed.length} stale temp file(s): ${removed.join(', ')}`)
    const orphans = await removeOrphanPacks(gitdir)
    if (orphans.length > 0) this.#report(`Removed ${orphans.length} pack file(s) without an index, left by a crash while packing: ${orphans.join(', ')}`)

    for (const [kind, journal] of found) {
      if (journal === 'unreadable') {
        const aside = await journals.setAside(kind)
        this.#report(`Set aside an unreadable ${kind} journal as ${aside}; its ${kind}, if any, was not settled`, 'error')
        continue
      }
      const settled = await this.settle(kind, journal)
      await journals.remove(kind)
      this.#report(settled.action)
    }
  }

  #report(action: string, level: 'info' | 'error' = 'info'): void {
    this.report.actions.push(action)
    this.#deps.logger[level](action)
  }
}

async function everyChange(journal: SaveJournal, current: (filepath: string) => Promise<string | null>): Promise<boolean> {
  for (const change of journal.changes) {
    if ((await current(change.path)) !== change.blobId) return false
  }
  return true
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? ''
}
