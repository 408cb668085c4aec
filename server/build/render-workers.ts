import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PublicPost } from '../../core/post.ts'
import { PostFiles, type PostFilesDeps, type ReadResult } from '../content/post-files.ts'
import { PageFiles } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { BulkRenderer } from '../services/pages/public-pages.ts'
import type { SiteContent } from '../../core/site-content/index.ts'
import { workerEntry } from '../lib/compiled.ts'
import { postExtrasOf } from '../../core/post-extras.ts'
import { postUrl, slugOfPostUrl } from '../../core/post-urls.ts'
import { renderPostPages } from './render-post-pages.ts'
import { sendable, type WorkerJob, type WorkerReply, type WorkerSetup } from './worker-messages.ts'

/**
 * The build's two bulk jobs, shared between worker threads (render-worker.ts) and the build's
 * own thread: reading and checking the post files (`readMany`, which BlogContent calls through
 * compose/site.ts), then rendering and writing the post pages (`postPages`), while the build's thread
 * also keeps the stamps and renders the other pages (services/pages/public-pages.ts, generateAll).
 * Jobs go to whichever thread is free, so a thread that is slower (or busier) takes fewer.
 *
 * The workers are started first thing, so that their start-up (loading the server build and
 * React: about half a second each) overlaps the build's own. One worker per core but the one
 * the build's thread uses, which would otherwise wait idle for the others: one isolate fewer
 * (about 50 MiB at 10,000 posts) and one start-up fewer. Only for many posts: below MIN_POSTS
 * one thread is faster than starting a worker. A worker holds only the chunk it works on (a
 * post page reads its own post alone), so memory stays what one thread needs plus the bundles.
 */
export const MIN_POSTS = 2000
/** Post pages a thread is sent at once. */
const RENDER_BATCH = 100
/** Post files a thread is sent at once: about 30 ms of reading and checking. */
const READ_CHUNK = 200
/** Jobs sent ahead to each worker, so that it never waits for the build's thread between two. */
const IN_FLIGHT = 2

/** Worker threads for this machine: one per core, up to 4 threads in all, less the build's own. */
export function workerCount(): number {
  return Math.min(os.availableParallelism(), 4) - 1
}

type ReadMany = (names: string[]) => Promise<Map<string, ReadResult>>

/** The build's post files: read on its threads (RenderWorkers.readMany), the rest as PostFiles does. */
export class ThreadedPostFiles extends PostFiles {
  readonly #workers: RenderWorkers

  constructor(deps: PostFilesDeps, workers: RenderWorkers) {
    super(deps)
    this.#workers = workers
  }

  override readMany(names: string[]): Promise<Map<string, ReadResult>> {
    return this.#workers.readMany((some) => super.readMany(some), names)
  }
}

interface Job {
  message: WorkerJob
  /** The same job on the build's own thread. */
  here: () => Promise<WorkerReply>
  done: (reply: WorkerReply) => void
  fail: (error: unknown) => void
}

interface Slot {
  /** Null: the build's own thread. */
  worker: Worker | null
  running: Set<number>
  limit: number
}

export class RenderWorkers {
  readonly #slots: Slot[] = []
  readonly #queue: Job[] = []
  readonly #running = new Map<number, Job>()
  readonly #pagesDir: string
  #nextId = 0
  #failure: unknown = null
  #closed = false

  constructor(setup: WorkerSetup, count: number) {
    this.#pagesDir = setup.pagesDir
    // Compiled, the worker's own bundle entry; from the sources, a boot file that registers tsx
    // for the thread first (loader hooks are per thread).
    const entry = workerEntry(import.meta.url, { compiled: 'render-worker.js', sourceBoot: './render-worker-entry.mjs' })
    for (let i = 0; i < count; i++) {
      const worker = new Worker(entry, { workerData: setup })
      const slot: Slot = { worker, running: new Set(), limit: IN_FLIGHT }
      worker.on('message', (reply: WorkerReply) => this.#finish(slot, reply.id, reply))
      worker.on('error', (error) => this.#fail(error))
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new Error(`A page rendering worker exited with code ${code}`))
      })
      this.#slots.push(slot)
    }
    // Last: the workers are offered each job first, this thread having other work besides.
    this.#slots.push({ worker: null, running: new Set(), limit: 1 })
  }

  /**
   * The post files read and checked on every thread, as `readHere` (PostFiles.readMany) reads
   * them: the same results in the same order. A file the site cannot read, and every file of a
   * chunk that failed as a whole, is read again by `readHere`, so its error is the very one.
   */
  async readMany(readHere: ReadMany, names: string[]): Promise<Map<string, ReadResult>> {
    if (this.#closed) return readHere(names)
    const read = new Map<string, ReadResult>()
    const again: string[] = []
    const jobs: Promise<void>[] = []
    for (let start = 0; start < names.length; start += READ_CHUNK) {
      const chunk = names.slice(start, start + READ_CHUNK)
      const here = async (): Promise<WorkerReply> => ({ id: -1, read: sendable(await readHere(chunk)) })
      jobs.push(
        this.#run({ id: this.#nextId++, read: chunk }, here).then((reply) => {
          if (!('read' in reply)) return void again.push(...chunk)
          for (const [name, result] of reply.read) {
            if ('again' in result) again.push(name)
            else read.set(name, result)
          }
        }),
      )
    }
    await Promise.all(jobs)
    for (const [name, result] of again.length > 0 ? await readHere(again) : []) read.set(name, result)
    return new Map(names.filter((name) => read.has(name)).map((name) => [name, read.get(name)!]))
  }

  /** The post pages rendered and written a batch at a time; on this thread with `render`, the site's own renderer. */
  postPages(render: RenderUrl, site: () => SiteContent): BulkRenderer {
    const files = new PageFiles({ dir: this.#pagesDir, blocking: true })
    return async (urls, posts, report) => {
      const batches: PublicPost[][] = []
      let batch: PublicPost[] = []
      for (const url of urls) {
        const post = posts.get(slugOfPostUrl(url) ?? '')
        if (!post) {
          report(url, 'not a published post')
          continue
        }
        batch.push(post)
        if (batch.length === RENDER_BATCH) {
          batches.push(batch)
          batch = []
        }
      }
      if (batch.length > 0) batches.push(batch)
      const list = posts.list()
      await Promise.all(
        batches.map(async (posts) => {
          const here = async (): Promise<WorkerReply> => ({ id: -1, ...(await renderPostPages(posts, render, files)) })
          // What each page shows of the other posts, from the whole list, which the worker has not.
          const extras = posts.map((post) => postExtrasOf(list, post.slug))
          const reply = await this.#run({ id: this.#nextId++, render: posts, extras, site: site() }, here)
          if ('written' in reply) {
            for (const url of reply.written) report(url, null)
            for (const [url, reason] of reply.failed) report(url, reason)
          } else if ('error' in reply) {
            for (const post of posts) report(postUrl(post.slug), reply.error)
          }
        }),
      )
    }
  }

  /** Stops the workers (the build calls it once done, or failed). */
  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(this.#slots.map(({ worker }) => worker?.terminate()))
  }

  #run(message: WorkerJob, here: () => Promise<WorkerReply>): Promise<WorkerReply> {
    if (this.#failure !== null) return Promise.reject(this.#failure)
    return new Promise((done, fail) => {
      this.#queue.push({ message, here, done, fail })
      this.#pump()
    })
  }

  /** Gives queued jobs to the threads with room for one, the least busy first. */
  #pump(): void {
    for (;;) {
      if (this.#queue.length === 0) return
      const free = this.#slots.filter((slot) => slot.running.size < slot.limit)
      if (free.length === 0) return
      const slot = free.reduce((a, b) => (b.running.size < a.running.size ? b : a))
      const job = this.#queue.shift()!
      const id = job.message.id
      slot.running.add(id)
      this.#running.set(id, job)
      if (slot.worker) slot.worker.postMessage(job.message)
      // In a turn of its own: started from the last one's promise, it would run before the
      // workers' answers waiting in the event loop, and keep them waiting to the end.
      else setImmediate(() => this.#runHere(slot, job))
    }
  }

  #runHere(slot: Slot, job: Job): void {
    const { id } = job.message
    job.here().then(
      (reply) => this.#finish(slot, id, reply),
      (error: unknown) => this.#finish(slot, id, { id, error: error instanceof Error ? error.message : String(error) }),
    )
  }

  #finish(slot: Slot, id: number, reply: WorkerReply): void {
    slot.running.delete(id)
    const job = this.#running.get(id)
    this.#running.delete(id)
    job?.done(reply)
    this.#pump()
  }

  #fail(error: unknown): void {
    this.#failure ??= error
    for (const job of [...this.#queue, ...this.#running.values()]) job.fail(error)
    this.#queue.length = 0
    this.#running.clear()
  }
}
