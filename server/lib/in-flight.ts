/**
 * Computations under way, by key: a caller asking for a key whose computation is running gets
 * the same promise instead of starting a second one (a request and the warm-up asking for one
 * commit's diff, two visitors asking for one image variant). A key is forgotten once its
 * computation settles, fulfilled or not: keeping results is the caller's cache's business, and a
 * failure is never shared with a later caller, who tries again.
 */
export class InFlight<K, V> {
  readonly #running = new Map<K, Promise<V>>()

  /** The running computation of `key`, or `compute()` started now and shared until it settles. */
  share(key: K, compute: () => Promise<V>): Promise<V> {
    const running = this.#running.get(key)
    if (running) return running
    let started: Promise<V>
    try {
      started = compute()
    } catch (error) {
      // A compute that throws before its first await fails its caller like one that rejects.
      return Promise.reject(error)
    }
    const shared = started.finally(() => this.#running.delete(key))
    this.#running.set(key, shared)
    return shared
  }

  /** Whether a computation of `key` is running. */
  has(key: K): boolean {
    return this.#running.has(key)
  }

  /** How many computations are running. */
  get size(): number {
    return this.#running.size
  }

  /** Resolves once every computation running now has settled, whatever its outcome (for a close). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running.values()])
  }
}
