import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * How many requests the server is answering now, so that background work (the start's
 * catch-up of stale pages) waits for a moment with none: a page render holds the event loop
 * for a few milliseconds, and a save's thirty-odd steps each waited behind one. Measured at
 * 10,000 posts with every page stale (`npx tsx tests/bench/start-bench.ts`): saves during the
 * catch-up took 634 ms p50 when it rendered regardless, and the first answer came 0.7 s after
 * listening.
 */
export class RequestsInFlight {
  #count = 0
  #waiting: (() => void)[] = []

  /** For the server's `request` event. */
  readonly track = (_request: IncomingMessage, response: ServerResponse): void => {
    this.#count++
    response.once('close', () => {
      this.#count--
      if (this.#count === 0) for (const resume of this.#waiting.splice(0)) resume()
    })
  }

  /**
   * Resolves once no request is being answered, or after `maxWaitMs` regardless: under steady
   * traffic background work still moves on, a little at a time.
   */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.#count === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxWaitMs)
      const waiting = this.#waiting
      function done() {
        clearTimeout(timer)
        const at = waiting.indexOf(done)
        if (at !== -1) waiting.splice(at, 1)
        resolve()
      }
      waiting.push(done)
    })
  }
}
