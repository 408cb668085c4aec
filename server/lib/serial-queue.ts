/**
 * Runs jobs one after another, in call order: the server's one promise-chain queue. A failed job
 * rejects to its caller only; the next job runs all the same. isomorphic-git is not safe under
 * concurrency (two commits racing both read the same parent, and one is lost), so every write to
 * the repository goes through one of these; so do other read-modify-write sequences in one
 * process: the accounts file, the sessions file, page regeneration, SharedLock's exclusive jobs.
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
