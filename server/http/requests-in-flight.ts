import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * How long after a quick answer (quick-answers.ts) the server still counts as busy. A quick
 * answer is written at once, so it is never "in flight"; but under a stream of them background
 * work must still give way, as it does to any other request.
 */
const QUICK_ANSWER_BUSY_MS = 10

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
  #lastQuickAnswer = -Infinity
  #quickAnswers = 0
  readonly #waiting = new Set<() => void>()

  /** For every request Koa answers. */
  readonly track = (_request: IncomingMessage, response: ServerResponse): void => {
    this.#count++
    response.once('close', () => {
      this.#count--
      if (this.#count === 0) for (const check of [...this.#waiting]) check()
    })
  }

  /**
   * For every quick answer: only a time is noted (no listener per response, which cost more than
   * the answer itself).
   */
  quickAnswered(): void {
    this.#lastQuickAnswer = performance.now()
    this.#quickAnswers++
  }

  /** How many requests were answered quickly so far. */
  get quickAnswers(): number {
    return this.#quickAnswers
  }

  /**
   * Resolves once no request is being answered and none was answered quickly in the last few
   * milliseconds, or after `maxWaitMs` regardless: under steady traffic background work still
   * moves on, a little at a time.
   */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.#untilQuiet() <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const giveUpAt = performance.now() + maxWaitMs
      let timer: NodeJS.Timeout | undefined
      const check = () => {
        clearTimeout(timer)
        const left = giveUpAt - performance.now()
        const wait = this.#untilQuiet()
        if (wait <= 0 || left <= 0) {
          this.#waiting.delete(check)
          resolve()
          return
        }
        // While requests are in flight (wait is Infinity) the last one's end checks again.
        timer = setTimeout(check, Math.min(wait, left))
      }
      this.#waiting.add(check)
      check()
    })
  }

  /** Milliseconds until the server is quiet: 0 or less when it is, Infinity while requests are in flight. */
  #untilQuiet(): number {
    if (this.#count > 0) return Infinity
    return this.#lastQuickAnswer + QUICK_ANSWER_BUSY_MS - performance.now()
  }
}
