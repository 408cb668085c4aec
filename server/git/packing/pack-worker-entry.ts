import { readlinkSync } from 'node:fs'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { type BuildRequest, buildPack } from './build-pack.ts'
import { ObjectReader } from '../store/object-reader.ts'

/** The packing worker thread (see pack-worker.ts): each request is one build, its result or error posted back. */
lowerPriority()
/** Set to 1 by the server to end this thread (pack-worker.ts, stop): checked before each object a build reads. */
const stopFlag = new Int32Array(workerData.stop as SharedArrayBuffer)
const stopped = () => Atomics.load(stopFlag, 0) === 1
/** One reader for the thread's life: its cache of recent trees serves the next build too. */
let reader: { gitdir: string; reader: ObjectReader } | null = null
parentPort!.on('message', async (request: BuildRequest | 'stop') => {
  if (request === 'stop') process.exit(0)
  let reply: { result: Awaited<ReturnType<typeof buildPack>> } | { error: string }
  try {
    if (reader?.gitdir !== request.gitdir) {
      await reader?.reader.close()
      reader = { gitdir: request.gitdir, reader: new ObjectReader(request.gitdir, { blocking: true }) }
    }
    reply = { result: await buildPack(request, reader.reader, stopped) }
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  // Its packs are closed before the reply (the ones this build replaces are deleted once it is
  // received, and an open file would keep their disk space until this low-priority thread next
  // ran); its cache of recent objects stays for the next build.
  await reader?.reader.close()
  // Told to stop: the thread ends here, between two objects, where nothing is half-made (see stop).
  if (stopped()) process.exit(0)
  parentPort!.postMessage(reply)
})

/**
 * The lowest CPU priority for this thread only, as one would `nice git gc`: on 2 cores shared
 * with saves (and page rendering), the packing thread then takes what they leave. Linux gives each
 * thread its own nice value, set through its thread id; elsewhere the thread keeps the default.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    os.setPriority(threadId, os.constants.priority.PRIORITY_LOW)
  } catch {
    // Not Linux, or not allowed: packing still works, at normal priority.
  }
}
