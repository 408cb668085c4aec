import { SerialQueue } from '../lib/serial-queue.ts'
import type { CommitFilesOptions, SavedCommit } from './save.ts'

/**
 * What `ContentRepository.transaction()` hands to its work: the repository held, alone, until
 * the work returns. It is the server's one lock for writes: a post save (its version check,
 * its commit and the index update), a media upload or delete, a pull and the reload after it,
 * a review branch's commit, packing's prune. A check made inside holds until the write it
 * allows, since nothing else writes meanwhile.
 *
 * Inside, the repository is already held: `repository.transaction()` or `repository.commitFiles()`
 * there would wait for the very work that waits on them, forever. So the operations that take the
 * lock themselves take the transaction instead: `tx.commitFiles()`, and `{ tx }` for a pull
 * (ConnectedRemote.pull, forgetBranches) or a review branch's commit (SideBranches.commit,
 * removeMerged). A transaction refuses calls once its work has returned, and a second call
 * while one is running (await each): its calls never interleave.
 */
export interface RepositoryTransaction {
  /**
   * Writes the files and makes one commit on the checked-out branch holding exactly these paths
   * (see ContentRepository.commitFiles), and says what it wrote; null when nothing changed.
   */
  commitFiles(options: CommitFilesOptions): Promise<SavedCommit | null>
}

export interface TransactionsDeps {
  /** The save itself (save.ts), or a refusal when this clone makes no commits. */
  commitFiles(options: CommitFilesOptions): Promise<SavedCommit | null>
  /** Settles a save or pull a failure left unsettled (recovery.ts): first, in the remote's and side branches' work. */
  settlePending(): Promise<void>
  /** After each transaction that succeeded, not in it: packing checks whether to start a run, beside the next saves. */
  afterEach(): void
}

/**
 * The repository's transactions: one at a time, in call order (one SerialQueue), each with its
 * transaction object, which is valid only while its work runs.
 */
export class Transactions {
  readonly #deps: TransactionsDeps
  readonly #queue = new SerialQueue()
  /** The open transaction (one at most), and whether one of its calls is running. */
  readonly #open = new WeakMap<RepositoryTransaction, { busy: boolean }>()
  #closed = false

  constructor(deps: TransactionsDeps) {
    this.#deps = deps
  }

  /** Runs `work` once every transaction before it has settled, alone. */
  run<T>(work: (tx: RepositoryTransaction) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The content repository is closed'))
    const done = this.#queue.run(async () => {
      const tx: RepositoryTransaction = { commitFiles: (options) => this.within(tx, () => this.#deps.commitFiles(options)) }
      this.#open.set(tx, { busy: false })
      try {
        return await work(tx)
      } finally {
        this.#open.delete(tx)
      }
    })
    done.then(
      () => this.#deps.afterEach(),
      () => {},
    )
    return done
  }

  /**
   * Work of the remote or side branches (a ref, a pull, a branch commit), once any save or pull
   * a failure left unsettled is settled: a call on `tx` when the caller holds one, else a
   * transaction of its own.
   */
  exclusive<T>(work: () => Promise<T>, tx?: RepositoryTransaction): Promise<T> {
    const settled = async () => {
      await this.#deps.settlePending()
      return work()
    }
    return tx ? this.within(tx, settled) : this.run(settled)
  }

  /**
   * Runs `step` as a call on `tx`, whose work holds the repository: refused once that work has
   * returned (a call left running in the background would otherwise write unlocked), and while
   * another call on it runs.
   */
  async within<T>(tx: RepositoryTransaction, step: () => Promise<T>): Promise<T> {
    const state = this.#open.get(tx)
    if (!state) throw new Error('This repository transaction has ended')
    if (state.busy) throw new Error('A repository transaction takes one call at a time: await each call before the next')
    state.busy = true
    try {
      return await step()
    } finally {
      state.busy = false
    }
  }

  /** Refuses new transactions; resolves once every one queued so far has settled. */
  close(): Promise<void> {
    this.#closed = true
    return this.#queue.idle()
  }
}
