/**
 * Polls `check` every 50 ms until it returns something, for what a server does a moment after
 * an answer (the folder watcher re-reading a changed file, a pull's reload).
 */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
