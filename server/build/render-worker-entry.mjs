// A worker thread's entry (render-workers.ts): loader hooks are per thread, so this registers
// tsx before loading the TypeScript worker, as `tsx` does for the build's own thread.
import { register } from 'tsx/esm/api'

register()
await import('./render-worker.ts')
