import { SerialQueue } from './serial-queue.ts'

export interface DelayedWriteOptions {
  /** Writes the record as it is now (it reads the current state when it runs, not when it was asked for). */
  write: () => Promise<void>
  /** How long after the first change the write happens: the changes made meanwhile go with it. */
  delayMs: number
  /** A write that failed: the change stays pending, written with the next one or at `flush`. */
  onError: (error: unknown) => void
}

/**
 * A record the server keeps in memory and saves to a file a moment after it changes, off the
 * path of the request that changed it: the sessions (every request moves a last-seen time), the
 * pages' stamps (every save changes a few), the history cache (every new commit adds to it).
 * Changes within `delayMs` of the first are written together, once; writes run one at a time in
 * order, so the last one written holds the latest state; `flush` writes what is pending now (at
 * shutdown) and `close` does so for the last time. The timer never keeps the process alive: a
 * crash loses at most `delayMs` of changes, which each caller's record can afford (a stale
 * record only means work done again, or an admin signed in again).
 */
export class DelayedWrite {
  readonly #options: DelayedWriteOptions
  readonly #writes = new SerialQueue()
  #timer: NodeJS.Timeout | null = null
  #pending = false
  #closed = false

  constructor(options: DelayedWriteOptions) {
    this.#options = options
  }

  /** Whether a change waits to be written. */
  get pending(): boolean {
    return this.#pending
  }

  /** Something changed: it is written within `delayMs`, with whatever else changes meanwhile. Nothing after `close`. */
  changed(): void {
    if (this.#closed) return
    this.#pending = true
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      void this.#write()
    }, this.#options.delayMs)
    this.#timer.unref()
  }

  /** Writes the pending change now, if there is one; resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    return this.#write()
  }

  /** The last write: changes after this one stay in memory only. */
  async close(): Promise<void> {
    this.#closed = true
    await this.flush()
  }

  #write(): Promise<void> {
    return this.#writes.run(async () => {
      // Checked when the write runs: one that ran meanwhile may have taken this change along.
      if (!this.#pending) return
      this.#pending = false
      try {
        await this.#options.write()
      } catch (error) {
        this.#pending = true
        this.#options.onError(error)
      }
    })
  }
}
