/**
 * The one wait of the tests, for what happens a moment after an answer (the folder watcher
 * re-reading a changed file, a pull's reload, a push in the background): polls `check` every
 * 50 ms until it gives something other than false, null or undefined, and answers that. A check
 * that throws has not passed yet (an assertion, a request to a server still starting); after
 * `timeoutMs`, the wait fails with the last reason.
 */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>
      last = new Error(`not seen within ${timeoutMs} ms (still ${String(value)})`)
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw last
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
