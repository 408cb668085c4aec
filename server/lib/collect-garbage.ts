/**
 * A full garbage collection that also hands the freed memory back to the system, through the
 * process's own inspector session (no port is opened): what `HeapProfiler.collectGarbage` does.
 * Resolves with the resident memory before and after, in MiB, and how long it took.
 *
 * For the end of a start's background work: a first start reads every post file's whole text
 * and a catch-up renders every page, and V8 collected that garbage only when its heap grew again,
 * so an idle site could keep it resident for as long as it ran (at 10,000 posts, up to 384 MiB
 * resident a minute after a first start's catch-up, 173 to 179 MiB after this: `npm run
 * bench:start`). A plain `gc()` (`--expose-gc`) freed it without handing it back.
 */
export async function collectGarbage(): Promise<{ rssBeforeMiB: number; rssAfterMiB: number; ms: number }> {
  const rssBeforeMiB = process.memoryUsage.rss() / MIB
  const started = performance.now()
  // Imported here: a Node built without the inspector refuses the import, and then only this fails.
  const { Session } = await import('node:inspector')
  const session = new Session()
  session.connect()
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())))
  } finally {
    session.disconnect()
  }
  return { rssBeforeMiB, rssAfterMiB: process.memoryUsage.rss() / MIB, ms: performance.now() - started }
}

const MIB = 1024 * 1024
