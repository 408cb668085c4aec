import path from 'node:path'
import type { Logger } from '../lib/logger.ts'
import { CommitGraph } from './history/commit-graph.ts'
import type { CommitInfo, GitAuthor } from './formats/commit-types.ts'
import { FileHistory, type IdentifyFile } from './history/file-history.ts'
import { removedFiles } from './history/removed-files.ts'
import type { GitStore } from './store/git-store.ts'
import { HISTORY_CACHE_FILE, type HistoryCache } from './history/history-cache.ts'
import type { TreeChange } from './history/tree-diff.ts'
import type { WorkTree } from './work-tree.ts'

/** One commit that changed a file (see `fileHistory`). */
export interface FileHistoryEntry {
  commit: string
  author: GitAuthor
  /** Author date, ISO 8601 in UTC. */
  date: string
  /** The commit message, without its final newline. */
  message: string
  /** Absolute path of the file in that commit (another name before a rename). */
  path: string
  /** The file's blob id in that commit: its version then. */
  blob: string
}

/** A file a commit removed (see `removedFiles`): `blob` is its last version, in `parent`. */
export interface FileRemovalEntry extends FileHistoryEntry {
  /** The commit before the removal, where the file still was. */
  parent: string
}

/** Where a file history starts: a commit, and the file there (absolute path; its blob, or looked up). Default: HEAD. */
export interface HistoryStart {
  commit: string
  path: string
  blob?: string
}

export interface HistoryOptions {
  /** The folder of the persistent history cache (the site's folder); none: memory only. */
  cacheDir?: string
  /** Compute the diffs the cache lacks in the background after open (a fresh clone, a pull). */
  warm?: boolean
}

/** The cache file of these options, or null: memory only. */
export function historyCacheFile(options: HistoryOptions | undefined): string | null {
  return options?.cacheDir === undefined ? null : path.join(options.cacheDir, HISTORY_CACHE_FILE)
}

export interface RepositoryHistoryDeps {
  store: GitStore
  workTree: WorkTree
  cache: HistoryCache
  logger: Logger
}

/**
 * The repository's commit graph and file histories over one history cache (history/history-cache.ts),
 * so that they survive a restart, and the optional background warm-up that fills the cache.
 */
export class RepositoryHistory {
  readonly graph: CommitGraph
  readonly files: FileHistory
  readonly #store: GitStore
  readonly #workTree: WorkTree
  readonly #cache: HistoryCache
  readonly #logger: Logger
  #warming: Promise<void> = Promise.resolve()
  #closing = false

  constructor(deps: RepositoryHistoryDeps) {
    const { store, cache } = deps
    this.#store = store
    this.#workTree = deps.workTree
    this.#cache = cache
    this.#logger = deps.logger
    this.graph = new CommitGraph(async (oid) => {
      const known = cache.commit(oid)
      if (known) return known
      const info = await store.readCommit(oid)
      cache.addCommit(info)
      return info
    })
    this.files = new FileHistory({
      cache,
      graph: this.graph,
      readTree: (oid) => store.readTreeBytes(oid),
      readBlob: (oid) => store.readBlob(oid),
    })
  }

  /** Starts computing in the background the diffs the cache lacks (see `HistoryOptions.warm`). */
  startWarming(): void {
    if (this.#closing) return
    this.#warming = this.#warm()
  }

  /** See ContentRepository.fileHistory. */
  async fileHistory(options: { path: string; identify: IdentifyFile; limit?: number; from?: HistoryStart }): Promise<FileHistoryEntry[]> {
    const workTree = this.#workTree
    const filepath = workTree.relative(options.from?.path ?? options.path)
    let start: { commit: string; tree: string } | null = null
    if (options.from) start = { commit: options.from.commit, tree: (await this.graph.get(options.from.commit)).tree }
    else {
      const head = await this.#store.readHead()
      if (head.commit !== null && head.tree !== null) start = { commit: head.commit, tree: head.tree }
    }
    if (start === null) return []
    const blob = options.from?.blob ?? (await this.#store.trees.lookup(start.tree, filepath))
    if (blob === null) return []
    const identify: IdentifyFile = (file, bytes) => options.identify(workTree.absolute(file), bytes)
    const versions = await this.files.versions({ head: start.commit, path: filepath, blob, identify, limit: options.limit })
    return versions.map(({ commit, path: file, blob: version }) => this.#entry(commit, file, version))
  }

  /** See ContentRepository.removedFiles. */
  async removedFiles(wanted: (path: string) => boolean): Promise<{ head: string | null; removals: FileRemovalEntry[] }> {
    const head = await this.#store.readHead()
    if (head.commit === null) return { head: null, removals: [] }
    const workTree = this.#workTree
    const removals = await removedFiles({ graph: this.graph, files: this.files, head: head.commit, wanted: (file) => wanted(workTree.absolute(file)) })
    return { head: head.commit, removals: removals.map(({ commit, parent, path: file, blob }) => ({ ...this.#entry(commit, file, blob), parent })) }
  }

  #entry(commit: CommitInfo, file: string, blob: string): FileHistoryEntry {
    return {
      commit: commit.oid,
      author: commit.author,
      date: new Date(commit.authoredAt * 1000).toISOString(),
      message: commit.message.replace(/\n+$/, ''),
      path: this.#workTree.absolute(file),
      blob,
    }
  }

  /** A commit a save made, with its changes (save.ts): cached, so no diff is computed for it. */
  readonly noteCommitted = (saved: { commit: string; parent: string | null; changes: TreeChange[] }): void => {
    this.#cache.addDiff(saved.commit, saved.parent, new Map(saved.changes.map((change) => [change.path, change])))
  }

  /** Resolves once the warm-up is over (done or stopped). */
  warmed(): Promise<void> {
    return this.#warming
  }

  /** Stops the warm-up and writes the cache; call before closing the store. */
  async close(): Promise<void> {
    this.#closing = true
    await this.#warming
    await this.#cache.close()
  }

  /**
   * One diff per turn of the event loop (setImmediate: after pending I/O), so requests are served
   * in between; with a warm cache it is a walk in memory.
   */
  async #warm(): Promise<void> {
    try {
      const head = await this.#store.readHead()
      if (head.commit === null) return
      const started = performance.now()
      const pause = () => new Promise<boolean>((resolve) => setImmediate(() => resolve(!this.#closing)))
      const computed = await this.files.warm(head.commit, pause)
      if (computed > 0) this.#logger.info(`History cache: ${computed} commit diffs computed in the background in ${Math.round(performance.now() - started)} ms`)
    } catch (error) {
      // Only an optimisation: a history request computes what it needs and reports real problems.
      this.#logger.warn(`Could not warm the history cache: ${String(error)}`)
    }
  }
}
