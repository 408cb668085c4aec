/** Why a sync run starts: a fetch is only needed when the remote may have moved. */
export type SyncReason = 'start' | 'save' | 'webhook' | 'interval' | 'retry' | 'resolve' | 'manual'

/** The first retry waits this long, each next one twice as long, up to the cap. */
const FIRST_RETRY_MS = 1000
const MAX_RETRY_MS = 5 * 60 * 1000

export interface SyncScheduleOptions {
  /** One sync run; a throw is a failed run, retried with backoff. */
  run: () => Promise<void>
  /** Told of each request as it comes (runs coalesce, reasons do not): what the next run must do. */
  onRequest: (reason: SyncReason) => void
  /** A run succeeded (in the same step as the retry state is cleared). */
  onSuccess: () => void
  /** A run failed (not one aborted by `stop`): it is retried in `delayMs`. */
  onFailure: (error: unknown, delayMs: number) => void
  /** Polling interval; 0: no polling. */
  intervalMs: number
}

/**
 * When the content sync runs: at start, on every interval (if any), when asked (a save, a
 * webhook, an admin), and after a failed run, with exponential backoff. Runs never overlap;
 * requests arriving during a run make one more run after it. What a run does is ContentSync's.
 */
export class SyncSchedule {
  readonly #options: SyncScheduleOptions
  #running: Promise<void> | null = null
  #again = false
  #stopped = false
  #interval: NodeJS.Timeout | null = null
  #retry: NodeJS.Timeout | null = null
  #failures = 0
  #nextRetryAt: string | null = null

  constructor(options: SyncScheduleOptions) {
    this.#options = options
  }

  /** A first run now, then one every interval (if any). */
  start(): void {
    this.request('start')
    const { intervalMs } = this.#options
    if (intervalMs > 0) {
      this.#interval = setInterval(() => this.request('interval'), intervalMs)
      this.#interval.unref()
    }
  }

  /** Asks for a run soon (coalesced with one in progress). Never throws, never waits. */
  request(reason: SyncReason): void {
    if (this.#stopped) return
    this.#options.onRequest(reason)
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#loop()
  }

  /** Whether a run is under way. */
  get running(): boolean {
    return this.#running !== null
  }

  /** When the failed run is tried again, as an ISO time; null when the last run succeeded. */
  get nextRetryAt(): string | null {
    return this.#nextRetryAt
  }

  /** No run starts from now on: the timers are cleared, requests ignored. */
  stop(): void {
    this.#stopped = true
    if (this.#interval) clearInterval(this.#interval)
    if (this.#retry) clearTimeout(this.#retry)
  }

  /** Resolves when the run in progress (if any) is over. */
  async idle(): Promise<void> {
    await this.#running
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#again = false
        await this.#runOnce()
      } while (this.#again && !this.#stopped)
    } finally {
      // In the same step as the last look at #again: a request even one microtask later (a
      // `.finally` on this promise came two later) must find no run under way and start one,
      // not mark a run that is over to go again and be lost.
      this.#running = null
    }
  }

  async #runOnce(): Promise<void> {
    try {
      await this.#options.run()
      this.#failures = 0
      this.#nextRetryAt = null
      this.#options.onSuccess()
      // A retry still waiting would only run again what just worked.
      if (this.#retry) clearTimeout(this.#retry)
      this.#retry = null
    } catch (error) {
      if (this.#stopped) return // aborted by stop(): nothing to retry
      this.#failures++
      const delay = this.#retryDelay()
      this.#nextRetryAt = new Date(Date.now() + delay).toISOString()
      this.#options.onFailure(error, delay)
      if (this.#retry) clearTimeout(this.#retry)
      this.#retry = setTimeout(() => {
        this.#retry = null
        this.request('retry')
      }, delay)
      this.#retry.unref()
    }
  }

  /** 1 s, 2 s, 4 s... up to 5 minutes, never longer than the polling interval (it retries anyway). */
  #retryDelay(): number {
    const { intervalMs } = this.#options
    let delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(this.#failures - 1, 20))
    if (intervalMs > 0) delay = Math.min(delay, intervalMs)
    return delay
  }
}
