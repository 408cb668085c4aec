import { RepositoryStateError } from '../../lib/errors.ts'
import type { CommitGraph } from '../history/commit-graph.ts'
import type { GitAuthor } from '../formats/commit-types.ts'
import type { FileHistory } from '../history/file-history.ts'
import type { GitStore, Head } from '../store/git-store.ts'
import { type MergeConflict, mergeTrees } from '../history/merge-trees.ts'

/**
 * What a pull brings in, decided before anything in the work tree changes: nothing, a
 * fast-forward to the remote's commit, or a merge commit written here (its trees and commit are
 * objects only; no ref moves), unless a file changed differently on both sides. Merges are by
 * whole file (merge-trees.ts): two edits of one post are never blended. In place of `git.merge`:
 * the trees are merged by merge-trees.ts (measured there), the commit written by isomorphic-git's
 * `writeCommit` (GitStore).
 */

/** A file changed on both sides since they forked. Blobs are null where the file is absent. */
export interface SyncConflict {
  /** Absolute path. */
  path: string
  base: string | null
  mine: string | null
  theirs: string | null
  /** The newest remote commit that changed it. */
  remote: { commit: string; author: GitAuthor; date: string } | null
}

/** An admin's choice for a conflict, valid only while both sides still have those blobs. */
export interface ConflictResolution {
  /** Absolute path. */
  path: string
  keep: 'mine' | 'theirs'
  mine: string | null
  theirs: string | null
}

export type RemoteMerge =
  | { outcome: 'up-to-date' | 'ahead' | 'diverged' }
  | { outcome: 'conflict'; conflicts: SyncConflict[] }
  | { outcome: 'fast-forward' | 'merged'; to: { commit: string; tree: string } }

export interface RemoteMergeOptions {
  store: GitStore
  graph: CommitGraph
  history: FileHistory
  head: Head
  /** The remote branch's commit as last fetched. */
  remote: string
  /** The remote branch's name, for messages. */
  branch: string
  author: GitAuthor
  message: string
  resolutions: ConflictResolution[]
  /**
   * Only a fast-forward (a read replica follows its remote): where both sides have commits of
   * their own, or share no history at all, nothing is merged and the outcome is 'diverged'.
   */
  fastForwardOnly?: boolean
  absolute(filepath: string): string
  relative(file: string): string
}

/** Decides what pulling `remote` into `head` means, writing the merge commit if there is one. */
export async function mergeWithRemote(options: RemoteMergeOptions): Promise<RemoteMerge> {
  const { store, graph, head, remote } = options
  if (head.commit === null) return { outcome: 'fast-forward', to: { commit: remote, tree: (await graph.get(remote)).tree } }
  const { ahead, behind, base } = await graph.compare(head.commit, remote)
  if (behind.length === 0) return { outcome: ahead.length > 0 ? 'ahead' : 'up-to-date' }
  if (ahead.length === 0) return { outcome: 'fast-forward', to: { commit: remote, tree: (await graph.get(remote)).tree } }
  if (options.fastForwardOnly) return { outcome: 'diverged' }
  if (base === null) {
    throw new RepositoryStateError(`The remote branch ${options.branch} shares no history with ${head.branchRef}: they cannot be merged`)
  }
  const decisions = new Map(options.resolutions.map((resolution) => [options.relative(resolution.path), resolution]))
  const merge = await mergeTrees(
    { readTree: (oid) => store.readTreeBytes(oid), writeTree: (entries) => store.writeTree(entries) },
    { base: (await graph.get(base)).tree, ours: head.tree, theirs: (await graph.get(remote)).tree },
    (conflict) => decide(conflict, decisions.get(conflict.path)),
  )
  if (merge.conflicts.length > 0) return { outcome: 'conflict', conflicts: await describe(options, merge.conflicts, behind) }
  // An empty merged tree cannot happen for a site (the posts folder exists on both sides).
  const tree = merge.tree ?? (await store.writeTree([]))
  const commit = await store.writeCommit({ tree, parents: [head.commit, remote], message: options.message, author: options.author })
  return { outcome: 'merged', to: { commit, tree } }
}

function decide(conflict: MergeConflict, resolution: ConflictResolution | undefined): 'ours' | 'theirs' | null {
  if (!resolution) return null
  const still = resolution.mine === (conflict.ours?.oid ?? null) && resolution.theirs === (conflict.theirs?.oid ?? null)
  if (!still) return null
  return resolution.keep === 'mine' ? 'ours' : 'theirs'
}

/** Conflicts with absolute paths and the newest remote commit that changed each. */
async function describe(options: RemoteMergeOptions, conflicts: MergeConflict[], remoteOnly: string[]): Promise<SyncConflict[]> {
  const { graph, history } = options
  const described: SyncConflict[] = []
  for (const conflict of conflicts) {
    let remote: SyncConflict['remote'] = null
    for (const oid of remoteOnly) {
      const commit = await graph.get(oid)
      if ((await history.changes(commit, commit.parents[0] ?? null)).has(conflict.path)) {
        remote = { commit: oid, author: commit.author, date: new Date(commit.authoredAt * 1000).toISOString() }
        break
      }
    }
    described.push({
      path: options.absolute(conflict.path),
      base: conflict.base?.oid ?? null,
      mine: conflict.ours?.oid ?? null,
      theirs: conflict.theirs?.oid ?? null,
      remote,
    })
  }
  return described
}
