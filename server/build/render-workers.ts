import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PublicPost } from '../content/post.ts'
import type { RenderSettings } from '../pages/render-page.ts'
import type { BulkRenderer } from '../services/public-pages.ts'
import { workerEntry } from '../lib/compiled.ts'
import { slugOfPostUrl } from '../../renderer/post-urls.ts'

/**
 * The build's post pages rendered on every core: worker threads (render-worker.ts), each with
 * the server build loaded, are sent the posts in batches and write their pages themselves;
 * the build's own thread keeps the stamps and renders the other pages meanwhile
 * (services/public-pages.ts, generateAll).
 *
 * Only for many pages: a worker costs about half a second to start (the server build, React),
 * so below MIN_POSTS one thread is faster. Each worker holds only the batch it renders (a post
 * page reads its own post alone), so memory stays what one thread needs plus the bundles.
 */
export const MIN_POSTS = 2000
const BATCH = 100

export interface WorkerSetup {
  distDir: string
  pagesDir: string
  settings: RenderSettings
}
export interface WorkerBatch {
  posts: PublicPost[]
}
export interface WorkerReply {
  written: string[]
  failed: [url: string, reason: string][]
}

export function workerCount(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4))
}

export function createWorkerRenderer(setup: WorkerSetup, count = workerCount()): BulkRenderer {
  return async (urls, posts, report) => {
    const queue = urls.map((url) => posts.get(slugOfPostUrl(url) ?? ''))
    let next = 0
    const nextBatch = (): WorkerBatch | null => {
      const batch: PublicPost[] = []
      while (next < queue.length && batch.length < BATCH) {
        const post = queue[next]
        const url = urls[next++]!
        if (post) batch.push(post)
        else report(url, 'not a published post')
      }
      return batch.length > 0 ? { posts: batch } : null
    }
    await Promise.all(Array.from({ length: count }, () => runWorker(setup, nextBatch, report)))
  }
}

function runWorker(setup: WorkerSetup, nextBatch: () => WorkerBatch | null, report: (url: string, failure: string | null) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // Compiled, the worker's own bundle entry; from the sources, a boot file that registers tsx
    // for the thread first (loader hooks are per thread).
    const entry = workerEntry(import.meta.url, { compiled: 'render-worker.js', sourceBoot: './render-worker-entry.mjs' })
    const worker = new Worker(entry, { workerData: setup })
    let stopping = false
    const sendOrStop = () => {
      const batch = nextBatch()
      if (batch) return worker.postMessage(batch)
      stopping = true
      void worker.terminate().then(() => resolve())
    }
    worker.on('message', (message: WorkerReply | { ready: true }) => {
      if ('written' in message) {
        for (const url of message.written) report(url, null)
        for (const [url, reason] of message.failed) report(url, reason)
      }
      sendOrStop()
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (!stopping) reject(new Error(`A page rendering worker exited with code ${code}`))
    })
  })
}
