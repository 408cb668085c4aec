/*
 * The packing worker's first module, in JavaScript: a worker thread starts without the TypeScript
 * loader when its parent did not get it from the command line (vitest runs the server's code
 * through its own transform). Registering tsx again where the parent already has it is harmless.
 */
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
