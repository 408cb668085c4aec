import { RefusedTreeError, RepositoryStateError } from '../lib/errors.ts'
import { checkoutPaths, stateOf } from './checkout.ts'
import type { GitStore } from './store/git-store.ts'
import type { TreeCheck } from './history/tree-check.ts'
import { diffTrees, type TreeChange } from './history/tree-diff.ts'
import { showPath, SUBMODULE_MODE, SYMLINK_MODE } from './formats/tree-rules.ts'
import type { Recovery } from './recovery.ts'
import type { PullTarget } from './remote/connected-remote.ts'
import type { PullJournal, RepositoryJournal } from './repository-journal.ts'
import type { WorkTree } from './work-tree.ts'

/**
 * Bringing the remote's commits into the work tree, once remote/ has decided what to pull: a
 * fast-forward, or a merge commit already written. The objects (fetched pack, merged trees, the
 * merge commit) are all written before this starts; they are content-addressed and harmless if
 * nothing ends up using them.
 *
 * What comes from the remote is a content author's input: first the new commit's trees are
 * checked as git's fsck would (tree-check.ts); a commit holding a path git refuses (`..`, `.git`,
 * an odd mode...) is refused whole (RefusedTreeError): nothing of it is written, the branch does
 * not move, the site keeps serving what it has.
 *
 * Journaled like a save (repository-journal.ts, settled by recovery.ts after a crash). In order:
 * journal → work-tree files of the changed paths (each atomically) and their index entries →
 * branch moved from `from` to `to` → journal removed. Nothing else in the work tree is touched.
 * isomorphic-git's `pull` moves the branch (`merge`) before `checkout` writes the files, with no
 * journal; here the files go through checkout.ts (measured there), the branch through GitRefs.
 */
export interface PullDeps {
  store: GitStore
  workTree: WorkTree
  journal: RepositoryJournal
  recovery: Recovery
  treeCheck: TreeCheck
}

/**
 * Carries out a pull, in the repository's queue (the caller holds it), and returns what changed.
 * Refuses a commit with a path git refuses (RefusedTreeError, naming `target.source`) and to
 * overwrite uncommitted changes (RepositoryStateError). If a step fails, the paths are put back
 * as HEAD has them and the error is rethrown; if even that fails, the journal stays (a
 * PullPendingError) and the next write or start settles it.
 */
export async function applyPull(deps: PullDeps, target: PullTarget): Promise<TreeChange[]> {
  const { store, workTree, journal: journals } = deps
  const { head, to } = target
  const refused = await deps.treeCheck.findRefused(head.tree, to.tree)
  if (refused) throw new RefusedTreeError({ commit: target.source, path: showPath(refused.path), reason: refused.reason })
  // Diffed only once checked: a malformed tree would otherwise fail here with a vaguer message.
  const changes = await diffTrees((oid) => store.readTreeBytes(oid), head.tree, to.tree)
  const dirty = await findDirtyPaths(deps, changes)
  if (dirty.length > 0) {
    throw new RepositoryStateError(`The pull would overwrite uncommitted changes in the server's work tree (${dirty.join(', ')}): commit or undo them there`)
  }
  const paths = changes.map((change) => change.path)
  const journal: PullJournal = { kind: 'pull', branchRef: head.branchRef, from: head.commit, to: to.commit, paths, startedAt: new Date().toISOString() }
  await journals.write('pull', journal)
  try {
    await checkoutPaths({ store, workTree, tree: to.tree, paths })
    await store.refs.moveBranch(head.branchRef, head.commit, to.commit)
  } catch (error) {
    try {
      const now = await store.readHead()
      await checkoutPaths({ store, workTree, tree: now.tree, paths })
      await journals.remove('pull')
    } catch (settleError) {
      deps.recovery.markPending('pull')
      throw new PullPendingError(error, settleError)
    }
    throw error
  }
  await journals.remove('pull')
  return changes
}

/** A pull failed and could not be undone: its journal stays for the next write or start. */
export class PullPendingError extends Error {
  readonly failure: unknown
  readonly settleFailure: unknown

  constructor(failure: unknown, settleFailure: unknown) {
    super(`A pull failed (${String(failure)}) and could not be undone (${String(settleFailure)}); its journal stays for the next start`)
    this.failure = failure
    this.settleFailure = settleFailure
  }
}

/**
 * Paths a pull would overwrite that someone changed by hand in the work tree or the index (not
 * as HEAD has them, nor already as the pull wants them). Like `git pull`, the pull is refused then:
 * nobody's uncommitted work is lost to it.
 */
async function findDirtyPaths(deps: PullDeps, changes: TreeChange[]): Promise<string[]> {
  const dirty: string[] = []
  for (const change of changes) {
    const acceptable = [...inWorkTreeAs(change.before), ...inWorkTreeAs(change.after)]
    const state = await stateOf(deps.workTree, change.path)
    const staged = await deps.store.stagedOid(change.path)
    const inWorkTree = state === null ? null : state.mode === '040000' ? 'folder' : state.oid
    const indexed = [change.before?.oid ?? null, change.after?.oid ?? null]
    if (!acceptable.includes(inWorkTree) || staged === 'conflict' || !indexed.includes(staged)) dirty.push(change.path)
  }
  return dirty
}

/**
 * What the work tree may hold for an entry without anyone having changed it: its blob; for a
 * symlink or submodule, nothing (checkout.ts never writes them) or what git's own checkout made
 * (the link, the submodule's folder).
 */
function inWorkTreeAs(entry: TreeChange['before']): (string | null)[] {
  if (entry === null) return [null]
  if (entry.mode === SYMLINK_MODE) return [null, entry.oid]
  if (entry.mode === SUBMODULE_MODE) return [null, 'folder']
  return [entry.oid]
}
