import { SerialQueue } from './serial-queue.ts'

/**
 * Many users at once, or one exclusive job: in memory, for one process.
 *
 * Why: isomorphic-git lists the pack indexes once per object read, then loads the index and the
 * pack it picked; a pack deleted in between makes that read fail. Fetch and push read thousands
 * of objects outside the repository's queue (they wait for the network), so removing the packs
 * that packing replaced is exclusive of them, and takes a few milliseconds.
 *
 * A shared user never waits for an exclusive job that has not started: a push's own callbacks
 * read objects again (a nested shared use), and making them wait for a job that waits for the
 * push would deadlock. The job starts at the first moment nothing shared is running.
 */
export class SharedLock {
  #users = 0
  /** Settles when the exclusive job running now ends. */
  #running: Promise<void> | null = null
  #drained: (() => void) | null = null
  /** Exclusive jobs run one after another. */
  readonly #exclusiveJobs = new SerialQueue()

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.#running) await this.#running
    this.#users++
    try {
      return await work()
    } finally {
      this.#users--
      if (this.#users === 0) this.#drained?.()
    }
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.#exclusiveJobs.run(async () => {
      while (this.#users > 0) await new Promise<void>((resolve) => (this.#drained = resolve))
      this.#drained = null
      // No await between the check above and this line: no shared use can start in between.
      let end!: () => void
      this.#running = new Promise((resolve) => (end = resolve))
      try {
        return await work()
      } finally {
        this.#running = null
        end()
      }
    })
  }
}
