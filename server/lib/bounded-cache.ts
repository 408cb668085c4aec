export interface BoundedCacheOptions {
  /** At most this many entries (default: no bound by count). */
  maxEntries?: number
  /** At most this many bytes, as each `set` counts its value (default: no bound by size). */
  maxBytes?: number
}

interface Entry<V> {
  value: V
  bytes: number
  /** Read since it last came round for eviction: its second chance. */
  used: boolean
}

/**
 * A map bounded by entry count and/or bytes, that drops the entries read least recently first:
 * git objects and trees read again while a history is walked, the served files, the diffs of
 * commits. Keys map to values that never go stale by themselves (an object id to its object), or
 * that the caller deletes when they do (a rewritten page file).
 *
 * Least recently used as the CLOCK algorithm approximates it: a read only marks its entry (a
 * property write; moving the entry to the end of the Map cost a delete and an insert on every
 * read, on the path of every served page), and eviction gives a marked entry a second chance,
 * moving it to the end unmarked, instead of dropping it. An entry larger than `maxBytes` on its
 * own is dropped at once with everything older (the caller decides whether to offer it at all).
 */
export class BoundedCache<K, V> {
  /** Oldest first: a Map iterates in insertion order. */
  readonly #entries = new Map<K, Entry<V>>()
  readonly #maxEntries: number
  readonly #maxBytes: number
  #bytes = 0

  constructor(options: BoundedCacheOptions) {
    this.#maxEntries = options.maxEntries ?? Infinity
    this.#maxBytes = options.maxBytes ?? Infinity
  }

  /** The value of `key`, marked as used, or undefined. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    entry.used = true
    return entry.value
  }

  /** Whether `key` is held, without marking it used. */
  has(key: K): boolean {
    return this.#entries.has(key)
  }

  /**
   * Holds `value` as the newest entry (replacing one of the same key), then drops entries until
   * within the bounds: never this one, unless it is over `maxBytes` on its own.
   */
  set(key: K, value: V, bytes = 0): void {
    this.delete(key)
    this.#entries.set(key, { value, bytes, used: false })
    this.#bytes += bytes
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!
      this.#entries.delete(oldestKey)
      // The entry being set came round (every other one was read since): it is the newest all the same.
      if (oldest.used || (oldestKey === key && this.#entries.size > 0)) {
        oldest.used = false
        this.#entries.set(oldestKey, oldest)
      } else {
        this.#bytes -= oldest.bytes
      }
    }
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key)
    if (entry === undefined) return false
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
    return true
  }

  clear(): void {
    this.#entries.clear()
    this.#bytes = 0
  }

  get size(): number {
    return this.#entries.size
  }

  /** The bytes held, as the `set` calls counted them. */
  get bytes(): number {
    return this.#bytes
  }

  /** Every entry, roughly oldest first (an entry given a second chance counts as new), without marking any. */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, entry] of this.#entries) yield [key, entry.value]
  }
}
