import { Worker } from 'node:worker_threads'
import type { BuildRequest, BuildResult } from './build-pack.ts'

/**
 * Runs buildPack (build-pack.ts) in a worker thread.
 *
 * Why a thread: a full build with 10,000 posts and 1,600 commits of history reads, compares and
 * compresses for several seconds (measured in `npm run bench:repo-size`). In the main thread, even
 * cut into slices, every step of a save that awaits anything would wait behind a slice; in a
 * thread it runs beside the saves, on the second core.
 */
export interface PackBuild {
  result: Promise<BuildResult>
  /** Stops the thread (for shutdown): its temp files are removed at the next start. */
  stop(): Promise<void>
}

const BOOT = new URL('./pack-worker-boot.mjs', import.meta.url)
const ENTRY = new URL('./pack-worker-entry.ts', import.meta.url).href

export function startPackBuild(request: BuildRequest): PackBuild {
  const worker = new Worker(BOOT, { workerData: { entry: ENTRY, request } })
  const result = new Promise<BuildResult>((resolve, reject) => {
    worker.once('message', (message: { result?: BuildResult; error?: string }) => {
      if (message.result) resolve(message.result)
      else reject(new Error(`Packing failed: ${message.error}`))
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`The packing thread stopped (exit code ${code})`)))
  })
  return {
    result,
    stop: async () => {
      await worker.terminate()
    },
  }
}
