/**
 * Runs jobs at most `concurrency` at a time, and refuses to queue more than `maxQueued`
 * waiting ones: a burst of work that costs memory and CPU (image encoding) is bounded, and the
 * jobs beyond the bound fail at once (`PoolFullError`) instead of piling up closures and,
 * worse, callers who wait for seconds. Background jobs (warming caches) run only when no
 * foreground job waits and never take the last free slot (with a concurrency above 1), and they
 * have a bound of their own: warming never takes a request's place.
 */
export class PoolFullError extends Error {
  constructor() {
    super('Too many jobs waiting')
    this.name = 'PoolFullError'
  }
}

interface Waiting {
  start: (lane: Lane) => void
  drop: () => void
}

type Lane = 'foreground' | 'background'

export class JobPool {
  readonly #concurrency: number
  readonly #maxQueued: number
  readonly #maxBackground: number
  readonly #foreground: Waiting[] = []
  readonly #background: Waiting[] = []
  #running = 0
  #runningBackground = 0

  constructor(options: { concurrency: number; maxQueued: number; maxBackground?: number }) {
    this.#concurrency = Math.max(1, options.concurrency)
    this.#maxQueued = Math.max(0, options.maxQueued)
    this.#maxBackground = Math.max(0, options.maxBackground ?? 1000)
  }

  /** Jobs running now and waiting, for tests and logs. */
  get load(): { running: number; queued: number; background: number } {
    return { running: this.#running, queued: this.#foreground.length, background: this.#background.length }
  }

  /**
   * Runs `job` when a slot is free; rejects with PoolFullError at once when the queue is full.
   * `promote` (background jobs) is given a function that moves the job, while it still waits,
   * into the foreground queue: a request came for what was being warmed.
   */
  run<T>(job: () => Promise<T>, options: { background?: boolean; promote?: (promote: () => void) => void } = {}): Promise<T> {
    const lane: Lane = options.background ? 'background' : 'foreground'
    const queue = options.background ? this.#background : this.#foreground
    if (queue.length === 0 && this.#canStart(lane)) return this.#start(job, lane)
    if (queue.length >= (options.background ? this.#maxBackground : this.#maxQueued)) return Promise.reject(new PoolFullError())
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { start: (started) => void this.#start(job, started).then(resolve, reject), drop: () => reject(new PoolFullError()) }
      queue.push(waiting)
      options.promote?.(() => {
        const index = this.#background.indexOf(waiting)
        if (index < 0) return
        this.#background.splice(index, 1)
        this.#foreground.push(waiting)
        this.#next()
      })
    })
  }

  /** Drops the background jobs still waiting (their callers get a PoolFullError): for a server that stops. */
  dropBackground(): void {
    for (const waiting of this.#background.splice(0)) waiting.drop()
  }

  #canStart(lane: Lane): boolean {
    if (this.#running >= this.#concurrency) return false
    if (lane === 'foreground') return true
    return this.#foreground.length === 0 && this.#runningBackground < Math.max(1, this.#concurrency - 1)
  }

  #start<T>(job: () => Promise<T>, lane: Lane): Promise<T> {
    this.#running++
    if (lane === 'background') this.#runningBackground++
    let result: Promise<T>
    try {
      result = job()
    } catch (error) {
      result = Promise.reject(error)
    }
    return result.finally(() => {
      this.#running--
      if (lane === 'background') this.#runningBackground--
      this.#next()
    })
  }

  #next(): void {
    for (;;) {
      if (this.#foreground.length > 0 && this.#canStart('foreground')) this.#foreground.shift()!.start('foreground')
      else if (this.#background.length > 0 && this.#canStart('background')) this.#background.shift()!.start('background')
      else return
    }
  }
}
