import type { TempSite } from './temp-site.ts'

/**
 * A Playwright webServer script's teardown (tests/e2e/serve.ts, serve-export.ts): on SIGTERM or
 * SIGINT, or when its parent is gone, it closes what it serves with, removes its temp site and
 * exits, within 3 s whatever happens.
 */
export function stopOnSignals(site: TempSite, close: () => Promise<unknown>): void {
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    // Never hang Playwright's teardown: exit anyway after a moment.
    setTimeout(() => process.exit(0), 3000).unref()
    try {
      await close()
    } finally {
      await site.cleanup()
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
  // If the supervisor is killed outright (no signal reaches us), do not linger holding the port.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void stop()
  }, 1000).unref()
}
