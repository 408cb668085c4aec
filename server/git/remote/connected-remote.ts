import { RemoteError } from '../../lib/errors.ts'
import { type CommitGraph, type CommitInfo, CommitQueue } from '../history/commit-graph.ts'
import type { GitAuthor } from '../formats/commit-types.ts'
import type { FileHistory } from '../history/file-history.ts'
import type { GitStore, Head } from '../store/git-store.ts'
import type { RepositoryTransaction } from '../repository-transaction.ts'
import type { TreeChange } from '../history/tree-diff.ts'
import { type ConflictResolution, mergeWithRemote, type SyncConflict } from './remote-merge.ts'
import { REMOTE_NAME, RemoteTransport, type RemoteSettings } from './remote-transport.ts'

/** What a pull asks the repository to carry out in its work tree (see ConnectedRemoteDeps.applyPull). */
export interface PullTarget {
  /** HEAD as the pull found it, inside the queue. */
  head: Head
  to: { commit: string; tree: string }
  /** The remote commit brought in (`to` itself, or the merge's remote parent): what a refusal names. */
  source: string
}

/** What ConnectedRemote needs of its ContentRepository (its internals, within server/git). */
export interface ConnectedRemoteDeps {
  store: GitStore
  graph: CommitGraph
  history: FileHistory
  settings: RemoteSettings
  /**
   * Runs `work` holding the repository, after settling any interrupted save or pull: as a call on
   * `tx` when the caller holds that transaction, else in a transaction of its own.
   */
  exclusive<T>(work: () => Promise<T>, tx?: RepositoryTransaction): Promise<T>
  /**
   * Checks `target`'s trees, then brings it into the work tree, the index and the branch,
   * journaled (the top of server/git owns the work tree: apply-pull.ts), and returns what changed.
   * Called inside `exclusive`.
   */
  applyPull(target: PullTarget): Promise<TreeChange[]>
  /** Repository-relative path → absolute, and back. */
  absolute(filepath: string): string
  relative(file: string): string
}

export interface PullResult {
  /** 'diverged': both sides have commits of their own and only a fast-forward was asked for. */
  outcome: 'no-remote-branch' | 'up-to-date' | 'ahead' | 'fast-forward' | 'merged' | 'conflict' | 'diverged'
  /** Absolute paths whose files the pull changed. */
  changed: string[]
  /** Unresolved conflicts (outcome 'conflict': nothing was pulled). */
  conflicts: SyncConflict[]
  /** The new HEAD after a fast-forward or merge; HEAD as it is otherwise. */
  commit: string | null
  /** The remote branch's commit as last fetched (null: none known). */
  remoteCommit: string | null
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
 * The content repository connected to one branch of a remote: fetch, push, pull (merge) and
 * where the two stand. The remote branch is tracked locally as `refs/remotes/watchio/<branch>`
 * (our own name, so a maintainer's `origin` is left alone).
 *
 * Network calls (fetch, push) run outside the serial queue: a save never waits for the network.
 * They write only objects (see remote-transport.ts); every ref, work-tree and index change runs
 * inside the queue: recording the fetched or pushed commit, and pulling (remote-merge.ts decides
 * what, the repository's `applyPull` carries it out). Policy only: the library calls are
 * isomorphic-git's `fetch` and `push` (remote-transport.ts); no measurement to name.
 */
export class ConnectedRemote {
  readonly #deps: ConnectedRemoteDeps
  readonly #transport: RemoteTransport
  readonly #trackingRef: string

  constructor(deps: ConnectedRemoteDeps) {
    this.#deps = deps
    this.#transport = new RemoteTransport({ settings: deps.settings, isomorphicGit: deps.store.isomorphicGit })
    this.#trackingRef = `refs/remotes/${REMOTE_NAME}/${deps.settings.branch}`
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
    const branchRef = await this.#deps.store.refs.branchRef()
    const tip = await this.#transport.fetch(branchRef.replace(/^refs\/heads\//, ''))
    await this.#deps.exclusive(() => this.#deps.store.refs.writeRef(this.#trackingRef, tip))
    return tip
  }

  /**
   * Pushes the local branch when it is ahead of, and contains, the remote branch as last seen.
   * 'diverged': the remote has commits not integrated yet (pull first). A remote that moved
   * since the last fetch is a RemoteError('remote-moved'), and nothing is sent.
   */
  async push(): Promise<'pushed' | 'up-to-date' | 'diverged'> {
    const { store, graph } = this.#deps
    const head = await store.readHead()
    const remote = await store.refs.readRef(this.#trackingRef)
    if (head.commit === null || head.commit === remote) return 'up-to-date'
    if (remote !== null && !(await graph.isAncestor(remote, head.commit))) {
      return (await graph.isAncestor(head.commit, remote)) ? 'up-to-date' : 'diverged'
    }
    const pushed = await this.#transport.push({ localBranchRef: head.branchRef, accept: (remoteNow) => remoteNow === remote })
    await this.#deps.exclusive(() => store.refs.writeRef(this.#trackingRef, pushed))
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
    const { store, graph } = this.#deps
    const pushed: string[] = []
    for (const name of await store.refs.listBranches()) {
      if (!name.startsWith(prefix)) continue
      const local = await store.refs.readRef(`refs/heads/${name}`)
      const tracking = `refs/remotes/${REMOTE_NAME}/${name}`
      if (local === null || local === (await store.refs.readRef(tracking))) continue
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
      await this.#deps.exclusive(() => store.refs.writeRef(tracking, commit))
      pushed.push(name)
    }
    return pushed
  }

  /** Where the remote had branch `name` when last fetched or pushed (null: unknown or absent). */
  remoteCommitOf(name: string): Promise<string | null> {
    return this.#deps.store.refs.readRef(`refs/remotes/${REMOTE_NAME}/${name}`)
  }

  /** Forgets where the remote has a branch we no longer have (a review merged and removed); `tx`: inside it. */
  forgetBranches(names: string[], tx?: RepositoryTransaction): Promise<void> {
    return this.#deps.exclusive(async () => {
      for (const name of names) await this.#deps.store.refs.writeRef(`refs/remotes/${REMOTE_NAME}/${name}`, null)
    }, tx)
  }

  /**
   * Integrates the remote branch as last fetched: a fast-forward, or a merge commit (authored by
   * `author`, with `message`) when both sides have commits and no file changed differently on
   * both; otherwise nothing changes and the conflicts are returned. `resolutions` settle
   * conflicts (each only while both sides still hold the blobs it was chosen against).
   * Refuses (RepositoryStateError) to overwrite uncommitted changes in the server's work tree.
   * `fastForwardOnly` (a read replica): nothing but a fast-forward; 'diverged' otherwise.
   * `tx`: as a call on the caller's transaction (the sync reloads the changed posts in the same one).
   */
  pull(options: { author: GitAuthor; message: string; resolutions?: ConflictResolution[]; fastForwardOnly?: boolean; tx?: RepositoryTransaction }): Promise<PullResult> {
    const { store, graph, history } = this.#deps
    return this.#deps.exclusive(async () => {
      const head = await store.readHead()
      const remote = await store.refs.readRef(this.#trackingRef)
      const result = (outcome: PullResult['outcome'], extra: Partial<PullResult> = {}): PullResult => ({
        outcome,
        changed: [],
        conflicts: [],
        commit: head.commit,
        remoteCommit: remote,
        ...extra,
      })
      if (remote === null) return result('no-remote-branch')
      const merge = await mergeWithRemote({
        store,
        graph,
        history,
        head,
        remote,
        branch: this.branch,
        author: options.author,
        message: options.message,
        resolutions: options.resolutions ?? [],
        fastForwardOnly: options.fastForwardOnly,
        absolute: this.#deps.absolute,
        relative: this.#deps.relative,
      })
      if (merge.outcome === 'conflict') return result('conflict', { conflicts: merge.conflicts })
      if (!('to' in merge)) return result(merge.outcome)
      const changes = await this.#deps.applyPull({ head, to: merge.to, source: remote })
      return result(merge.outcome, { changed: changes.map((change) => this.#deps.absolute(change.path)), commit: merge.to.commit })
    }, options.tx)
  }

  /** Where the local branch stands against the remote branch as last seen. */
  async state(options: { maxListed?: number } = {}): Promise<RemoteState> {
    const { store, graph } = this.#deps
    const maxListed = options.maxListed ?? 50
    const head = await store.readHead()
    const remote = await store.refs.readRef(this.#trackingRef)
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
