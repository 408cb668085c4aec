/**
 * The timers and clock of the process, kept before any test fakes them (vi.useFakeTimers): the
 * wait below keeps polling in real time while a test holds the code's own timers still.
 */
/**
 * How long a wait goes on before it gives up: a guard against a check that never passes, far
 * beyond what any check takes on an idle machine (milliseconds to a few seconds), so that a
 * machine loaded many times over (the whole suite twice at once and a CPU hog beside it) slows a
 * test down and never fails it. The projects' test timeouts (vitest.config.ts,
 * playwright.config.ts) are guards of the same kind.
 */
export const HANG_GUARD_MS = 120_000

const real = { setTimeout: globalThis.setTimeout, now: Date.now.bind(Date) }

/**
 * The one wait of the tests, for what happens a moment after an answer (the folder watcher
 * re-reading a changed file, a pull's reload, a push in the background): polls `check` every
 * 50 ms until it gives something other than false, null or undefined, and answers that. A check
 * that throws has not passed yet (an assertion, a request to a server still starting); after
 * `timeoutMs`, the wait fails with the last reason. The timeout is a safety net for a check that
 * never passes, not a deadline the code is held to: it is never the assertion. Under fake timers
 * it still polls in real time, so `waitFor(() => vi.getTimerCount() > 0)` waits until the code
 * under test has set a timer (is waiting on it), whatever real I/O it does first.
 */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = HANG_GUARD_MS): Promise<Exclude<T, false | null | undefined>> {
  const deadline = real.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>
      last = new Error(`not seen within ${timeoutMs} ms (still ${String(value)})`)
    } catch (error) {
      last = error
    }
    if (real.now() > deadline) throw last
    await new Promise((resolve) => real.setTimeout(resolve, 50))
  }
}
