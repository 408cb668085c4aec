import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { NotAGitRepositoryError, RepositoryStateError } from '../lib/errors.ts'
import type { Logger } from '../lib/logger.ts'
import { applyPull } from './apply-pull.ts'
import { blobId } from './blob-id.ts'
import type { RecoveryReport } from './formats/commit-types.ts'
import type { IdentifyFile } from './history/file-history.ts'
import { findRepositoryRoot, GitStore } from './store/git-store.ts'
import { HistoryCache } from './history/history-cache.ts'
import { TreeCheck } from './history/tree-check.ts'
import { AutoPack, type PackingOptions, type PackReport } from './packing/auto-pack.ts'
import { Recovery } from './recovery.ts'
import { ConnectedRemote } from './remote/connected-remote.ts'
import type { RemoteSettings } from './remote/remote-transport.ts'
import { SideBranches } from './remote/side-branches.ts'
import { type FileHistoryEntry, type FileRemovalEntry, historyCacheFile, type HistoryOptions, type HistoryStart, RepositoryHistory } from './repository-history.ts'
import { RepositoryJournal } from './repository-journal.ts'
import { type RepositoryTransaction, Transactions } from './repository-transaction.ts'
import { type CommitFilesOptions, commitSave, type SaveDeps } from './save.ts'
import { WorkTree } from './work-tree.ts'
import { WriterLock } from './writer-lock.ts'

export type { PackingOptions, PackReport, PackStep } from './packing/auto-pack.ts'
export type { FileChange, GitAuthor, RecoveryReport } from './formats/commit-types.ts'
export type { IdentifyFile } from './history/file-history.ts'
export type { ConnectedRemote, PullResult, RemoteState } from './remote/connected-remote.ts'
export type { ConflictResolution, SyncConflict } from './remote/remote-merge.ts'
export type { RemoteSettings } from './remote/remote-transport.ts'
export type { BranchChange, SideBranch, SideBranches } from './remote/side-branches.ts'
export type { FileHistoryEntry, FileRemovalEntry, HistoryOptions, HistoryStart } from './repository-history.ts'
export type { RepositoryTransaction } from './repository-transaction.ts'
export type { CommitFilesOptions, SavedCommit, WrittenFile } from './save.ts'

/**
 * A commit this repository made for a caller (a save, or a review branch's commit): what
 * `onCommit` listeners are told. Not a pull's (the remote's commits, or the merge with them).
 */
export interface MadeCommit {
  commit: string
  /** The side branch it went to (review mode's `cms/<slug>`); null: the checked-out branch. */
  sideBranch: string | null
}

/** Files of ours inside the git directory (the journals are named in repository-journal.ts). */
const LOCK_FILE = 'watchio-writer.lock'
const TEMP_DIR = 'watchio-tmp'

export interface ContentRepositoryDeps {
  root: string
  gitdir: string
  /** Null for a follower (see `open`). */
  lock: WriterLock | null
  logger: Logger
  packing?: PackingOptions
  historyCache: HistoryCache
}

/**
 * The site's content repository, as its one writer, and the only way the rest of the server
 * reaches git: saves (save.ts), history, the remote (remote/) and side branches, every write
 * in a transaction, one at a time (repository-transaction.ts), with one journal and one recovery
 * for saves and pulls (repository-journal.ts, recovery.ts); each commit it makes is announced once
 * (`onCommit`: the content sync pushes it). Built by `open`, which takes the writer lock first.
 */
export class ContentRepository {
  readonly #workTree: WorkTree
  readonly #store: GitStore
  readonly #lock: WriterLock | null
  readonly #logger: Logger
  readonly #journal: RepositoryJournal
  readonly #recovery: Recovery
  readonly #transactions: Transactions
  readonly #autoPack: AutoPack
  readonly #history: RepositoryHistory
  readonly #treeCheck: TreeCheck
  readonly #commitListeners = new Set<(made: MadeCommit) => void>()
  #closed = false
  /** What startBackground() has to do, until it has started. */
  #background: { dir: string; warmHistory: boolean } | null = null

  constructor(deps: ContentRepositoryDeps) {
    const { gitdir, logger } = deps
    const tempDir = path.join(gitdir, TEMP_DIR)
    this.#workTree = new WorkTree(deps.root)
    this.#store = new GitStore({ gitdir, tempDir, onLooseWrite: (bytes) => this.#autoPack.noteLooseWrite(bytes) })
    this.#autoPack = new AutoPack({ gitdir, tempDir, store: this.#store, exclusive: (work) => this.transaction(work), logger, packing: deps.packing })
    this.#journal = new RepositoryJournal({ gitdir, tempDir })
    this.#treeCheck = new TreeCheck({ readTree: (oid) => this.#store.readTreeBytes(oid), readObject: (oid) => this.#store.readAnyObject(oid) })
    this.#recovery = new Recovery({ store: this.#store, workTree: this.#workTree, journal: this.#journal, logger, gitdir, tempDir, treeCheck: this.#treeCheck })
    this.#lock = deps.lock
    this.#logger = logger
    this.#history = new RepositoryHistory({ store: this.#store, workTree: this.#workTree, cache: deps.historyCache, logger })
    const save: SaveDeps = {
      store: this.#store,
      workTree: this.#workTree,
      journal: this.#journal,
      recovery: this.#recovery,
      logger,
      onCommitted: this.#history.noteCommitted,
    }
    this.#transactions = new Transactions({
      commitFiles: async (options) => {
        if (this.#lock === null) throw new RepositoryStateError('This clone follows its remote (a read replica): it makes no commits')
        const saved = await commitSave(save, options)
        if (saved !== null) this.#announce({ commit: saved.commit, sideBranch: null })
        return saved
      },
      settlePending: () => this.#recovery.settlePending(),
      afterEach: () => this.#autoPack.maybeRun(),
    })
  }

  /**
   * Opens the repository holding `dir`: takes the writer lock, removes temp files a crash left
   * behind, and settles a save or pull a crash interrupted (see `recovery`). From then on the
   * repository is packed in the background when loose objects pile up (auto-pack.ts; `packing`
   * is for tests). `history` says where history is cached across restarts (repository-history.ts).
   *
   * `follower`: a read replica's own clone, which only ever fast-forwards to its remote (pulls,
   * journaled and recovered like any). It makes no commit (commitFiles refuses), so it takes no
   * writer lock: the lock guards commits, and a replica's clone has no writer to guard against.
   *
   * `background: 'later'`: open returns once recovery is done, and the work that serving does
   * not need (reading HEAD's trees for the first save, warming the history, the packing check
   * and a packing run it calls for) waits for `startBackground()`: the server calls it once it
   * listens. By default it starts here.
   */
  static async open(options: {
    dir: string
    logger: Logger
    packing?: PackingOptions
    history?: HistoryOptions
    follower?: boolean
    background?: 'now' | 'later'
  }): Promise<ContentRepository> {
    const dir = path.resolve(options.dir)
    const root = await findRepositoryRoot(dir)
    if (root === null) throw new NotAGitRepositoryError(dir)
    const gitdir = path.join(root, '.git')
    if (!(await stat(gitdir)).isDirectory()) {
      throw new RepositoryStateError(`${gitdir} is a file (a linked worktree or a submodule): the server needs a plain clone`)
    }
    const tempDir = path.join(gitdir, TEMP_DIR)
    await mkdir(tempDir, { recursive: true })
    const lock = options.follower ? null : await WriterLock.acquire({ lockPath: path.join(gitdir, LOCK_FILE), tempDir, logger: options.logger })
    // Never throws: a cache it cannot read is an empty one.
    const historyCache = await HistoryCache.open({ file: historyCacheFile(options.history), logger: options.logger })
    const repository = new ContentRepository({ root, gitdir, lock, logger: options.logger, packing: options.packing, historyCache })
    try {
      await repository.#recovery.atOpen(dir)
      // After recovery, which may move HEAD.
      repository.#background = { dir, warmHistory: options.history?.warm === true }
      if (options.background !== 'later') await repository.startBackground()
      return repository
    } catch (error) {
      await repository.#history.close()
      await repository.#store.close()
      await lock?.release()
      throw error
    }
  }

  /**
   * The work `open` leaves for later with `background: 'later'` (see there); once only. Resolves
   * when the trees are read and the packing check is done; the history warm-up and a packing
   * run go on in the background.
   */
  async startBackground(): Promise<void> {
    const background = this.#background
    if (background === null || this.#closed) return
    this.#background = null
    await this.#warmUp(background.dir)
    if (background.warmHistory) this.#history.startWarming()
    await this.#autoPack.start()
    this.#autoPack.maybeRun()
  }

  /** What `open` found a crash had left, and what it did about it. */
  get recovery(): RecoveryReport {
    return this.#recovery.report
  }

  /** The repository's work-tree root (absolute). */
  get root(): string {
    return this.#workTree.root
  }

  /** The blob id (`git hash-object`) of a text. */
  static blobId(text: string): string {
    return blobId(text)
  }

  /** The branch HEAD points at, e.g. `main`. */
  async currentBranch(): Promise<string> {
    return (await this.#store.refs.branchRef()).replace(/^refs\/heads\//, '')
  }

  /**
   * Writes the files into the work tree and makes one commit on the current branch holding
   * exactly these paths (anything else staged stays staged, uncommitted), in a transaction of its
   * own. Returns the commit, or null when every change already matches HEAD (then nothing is
   * written). Inside a transaction, `tx.commitFiles()`, which also says what it wrote.
   */
  async commitFiles(options: CommitFilesOptions): Promise<string | null> {
    return (await this.transaction((tx) => tx.commitFiles(options)))?.commit ?? null
  }

  /**
   * `listener` is told of each commit made here for a caller, once, as soon as the commit exists
   * (inside the caller's transaction: work it starts that takes the repository waits for that
   * transaction to end). A save's, or a review branch's; never a pull's, which brings the remote's
   * commits rather than making ours. Returns how to stop listening.
   */
  onCommit(listener: (made: MadeCommit) => void): () => void {
    this.#commitListeners.add(listener)
    return () => this.#commitListeners.delete(listener)
  }

  /**
   * Runs `work` alone, holding the repository: the one lock of every write (see
   * RepositoryTransaction). Check-then-write work runs here whole, its writes through `tx`.
   */
  transaction<T>(work: (tx: RepositoryTransaction) => Promise<T>): Promise<T> {
    return this.#transactions.run(work)
  }

  /**
   * Packs the repository now (or joins the run in progress), as the background runs do; null
   * when it failed (logged) or the repository is closing.
   */
  pack(): Promise<PackReport | null> {
    return this.#autoPack.run()
  }

  /** Resolves once no packing run is in progress. */
  packingIdle(): Promise<void> {
    return this.#autoPack.idle()
  }

  /**
   * The commits that changed the file at `path` (absolute), newest first, following renames
   * (`identify` says which removed file a new one continues). Empty when HEAD has no such file.
   * Read-only, so it does not wait for saves: objects are immutable and the branch is read once.
   * `from`: start at that commit instead (a file deleted since: its last version).
   */
  fileHistory(options: { path: string; identify: IdentifyFile; limit?: number; from?: HistoryStart }): Promise<FileHistoryEntry[]> {
    return this.#history.fileHistory(options)
  }

  /** The files (absolute paths `wanted` accepts) that commits from HEAD removed, newest first; read-only too. */
  removedFiles(wanted: (path: string) => boolean): Promise<{ head: string | null; removals: FileRemovalEntry[] }> {
    return this.#history.removedFiles(wanted)
  }

  /** The bytes of a blob (a version listed by `fileHistory`). */
  readBlob(oid: string): Promise<Uint8Array> {
    return this.#store.readBlob(oid)
  }

  /**
   * Fetch, push and pull with one branch of a remote (see remote/connected-remote.ts): network
   * calls outside any transaction, everything that changes refs, files or the index inside one, a
   * pull journaled like a save (apply-pull.ts).
   */
  connectRemote(settings: RemoteSettings): ConnectedRemote {
    const pull = { store: this.#store, workTree: this.#workTree, journal: this.#journal, recovery: this.#recovery, treeCheck: this.#treeCheck }
    return new ConnectedRemote({
      store: this.#store,
      graph: this.#history.graph,
      history: this.#history.files,
      settings,
      exclusive: (work, tx) => this.#transactions.exclusive(work, tx),
      applyPull: (target) => applyPull(pull, target),
      absolute: (filepath) => this.#workTree.absolute(filepath),
      relative: (file) => this.#workTree.relative(file),
    })
  }

  /** Branches written without a checkout (review mode's `cms/<slug>`), see remote/side-branches.ts. */
  sideBranches(): SideBranches {
    return new SideBranches({
      store: this.#store,
      graph: this.#history.graph,
      exclusive: (work, tx) => this.#transactions.exclusive(work, tx),
      absolute: (filepath) => this.#workTree.absolute(filepath),
      relative: (file) => this.#workTree.relative(file),
      onCommitted: (commit, branch) => this.#announce({ commit, sideBranch: branch }),
    })
  }

  /** Lets queued work finish, then releases the writer lock. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    // Stopped first: a run in progress must not take the queue again once it drains.
    const packing = this.#autoPack.close()
    await this.#transactions.close()
    await packing
    await this.#history.close()
    await this.#store.close()
    await this.#lock?.release()
  }

  /** Tells the listeners of a commit: the commit is made whatever they do, so a listener's failure is only logged. */
  #announce(made: MadeCommit): void {
    for (const listener of this.#commitListeners) {
      try {
        listener(made)
      } catch (error) {
        this.#logger.error(`A listener of the repository's commits failed on ${made.commit}`, error)
      }
    }
  }

  /**
   * Reads HEAD's trees down to `dir` (typically the posts folder) now rather than in the first
   * save, which would otherwise also pay for opening the packfile: ~170 ms with 10,000 posts.
   */
  async #warmUp(dir: string): Promise<void> {
    const folder = path.relative(this.root, dir).split(path.sep).join('/')
    if (folder.startsWith('..')) return
    try {
      const head = await this.#store.readHead()
      if (head.tree !== null) await this.#store.trees.readFolder(head.tree, folder)
    } catch (error) {
      // Only an optimisation: a real problem (a detached HEAD...) is reported by the first save.
      this.#logger.warn(`Could not preload the repository's trees: ${String(error)}`)
    }
  }
}
