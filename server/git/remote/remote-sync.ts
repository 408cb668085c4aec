import { RemoteError, RepositoryStateError } from '../../lib/errors.ts'
import { type CommitGraph, type CommitInfo, CommitQueue } from '../objects/commit-graph.ts'
import type { GitAuthor } from '../objects/commit-types.ts'
import type { FileHistory } from '../objects/file-history.ts'
import type { GitStore } from '../objects/git-store.ts'
import { applyPull, findDirtyPaths, PullPendingError } from './integrate.ts'
import { type MergeConflict, mergeTrees } from '../objects/merge-trees.ts'
import { REMOTE_NAME, RemoteTransport, type RemoteSettings } from './remote-transport.ts'
import { diffTrees } from '../objects/tree-diff.ts'
import type { WorkTree } from '../work-tree.ts'

/** What RemoteSync needs of its ContentRepository (its internals, within server/git). */
export interface RepositoryParts {
  store: GitStore
  workTree: WorkTree
  graph: CommitGraph
  history: FileHistory
  /** Runs `work` in the repository's serial queue, after settling any interrupted save or pull. */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  pullJournalFile: string
  tempDir: string
  /** A failed pull could not be undone: its journal must be settled before the next write. */
  markPullPending(): void
  /** Repository-relative path → absolute, and back. */
  absolute(filepath: string): string
  relative(file: string): string
}

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

export interface PullResult {
  outcome: 'no-remote-branch' | 'up-to-date' | 'ahead' | 'fast-forward' | 'merged' | 'conflict'
  /** Absolute paths whose files the pull changed. */
  changed: string[]
  /** Unresolved conflicts (outcome 'conflict': nothing was pulled). */
  conflicts: SyncConflict[]
  /** The new HEAD after a fast-forward or merge. */
  commit: string | null
}

export interface RemoteState {
  branch: string
  /** The remote branch's commit as last fetched or pushed (null: none known). */
  remoteCommit: string | null
  /** How many local commits the remote does not have. */
  aheadCount: number
  /** The newest of them (at most `maxListed`), newest first. */
  ahead: CommitInfo[]
  /** Remote commits not integrated locally. */
  behind: number
}

/**
 * The content repository's side of two-way sync with one remote branch, tracked locally as
 * `refs/remotes/watchio/<branch>` (our own name, so a maintainer's `origin` is left alone).
 *
 * Network calls (fetch, push) run outside the serial queue: a save never waits for the network.
 * They write only objects (see remote-transport.ts); every ref, work-tree and index change runs
 * inside the queue: recording the fetched or pushed commit, and integrating (`pull`).
 */
export class RemoteSync {
  readonly #parts: RepositoryParts
  readonly #transport: RemoteTransport
  readonly #trackingRef: string

  constructor(parts: RepositoryParts, settings: RemoteSettings) {
    this.#parts = parts
    this.#transport = new RemoteTransport(settings, parts.store.isomorphicGit)
    this.#trackingRef = `refs/remotes/${REMOTE_NAME}/${settings.branch}`
  }

  get url(): string {
    return this.#transport.url
  }

  get branch(): string {
    return this.#transport.branch
  }

  /** Aborts network calls in flight: for shutdown, so that it never waits for a hanging remote. */
  close(): void {
    this.#transport.close()
  }

  /** Redacts credentials from a message (for anything logged or shown about the remote). */
  redact(text: string): string {
    return this.#transport.redact(text)
  }

  /** Downloads the remote branch's new commits and records where it is. */
  async fetch(): Promise<string | null> {
    const branchRef = await this.#parts.store.branchRef()
    const tip = await this.#transport.fetch(branchRef.replace(/^refs\/heads\//, ''))
    await this.#parts.exclusive(() => this.#parts.store.writeRef(this.#trackingRef, tip))
    return tip
  }

  /**
   * Pushes the local branch when it is ahead of, and contains, the remote branch as last seen.
   * 'diverged': the remote has commits not integrated yet (pull first). A remote that moved
   * since the last fetch is a RemoteError('remote-moved'), and nothing is sent.
   */
  async push(): Promise<'pushed' | 'up-to-date' | 'diverged'> {
    const { store, graph } = this.#parts
    const head = await store.readHead()
    const remote = await store.readRef(this.#trackingRef)
    if (head.commit === null || head.commit === remote) return 'up-to-date'
    if (remote !== null && !(await graph.isAncestor(remote, head.commit))) {
      return (await graph.isAncestor(head.commit, remote)) ? 'up-to-date' : 'diverged'
    }
    const pushed = await this.#transport.push({ localBranchRef: head.branchRef, accept: (remoteNow) => remoteNow === remote })
    await this.#parts.exclusive(() => store.writeRef(this.#trackingRef, pushed))
    return 'pushed'
  }

  /**
   * Pushes every local branch under `prefix` (review branches, `cms/`) that has commits its
   * remote counterpart lacks, each to the branch of the same name. A remote branch is only
   * advanced (never forced): it must be absent or one of our branch's ancestors (a branch left on
   * the remote after an earlier review was merged is). Returns the branches pushed; a branch the
   * remote has other commits on fails with RemoteError('remote-moved') naming it.
   */
  async pushBranches(prefix: string): Promise<string[]> {
    const { store, graph } = this.#parts
    const pushed: string[] = []
    for (const name of await store.listBranches()) {
      if (!name.startsWith(prefix)) continue
      const local = await store.readRef(`refs/heads/${name}`)
      const tracking = `refs/remotes/${REMOTE_NAME}/${name}`
      if (local === null || local === (await store.readRef(tracking))) continue
      const accept = async (remoteNow: string | null) =>
        remoteNow === null || (await graph.isAncestor(remoteNow, local).catch(() => false))
      let commit: string
      try {
        commit = await this.#transport.push({ localBranchRef: `refs/heads/${name}`, remoteBranch: name, accept })
      } catch (error) {
        if (error instanceof RemoteError && error.kind === 'remote-moved') {
          throw new RemoteError('remote-moved', `The remote branch ${name} has commits the site does not: delete it on the remote to start the review again`)
        }
        throw error
      }
      await this.#parts.exclusive(() => store.writeRef(tracking, commit))
      pushed.push(name)
    }
    return pushed
  }

  /** Where the remote had branch `name` when last fetched or pushed (null: unknown or absent). */
  remoteCommitOf(name: string): Promise<string | null> {
    return this.#parts.store.readRef(`refs/remotes/${REMOTE_NAME}/${name}`)
  }

  /** Forgets where the remote has a branch we no longer have (a review merged and removed). */
  forgetBranches(names: string[]): Promise<void> {
    return this.#parts.exclusive(async () => {
      for (const name of names) await this.#parts.store.writeRef(`refs/remotes/${REMOTE_NAME}/${name}`, null)
    })
  }

  /**
   * Integrates the remote branch as last fetched: a fast-forward, or a merge commit (authored by
   * `author`, with `message`) when both sides have commits and no file changed differently on
   * both; otherwise nothing changes and the conflicts are returned. `resolutions` settle
   * conflicts (each only while both sides still hold the blobs it was chosen against).
   * Refuses (RepositoryStateError) to overwrite uncommitted changes in the server's work tree.
   */
  pull(options: { author: GitAuthor; message: string; resolutions?: ConflictResolution[] }): Promise<PullResult> {
    const { store, workTree, graph } = this.#parts
    return this.#parts.exclusive(async () => {
      const head = await store.readHead()
      const remote = await store.readRef(this.#trackingRef)
      const result = (outcome: PullResult['outcome'], extra: Partial<PullResult> = {}): PullResult => ({
        outcome,
        changed: [],
        conflicts: [],
        commit: head.commit,
        ...extra,
      })
      if (remote === null) return result('no-remote-branch')
      let target: { commit: string; tree: string }
      let outcome: 'fast-forward' | 'merged'
      if (head.commit === null) {
        target = { commit: remote, tree: (await graph.get(remote)).tree }
        outcome = 'fast-forward'
      } else {
        const { ahead, behind, base } = await graph.compare(head.commit, remote)
        if (behind.length === 0) return result(ahead.length > 0 ? 'ahead' : 'up-to-date')
        if (ahead.length === 0) {
          target = { commit: remote, tree: (await graph.get(remote)).tree }
          outcome = 'fast-forward'
        } else {
          if (base === null) {
            throw new RepositoryStateError(`The remote branch ${this.branch} shares no history with ${head.branchRef}: they cannot be merged`)
          }
          const decisions = new Map((options.resolutions ?? []).map((resolution) => [this.#parts.relative(resolution.path), resolution]))
          const merge = await mergeTrees(
            { readTree: (oid) => store.readTreeBytes(oid), writeTree: (entries) => store.writeTree(entries) },
            { base: (await graph.get(base)).tree, ours: head.tree, theirs: (await graph.get(remote)).tree },
            (conflict) => decide(conflict, decisions.get(conflict.path)),
          )
          if (merge.conflicts.length > 0) return result('conflict', { conflicts: await this.#describe(merge.conflicts, behind) })
          // An empty merged tree cannot happen for a site (the posts folder exists on both sides).
          const tree = merge.tree ?? (await store.writeTree([]))
          const commit = await store.writeCommit({ tree, parents: [head.commit, remote], message: options.message, author: options.author })
          target = { commit, tree }
          outcome = 'merged'
        }
      }
      const changes = await diffTrees((oid) => store.readTreeBytes(oid), head.tree, target.tree)
      const dirty = await findDirtyPaths({ store, workTree, changes })
      if (dirty.length > 0) {
        throw new RepositoryStateError(
          `The pull would overwrite uncommitted changes in the server's work tree (${dirty.join(', ')}): commit or undo them there`,
        )
      }
      const paths = changes.map((change) => change.path)
      try {
        await applyPull({ store, workTree, journalFile: this.#parts.pullJournalFile, tempDir: this.#parts.tempDir, head, to: target, paths })
      } catch (error) {
        if (error instanceof PullPendingError) this.#parts.markPullPending()
        throw error
      }
      return result(outcome, { changed: paths.map((filepath) => this.#parts.absolute(filepath)), commit: target.commit })
    })
  }

  /** Where the local branch stands against the remote branch as last seen. */
  async state(options: { maxListed?: number } = {}): Promise<RemoteState> {
    const { store, graph } = this.#parts
    const maxListed = options.maxListed ?? 50
    const head = await store.readHead()
    const remote = await store.readRef(this.#trackingRef)
    const branch = head.branchRef.replace(/^refs\/heads\//, '')
    let ahead: string[] = []
    let behind = 0
    if (head.commit !== null && remote !== null) {
      const compared = await graph.compare(head.commit, remote)
      ahead = compared.ahead
      behind = compared.behind.length
    } else if (head.commit !== null) {
      ahead = await reachable(graph, head.commit) // nothing pushed yet: all of it is ahead
    } else if (remote !== null) {
      behind = (await reachable(graph, remote)).length
    }
    const listed = await Promise.all(ahead.slice(0, maxListed).map((oid) => graph.get(oid)))
    return { branch, remoteCommit: remote, aheadCount: ahead.length, ahead: listed, behind }
  }

  /** Conflicts with absolute paths and the newest remote commit that changed each. */
  async #describe(conflicts: MergeConflict[], remoteOnly: string[]): Promise<SyncConflict[]> {
    const { graph, history } = this.#parts
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
        path: this.#parts.absolute(conflict.path),
        base: conflict.base?.oid ?? null,
        mine: conflict.ours?.oid ?? null,
        theirs: conflict.theirs?.oid ?? null,
        remote,
      })
    }
    return described
  }
}

function decide(conflict: MergeConflict, resolution: ConflictResolution | undefined): 'ours' | 'theirs' | null {
  if (!resolution) return null
  const still = resolution.mine === (conflict.ours?.oid ?? null) && resolution.theirs === (conflict.theirs?.oid ?? null)
  if (!still) return null
  return resolution.keep === 'mine' ? 'ours' : 'theirs'
}

/** Every commit reachable from `oid`, newest first. */
async function reachable(graph: CommitGraph, oid: string): Promise<string[]> {
  const seen = new Set<string>()
  const queue = new CommitQueue()
  queue.push(await graph.get(oid), 0)
  const found: string[] = []
  while (queue.size > 0) {
    const { commit } = queue.pop()!
    if (seen.has(commit.oid)) continue
    seen.add(commit.oid)
    found.push(commit.oid)
    for (const parent of commit.parents) if (!seen.has(parent)) queue.push(await graph.get(parent), 0)
  }
  return found
}
