import { Worker } from 'node:worker_threads'
import { workerEntry } from '../../lib/compiled.ts'
import type { BuildRequest, BuildResult } from './build-pack.ts'

/**
 * Runs buildPack (build-pack.ts) in a worker thread, one build at a time.
 *
 * Why a thread: a full build with 10,000 posts and 1,600 commits of history reads, compares and
 * compresses for several seconds (measured in `npm run bench:repo-size`). In the main thread, even
 * cut into slices, every step of a save that awaits anything would wait behind a slice; in a
 * thread it runs beside the saves, on the other core, at the lowest priority.
 *
 * Why it stays up between builds (for a minute): starting one costs about 0.4 s of CPU (loading
 * the modules again; more from the TypeScript sources), more than a build of 20 saves' objects (measured: 0.5 s for a
 * run in a new thread, 0.12 s in a warm one, with 3,000 posts).
 */
/** Compiled, the thread starts from its bundle entry; from the sources, from a boot file that registers tsx. */
const BOOT = workerEntry(import.meta.url, { compiled: 'pack-worker-entry.js', sourceBoot: './pack-worker-boot.mjs' })
const ENTRY = new URL('./pack-worker-entry.ts', import.meta.url).href
/** An idle thread holds a few MB of heap: it ends after this long without a build. */
const IDLE_MS = 60_000

type Reply = { result: BuildResult } | { error: string }

export class PackWorker {
  #worker: Worker | null = null
  /** The thread's stop flag (pack-worker-entry.ts), shared with it. */
  #stopFlag = new Int32Array(new SharedArrayBuffer(4))
  #idle: NodeJS.Timeout | null = null
  #lastError: string | null = null

  build(request: BuildRequest): Promise<BuildResult> {
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = null
    const worker = (this.#worker ??= this.#start())
    // A build keeps the process alive, as any pending work does; an idle thread does not.
    worker.ref()
    return new Promise<BuildResult>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        done()
        if ('result' in reply) resolve(reply.result)
        else reject(new Error(`Packing failed: ${reply.error}`))
      }
      const onExit = (code: number) => {
        done()
        reject(new Error(`The packing thread stopped (exit code ${code}${this.#lastError ? `: ${this.#lastError}` : ''})`))
      }
      const done = () => {
        worker.off('message', onMessage)
        worker.off('exit', onExit)
        worker.unref()
        if (this.#worker === worker) this.#idle = setTimeout(() => void this.stop(), IDLE_MS).unref()
      }
      worker.on('message', onMessage)
      worker.on('exit', onExit)
      worker.postMessage(request)
    })
  }

  /**
   * Ends the thread, and a build in progress with it (safe at any point for the repository: see
   * auto-pack.ts). The thread is told to stop and ends itself: at once when idle, before the next
   * object it reads when building. Never terminated: Node 20 aborts the whole process when a
   * thread is terminated while it makes a zlib stream (`Assertion failed: init_done_ && "close
   * before init"`, in node_zlib.cc at the thread's cleanup), which a build does for every object
   * it reads or writes.
   */
  async stop(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = null
    const worker = this.#worker
    this.#worker = null
    if (!worker) return
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    // The flag reaches a build in progress; the message, a thread waiting for its next build.
    Atomics.store(this.#stopFlag, 0, 1)
    worker.postMessage('stop')
    await exited
  }

  #start(): Worker {
    const stop = new SharedArrayBuffer(4)
    this.#stopFlag = new Int32Array(stop)
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY, stop } })
    // An error ends the thread: the build in progress fails through 'exit', with this message.
    this.#lastError = null
    worker.on('error', (error) => {
      this.#lastError = error.message
    })
    worker.once('exit', () => {
      if (this.#worker === worker) this.#worker = null
    })
    return worker
  }
}
