import type { Logger } from '../../lib/logger.ts'

/**
 * How many stale pages one queue job of the start's background catch-up (and of a change's follow-up, public-pages.ts) brings up to date. A
 * save's pages queue behind at most one such job: 8 pages take about 25 ms at 10,000 posts
 * (3 ms a page), so a save stays live within its budget while 10,000 pages are rendered.
 */
export const CHUNK_SIZE = 8

/** How often the background catch-up says how far it is. */
const PROGRESS_EVERY_MS = 5000

/**
 * The background catch-up's pace. Before each chunk it waits for `beforeChunk`: the server
 * waits there for a moment without requests, and tests hold it there to watch the site meanwhile.
 */
export interface CatchUpOptions {
  chunkSize?: number
  progressEveryMs?: number
  beforeChunk?: (progress: { done: number; total: number }) => Promise<void>
}

/** At start, before anything is rendered: how many pages are stale, and what happens to them. */
export function reportStale(logger: Logger, count: number): void {
  if (count === 0) return
  logger.info(
    `${count} pages differ from their content (changed since they were rendered, or rendered for other settings or another build): ` +
      'rendering them in the background; until then each is rendered when asked for',
  )
}

/**
 * The start's catch-up, in the background: the stale pages a chunk at a time, each chunk one
 * job of the pages' queue, queued only when the one before is done, so that a save's pages
 * run between two chunks instead of behind all of them. Says in the log how far it is
 * every few seconds, and how long it took; stops early when `stopping()` (at shutdown).
 * Answers how many pages it left stale (stopped early), for the shutdown's line.
 */
export async function catchUpInChunks(options: {
  stale: readonly string[]
  pace?: CatchUpOptions
  /** Brings these pages up to date; answers how many files it wrote or removed. */
  runChunk: (urls: string[]) => Promise<number>
  stopping: () => boolean
  logger: Logger
}): Promise<number> {
  const { stale, pace, runChunk, stopping, logger } = options
  if (stale.length === 0) return 0
  const chunkSize = pace?.chunkSize ?? CHUNK_SIZE
  const progressEveryMs = pace?.progressEveryMs ?? PROGRESS_EVERY_MS
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  let reported = started
  let done = 0
  let written = 0
  while (done < stale.length && !stopping()) {
    await pace?.beforeChunk?.({ done, total: stale.length })
    if (stopping()) break
    const chunk = stale.slice(done, done + chunkSize)
    written += await runChunk(chunk).catch(() => 0) // failures are logged by the queue
    done += chunk.length
    if (performance.now() - reported >= progressEveryMs && done < stale.length) {
      reported = performance.now()
      logger.info(`Rendering stale pages in the background: ${done} of ${stale.length} done in ${seconds()} s`)
    }
  }
  // Stopped (shutting down): the shutdown's one line says how many are left for the next start.
  if (done < stale.length) return stale.length - done
  // "Regenerated <n> pages" begins the line as it did when the catch-up ran before listening.
  logger.info(`Regenerated ${written} pages in the background in ${seconds()} s (${stale.length} were stale at start)`)
  return 0
}
