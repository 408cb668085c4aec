import { BoundedCache } from '../../lib/bounded-cache.ts'
import { blobId } from '../blob-id.ts'
import { cleanAuthor, cleanMessage } from '../formats/commit-text.ts'
import { changeBytes, type FileChange, type GitAuthor } from '../formats/commit-types.ts'
import type { CommitGraph } from '../history/commit-graph.ts'
import type { GitStore } from '../store/git-store.ts'
import { diffTrees } from '../history/tree-diff.ts'
import type { RepositoryTransaction } from '../repository-transaction.ts'

/** What SideBranches needs of its ContentRepository. */
export interface SideBranchesDeps {
  store: GitStore
  graph: CommitGraph
  /**
   * Runs `work` holding the repository, after settling any interrupted save or pull: as a call on
   * `tx` when the caller holds that transaction, else in a transaction of its own.
   */
  exclusive<T>(work: () => Promise<T>, tx?: RepositoryTransaction): Promise<T>
  /** Repository-relative path → absolute, and back. */
  absolute(filepath: string): string
  relative(file: string): string
  /** Told of each commit made on a branch here (ContentRepository announces it). */
  onCommitted?: (commit: string, branch: string) => void
}

/** A file a side branch changed since it forked from the checked-out branch. */
export interface BranchChange {
  /** Absolute path. */
  path: string
  /** Its blob where the branch forked (null: absent), and at the branch's tip (null: deleted). */
  before: string | null
  after: string | null
}

export interface SideBranch {
  /** Short name, e.g. `cms/welcome`. */
  name: string
  commit: string
  /** What the branch changes, relative to where it forked from the checked-out branch. */
  changes: BranchChange[]
}

/**
 * Branches beside the checked-out one, written without a checkout: review mode commits an admin's
 * save to `cms/<slug>` while the site (the work tree, the index, the live branch) stays as it is.
 *
 * A commit here is objects first (blobs, trees, commit), then one atomic ref update compared
 * against the tip it was built on: a crash before the ref moves leaves only unused objects, so
 * no journal is needed. It holds the repository like every ref change. In place of
 * `git.commit({ ref })`, which commits the index: the trees come from tree-store.ts (measured
 * there), the commit and the ref from isomorphic-git (`writeCommit`, `writeRef`, via GitStore).
 */
export class SideBranches {
  /** Each branch's changes against its base, by branch, tip and HEAD: a later tip or HEAD is another key. */
  readonly #branchChanges = new BoundedCache<string, SideBranch>({ maxEntries: 1000 })

  readonly #deps: SideBranchesDeps

  constructor(deps: SideBranchesDeps) {
    this.#deps = deps
  }

  /**
   * One commit on `branch` with `changes` (absolute paths; null content deletes), on top of its
   * tip, or of the checked-out branch's commit when it does not exist yet (then it is created).
   * Returns null when nothing would change. `tx`: as a call on the caller's transaction.
   */
  commit(options: { branch: string; changes: FileChange[]; message: string; author: GitAuthor; tx?: RepositoryTransaction }): Promise<string | null> {
    const { store, graph } = this.#deps
    const ref = `refs/heads/${options.branch}`
    return this.#deps.exclusive(async () => {
      if (ref === (await store.refs.branchRef())) throw new Error(`${options.branch} is the checked-out branch: commit to it with commitFiles`)
      const tip = await store.refs.readRef(ref)
      const parent = tip ?? (await store.readHead()).commit
      const parentTree = parent === null ? null : (await graph.get(parent)).tree
      const edits = new Map<string, string | null>()
      for (const change of options.changes) {
        const bytes = changeBytes(change)
        const oid = bytes === null ? null : (change.blobId ?? blobId(bytes))
        edits.set(this.#deps.relative(change.path), oid)
        if (bytes !== null) await store.writeBlob(bytes, oid!)
      }
      let same = true
      for (const [filepath, oid] of edits) if ((await store.trees.lookup(parentTree, filepath)) !== oid) same = false
      if (same) return null
      const tree = await store.trees.edit(parentTree, edits)
      const commit = await store.writeCommit({
        tree,
        parents: parent === null ? [] : [parent],
        message: cleanMessage(options.message),
        author: cleanAuthor(options.author),
      })
      await store.refs.moveBranch(ref, tip, commit)
      this.#deps.onCommitted?.(commit, options.branch)
      return commit
    }, options.tx)
  }

  /** The local branches under `prefix` (e.g. `cms/`), each with what it changes. */
  async list(prefix: string): Promise<SideBranch[]> {
    const { store, graph } = this.#deps
    const head = await store.readHead()
    const branches: SideBranch[] = []
    for (const name of await store.refs.listBranches()) {
      if (!name.startsWith(prefix)) continue
      const commit = await store.refs.readRef(`refs/heads/${name}`)
      if (commit === null) continue
      const key = `${name}:${commit}:${head.commit}`
      let branch = this.#branchChanges.get(key)
      if (!branch) {
        const base = head.commit === null ? null : (await graph.compare(commit, head.commit)).base
        const baseTree = base === null ? null : (await graph.get(base)).tree
        const changes = await diffTrees((oid) => store.readTreeBytes(oid), baseTree, (await graph.get(commit)).tree)
        branch = {
          name,
          commit,
          changes: changes.map((change) => ({ path: this.#deps.absolute(change.path), before: change.before?.oid ?? null, after: change.after?.oid ?? null })),
        }
        this.#branchChanges.set(key, branch)
      }
      branches.push(branch)
    }
    return branches
  }

  /**
   * Deletes the branches under `prefix` whose every change is in the checked-out branch (merged,
   * squashed or rebased on the remote and pulled here): their review is over. Returns their names.
   * `tx`: as a call on the caller's transaction (the sync's pull).
   */
  removeMerged(prefix: string, tx?: RepositoryTransaction): Promise<string[]> {
    const { store } = this.#deps
    return this.#deps.exclusive(async () => {
      const head = await store.readHead()
      const removed: string[] = []
      for (const branch of await this.list(prefix)) {
        let merged = true
        for (const change of branch.changes) {
          if ((await store.trees.lookup(head.tree, this.#deps.relative(change.path))) !== change.after) merged = false
        }
        if (!merged) continue
        await store.refs.writeRef(`refs/heads/${branch.name}`, null)
        removed.push(branch.name)
      }
      return removed
    }, tx)
  }
}
