/**
 * The page count of a long build as it goes: in a terminal, one line rewritten in place
 * ("Rendering pages: 4,120 / 10,000 (41 %), about 6 s left"); elsewhere (CI logs, a pipe), a
 * plain line every 10 % and no more than one every 2 s, so a log stays readable.
 */
export interface ProgressOptions {
  total: number
  /** Where lines go; `isTTY` decides between the two forms. */
  out: { write(text: string): unknown; isTTY?: boolean }
  /** Below this many pages nothing is shown but the summary (a small site builds in a blink). */
  minimum?: number
  now?: () => number
}

export interface Progress {
  /** `done` pages of `total` are written. */
  update(done: number): void
  /** Clears the updating line (the caller prints the summary). */
  finish(): void
}

const PLAIN_STEP = 0.1
const PLAIN_MIN_MS = 2000
const TTY_MIN_MS = 100

export function createProgress(options: ProgressOptions): Progress {
  const { total, out } = options
  const now = options.now ?? (() => performance.now())
  const started = now()
  const silent = total < (options.minimum ?? 500)
  let shownAt = -Infinity
  let shownFraction = 0
  let lineShown = false
  return {
    update(done) {
      if (silent || done <= 0) return
      const at = now()
      const fraction = Math.min(done / total, 1)
      if (out.isTTY) {
        if (at - shownAt < TTY_MIN_MS && done < total) return
        out.write(`\r${describe(done, total, at - started)}\x1b[K`)
        lineShown = true
      } else {
        if ((fraction - shownFraction < PLAIN_STEP || at - shownAt < PLAIN_MIN_MS) && done < total) return
        if (done === total) return // the summary says it
        out.write(`${describe(done, total, at - started)}\n`)
        shownFraction = fraction
      }
      shownAt = at
    },
    finish() {
      if (lineShown) out.write('\r\x1b[K')
    },
  }
}

/** "Rendering pages: 4,120 / 10,000 (41 %), about 6 s left" (pure). */
export function describe(done: number, total: number, elapsedMs: number): string {
  const count = (n: number) => n.toLocaleString('en-US')
  const percent = Math.floor((done / total) * 100)
  const leftSeconds = done > 0 ? Math.ceil(((total - done) * elapsedMs) / done / 1000) : null
  const left = leftSeconds === null || done === total ? '' : `, about ${leftSeconds} s left`
  return `Rendering pages: ${count(done)} / ${count(total)} (${percent} %)${left}`
}
