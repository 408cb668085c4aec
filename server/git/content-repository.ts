import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { NotAGitRepositoryError, RepositoryStateError } from '../lib/errors.ts'
import type { Logger } from '../lib/logger.ts'
import { removeStaleTempFiles } from '../lib/atomic-write.ts'
import { AutoPack, type PackingOptions, type PackReport, removeOrphanPacks } from './packing/auto-pack.ts'
import { blobId } from './objects/blob-id.ts'
import { CommitGraph } from './objects/commit-graph.ts'
import { cleanAuthor, cleanMessage } from './objects/commit-text.ts'
import type { FileChange, GitAuthor, RecoveryReport } from './objects/commit-types.ts'
import { FileHistory, type IdentifyFile } from './objects/file-history.ts'
import { findRepositoryRoot, GitStore } from './objects/git-store.ts'
import { readPullJournal, removePullJournal, settlePull } from './remote/integrate.ts'
import { RemoteSync } from './remote/remote-sync.ts'
import { SideBranches } from './remote/side-branches.ts'
import type { RemoteSettings } from './remote/remote-transport.ts'
import { settleSave } from './recover-save.ts'
import { isSafeRepositoryPath, readJournal, removeJournal, type SaveJournal, setJournalAside, writeJournal } from './save-journal.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { syncPathsToTree } from './sync-paths.ts'
import { WorkTree } from './work-tree.ts'
import { WriterLock } from './writer-lock.ts'

export type { PackingOptions, PackReport, PackStep } from './packing/auto-pack.ts'
export type { FileChange, GitAuthor, RecoveryReport } from './objects/commit-types.ts'
export type { IdentifyFile } from './objects/file-history.ts'
export type { ConflictResolution, PullResult, RemoteState, RemoteSync, SyncConflict } from './remote/remote-sync.ts'
export type { RemoteSettings } from './remote/remote-transport.ts'
export type { BranchChange, SideBranch, SideBranches } from './remote/side-branches.ts'

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

export interface CommitFilesOptions {
  changes: FileChange[]
  message: string
  author: GitAuthor
}

/**
 * What `serialize()` hands to its work: the same operations, minus the queueing. Inside
 * serialize() the queue is already held, so calling `repository.commitFiles()` there would wait
 * for the very job that waits on it, forever: use `tx.commitFiles()`. Calls on one transaction
 * also run one after another, and the transaction refuses calls once its work has returned.
 */
export interface RepositoryTransaction {
  commitFiles(options: CommitFilesOptions): Promise<string | null>
}

/** Files of ours inside the git directory. */
const LOCK_FILE = 'watchio-writer.lock'
const JOURNAL_FILE = 'watchio-save.json'
const PULL_JOURNAL_FILE = 'watchio-pull.json'
const TEMP_DIR = 'watchio-tmp'

/** A file of a save, with what it is to become. */
interface PlannedFile {
  path: string
  bytes: Uint8Array | null
  blobId: string | null
}

/**
 * The site's content repository, as its one writer: each save is written to the work tree and
 * committed in one step, alone in its commit, atomically with respect to crashes.
 *
 * A save, in order: journal → blobs → work-tree files → trees, commit, branch → index → journal
 * removed (see recover-save.ts for why this order makes every crash recoverable).
 */
export class ContentRepository {
  readonly recovery: RecoveryReport = { actions: [] }
  readonly #workTree: WorkTree
  readonly #store: GitStore
  readonly #lock: WriterLock
  readonly #logger: Logger
  readonly #journalPath: string
  readonly #pullJournalPath: string
  readonly #tempDir: string
  readonly #queue = new SerialQueue()
  readonly #graph: CommitGraph
  readonly #history: FileHistory
  readonly #autoPack: AutoPack
  #closed = false
  /** A failed save that could not be settled left its journal: the next save settles it first. */
  #journalPending = false
  /** Likewise for a pull (see integrate.ts). */
  #pullPending = false

  private constructor(options: { root: string; gitdir: string; lock: WriterLock; logger: Logger; packing?: PackingOptions }) {
    this.#workTree = new WorkTree(options.root)
    this.#tempDir = path.join(options.gitdir, TEMP_DIR)
    this.#journalPath = path.join(options.gitdir, JOURNAL_FILE)
    this.#pullJournalPath = path.join(options.gitdir, PULL_JOURNAL_FILE)
    this.#store = new GitStore({ gitdir: options.gitdir, tempDir: this.#tempDir, onLooseWrite: (bytes) => this.#autoPack.noteLooseWrite(bytes) })
    this.#autoPack = new AutoPack({
      gitdir: options.gitdir,
      tempDir: this.#tempDir,
      store: this.#store,
      exclusive: (work) => this.serialize(work),
      logger: options.logger,
      packing: options.packing,
    })
    this.#lock = options.lock
    this.#logger = options.logger
    this.#graph = new CommitGraph((oid) => this.#store.readCommit(oid))
    this.#history = new FileHistory(
      this.#graph,
      (oid) => this.#store.readTreeBytes(oid),
      (oid) => this.#store.readBlob(oid),
    )
  }

  /**
   * Opens the repository holding `dir`: takes the writer lock, removes temp files a crash left
   * behind, and settles a save a crash interrupted (see `recovery`). From then on the repository
   * is packed in the background when loose objects pile up (auto-pack.ts; `packing` is for tests).
   */
  static async open(options: { dir: string; logger: Logger; packing?: PackingOptions }): Promise<ContentRepository> {
    const dir = path.resolve(options.dir)
    const root = await findRepositoryRoot(dir)
    if (root === null) throw new NotAGitRepositoryError(dir)
    const gitdir = path.join(root, '.git')
    if (!(await stat(gitdir)).isDirectory()) {
      throw new RepositoryStateError(`${gitdir} is a file (a linked worktree or a submodule): the server needs a plain clone`)
    }
    const tempDir = path.join(gitdir, TEMP_DIR)
    await mkdir(tempDir, { recursive: true })
    const lock = await WriterLock.acquire({ lockPath: path.join(gitdir, LOCK_FILE), tempDir, logger: options.logger })
    const repository = new ContentRepository({ root, gitdir, lock, logger: options.logger, packing: options.packing })
    try {
      await repository.#recover(dir)
      await repository.#warmUp(dir)
      await repository.#autoPack.start()
      repository.#autoPack.maybeRun()
      return repository
    } catch (error) {
      await repository.#store.close()
      await lock.release()
      throw error
    }
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
    return (await this.#store.branchRef()).replace(/^refs\/heads\//, '')
  }

  /**
   * Writes the files into the work tree and makes one commit on the current branch holding
   * exactly these paths (anything else staged stays staged, uncommitted). Returns the commit,
   * or null when every change already matches HEAD (then nothing is written). Calls run one
   * after another.
   */
  commitFiles(options: CommitFilesOptions): Promise<string | null> {
    return this.serialize((tx) => tx.commitFiles(options))
  }

  /** Runs `work` alone in the repository's queue, for check-then-commit; see RepositoryTransaction. */
  serialize<T>(work: (tx: RepositoryTransaction) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The content repository is closed'))
    const done = this.#queue.run(async () => {
      let open = true
      const steps = new SerialQueue()
      const tx: RepositoryTransaction = {
        commitFiles: (options) => {
          if (!open) return Promise.reject(new Error('This repository transaction has ended'))
          return steps.run(() => this.#commitFilesNow(options))
        },
      }
      try {
        return await work(tx)
      } finally {
        open = false
      }
    })
    // After the work, not in it: a run only starts here, beside the next saves.
    done.then(
      () => this.#autoPack.maybeRun(),
      () => {},
    )
    return done
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
   */
  async fileHistory(options: { path: string; identify: IdentifyFile; limit?: number }): Promise<FileHistoryEntry[]> {
    const filepath = this.#toRepositoryPath(options.path)
    const head = await this.#store.readHead()
    if (head.commit === null) return []
    const blob = await this.#store.trees.lookup(head.tree, filepath)
    if (blob === null) return []
    const identify: IdentifyFile = (file, bytes) => options.identify(this.#workTree.absolute(file), bytes)
    const versions = await this.#history.versions({ head: head.commit, path: filepath, blob, identify, limit: options.limit })
    return versions.map(({ commit, path: file, blob: version }) => ({
      commit: commit.oid,
      author: commit.author,
      date: new Date(commit.authoredAt * 1000).toISOString(),
      message: commit.message.replace(/\n+$/, ''),
      path: this.#workTree.absolute(file),
      blob: version,
    }))
  }

  /** The bytes of a blob (a version listed by `fileHistory`). */
  readBlob(oid: string): Promise<Uint8Array> {
    return this.#store.readBlob(oid)
  }

  /**
   * Two-way sync with one branch of a remote (see remote-sync.ts): network calls outside the
   * queue, everything that changes refs, files or the index inside it, crash-safe like a save.
   */
  connectRemote(settings: RemoteSettings): RemoteSync {
    return new RemoteSync(
      {
        store: this.#store,
        workTree: this.#workTree,
        graph: this.#graph,
        history: this.#history,
        exclusive: (work) => this.serialize(async () => {
          await this.#settlePending()
          return work()
        }),
        pullJournalFile: this.#pullJournalPath,
        tempDir: this.#tempDir,
        markPullPending: () => {
          this.#pullPending = true
        },
        absolute: (filepath) => this.#workTree.absolute(filepath),
        relative: (file) => this.#toRepositoryPath(file),
      },
      settings,
    )
  }

  /** Branches written without a checkout (review mode's `cms/<slug>`), see side-branches.ts. */
  sideBranches(): SideBranches {
    return new SideBranches({
      store: this.#store,
      graph: this.#graph,
      exclusive: (work) => this.serialize(async () => {
        await this.#settlePending()
        return work()
      }),
      absolute: (filepath) => this.#workTree.absolute(filepath),
      relative: (file) => this.#toRepositoryPath(file),
    })
  }

  /** Lets queued work finish, then releases the writer lock. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    // Stopped first: a run in progress must not take the queue again once it drains.
    const packing = this.#autoPack.close()
    await this.#queue.idle()
    await packing
    await this.#store.close()
    await this.#lock.release()
  }

  async #commitFilesNow(options: CommitFilesOptions): Promise<string | null> {
    const files = this.#plan(options.changes)
    const message = cleanMessage(options.message)
    const author = cleanAuthor(options.author)
    await this.#settlePending()

    const head = await this.#store.readHead()
    if (await this.#matchesTree(head.tree, files)) return null

    const journal: SaveJournal = {
      changes: files.map((file) => ({ path: file.path, blobId: file.blobId })),
      message,
      author,
      startedAt: new Date().toISOString(),
    }
    await writeJournal(this.#journalPath, journal, this.#tempDir)
    try {
      for (const file of files) {
        if (file.bytes === null) continue
        const oid = await this.#store.writeBlob(file.bytes)
        if (oid !== file.blobId) throw new Error(`isomorphic-git stored ${file.path} as ${oid}, expected ${file.blobId}`)
      }
      for (const file of files) await this.#workTree.write(file.path, file.bytes)
      const edits = new Map(files.map((file) => [file.path, file.blobId]))
      const { commit, tree } = await this.#store.commit({ head, edits, message, author })
      await syncPathsToTree({ store: this.#store, workTree: this.#workTree, tree, paths: files.map((file) => file.path) })
      await removeJournal(this.#journalPath)
      return commit
    } catch (error) {
      return this.#settleFailedSave(journal, error)
    }
  }

  /**
   * A step of a save threw: settle it now as a restart would, so the work tree never keeps
   * uncommitted content. If the commit landed (or can be made), the save succeeded after all.
   */
  async #settleFailedSave(journal: SaveJournal, error: unknown): Promise<string> {
    let settled
    try {
      settled = await settleSave({ store: this.#store, workTree: this.#workTree, journal })
      await removeJournal(this.#journalPath)
    } catch (settleError) {
      this.#journalPending = true
      this.#logger.error(`A save failed and could not be settled; the next save or start retries from ${this.#journalPath}`, settleError)
      throw error
    }
    this.#logger.warn(`A save step failed (${String(error)}). ${settled.action}`)
    if (settled.commit === null) throw error
    return settled.commit
  }

  /** A save or pull that failed in this process and could not be settled then is settled before anything else. */
  async #settlePending(): Promise<void> {
    if (this.#journalPending) await this.#settlePendingJournal()
    if (this.#pullPending) {
      const journal = await readPullJournal(this.#pullJournalPath)
      if (journal !== null && journal !== 'unreadable') {
        this.#logger.warn((await settlePull({ store: this.#store, workTree: this.#workTree, journal })).action)
        await removePullJournal(this.#pullJournalPath)
      }
      this.#pullPending = false
    }
  }

  async #settlePendingJournal(): Promise<void> {
    const journal = await readJournal(this.#journalPath)
    if (journal !== null && journal !== 'unreadable') {
      const settled = await settleSave({ store: this.#store, workTree: this.#workTree, journal })
      this.#logger.warn(settled.action)
      await removeJournal(this.#journalPath)
    }
    this.#journalPending = false
  }

  /** Runs once, under the lock, before any save. */
  async #recover(openedDir: string): Promise<void> {
    await this.#recoverPull()
    const journal = await readJournal(this.#journalPath)
    // Work-tree temp files only exist while a journal does (it is written first and removed
    // last), so the journal's folders are the only ones to clean, plus the folder we were given.
    const folders = new Set([this.#tempDir, openedDir])
    if (journal !== null && journal !== 'unreadable') {
      for (const change of journal.changes) folders.add(path.dirname(this.#workTree.absolute(change.path)))
    }
    const removed: string[] = []
    for (const folder of folders) removed.push(...(await removeStaleTempFiles(folder)))
    if (removed.length > 0) this.#report(`Removed ${removed.length} stale temp file(s): ${removed.join(', ')}`)
    const orphans = await removeOrphanPacks(path.dirname(this.#tempDir))
    if (orphans.length > 0) this.#report(`Removed ${orphans.length} pack file(s) without an index, left by a crash while packing: ${orphans.join(', ')}`)

    if (journal === 'unreadable') {
      const aside = await setJournalAside(this.#journalPath)
      this.#report(`Set aside an unreadable save journal as ${aside}; its save, if any, was not settled`, 'error')
    } else if (journal !== null) {
      const settled = await settleSave({ store: this.#store, workTree: this.#workTree, journal })
      await removeJournal(this.#journalPath)
      this.#report(settled.action)
    }
  }

  /** A pull interrupted by a crash: finished or put back (see integrate.ts), before any save is settled. */
  async #recoverPull(): Promise<void> {
    const journal = await readPullJournal(this.#pullJournalPath)
    if (journal === null) return
    if (journal === 'unreadable') {
      const aside = await setJournalAside(this.#pullJournalPath)
      this.#report(`Set aside an unreadable pull journal as ${aside}; its pull, if any, was not settled`, 'error')
      return
    }
    // Its files were written atomically, each in its own folder: temp files there are its leftovers.
    const folders = new Set(journal.paths.map((filepath) => path.dirname(this.#workTree.absolute(filepath))))
    for (const folder of folders) await removeStaleTempFiles(folder)
    const settled = await settlePull({ store: this.#store, workTree: this.#workTree, journal })
    await removePullJournal(this.#pullJournalPath)
    this.#report(settled.action)
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

  #report(action: string, level: 'info' | 'error' = 'info'): void {
    this.recovery.actions.push(action)
    this.#logger[level](action)
  }

  #plan(changes: FileChange[]): PlannedFile[] {
    const seen = new Set<string>()
    return changes.map((change) => {
      const filepath = this.#toRepositoryPath(change.path)
      if (seen.has(filepath)) throw new Error(`${filepath} appears twice in one commit`)
      seen.add(filepath)
      const bytes = change.content === null ? null : Buffer.from(change.content, 'utf8')
      return { path: filepath, bytes, blobId: bytes === null ? null : blobId(bytes) }
    })
  }

  /** Absolute path → repository-relative posix path; anything outside the work tree or in .git is a bug. */
  #toRepositoryPath(file: string): string {
    const relative = path.relative(this.root, path.resolve(file))
    const filepath = relative.split(path.sep).join('/')
    if (path.isAbsolute(relative) || !isSafeRepositoryPath(filepath)) {
      throw new Error(`${file} is not a file path inside the repository ${this.root}`)
    }
    return filepath
  }

  async #matchesTree(tree: string | null, files: PlannedFile[]): Promise<boolean> {
    for (const file of files) {
      if ((await this.#store.trees.lookup(tree, file.path)) !== file.blobId) return false
    }
    return true
  }
}
