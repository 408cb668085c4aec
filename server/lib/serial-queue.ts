/**
 * Runs jobs one after another, in call order. isomorphic-git is not safe under concurrency
 * (two commits racing both read the same parent, and one is lost), so every write to the
 * repository goes through one of these.
 *
 * A job must not queue another job on the same queue and await it: it would wait for itself.
 * (Detecting that needs AsyncLocalStorage, whose promise hooks cost about 5 ms per save here,
 * measured; ContentRepository instead hands its jobs a transaction object with the unqueued
 * operations.)
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job)
    // The next job waits for this one to settle, whatever its outcome.
    this.#tail = result.catch(() => {})
    return result
  }

  /** Resolves once every job queued so far has settled. */
  idle(): Promise<void> {
    return this.#tail.then(() => {})
  }
}
