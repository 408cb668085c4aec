import { parentPort, workerData } from 'node:worker_threads'
import { type BuildRequest, buildPack } from './build-pack.ts'

/** The packing worker thread (see pack-worker.ts): one build, its result or its error posted back. */
const { request } = workerData as { request: BuildRequest }
try {
  parentPort!.postMessage({ result: await buildPack(request) })
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
}
