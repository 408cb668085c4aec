// Loaded with --import into a server a test starts in its own process (server-process.ts): its
// stdin is a pipe from the test's process, so when the test runner dies (killed, or crashed) the
// pipe closes and the server exits with it, instead of running on, orphaned. The main thread
// only: worker threads load the same --import, and a worker's stdin is an empty stream that ends
// at once (the packing thread exited with code 1 for it).
import { isMainThread } from 'node:worker_threads'

if (isMainThread) process.stdin.on('end', () => process.exit(1)).resume()
