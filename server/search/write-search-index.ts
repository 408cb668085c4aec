/**
 * A Pagefind index written from records (search-records.ts) into a folder: what `/pagefind/`
 * serves. Pagefind runs as a child process (its binary ships in the npm package); it is loaded
 * only here, on the first index made, so a start that makes none never pays for it, and stopped
 * once the index is written (one index at a time: the callers never make two at once).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { getPriority, setPriority } from 'node:os'
import path from 'node:path'
import { replaceFolder, tempNameFor } from '../lib/atomic-write.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { DELTA_RECORD, NO_DELTA } from './search-delta.ts'
import { type SearchablePosts, type SearchRecord, searchRecordsOf, searchStampOf } from './search-records.ts'

/**
 * One index at a time in a process: Pagefind's package runs one process for all of them, which
 * each index stops when it is written (an export run beside a running site's update, as the
 * tests do, would otherwise stop the other's).
 */
const oneAtATime = new SerialQueue()

/** Records handed to Pagefind before waiting for it: enough to keep its process busy, few enough to hold. */
const BATCH = 2000
/** The niceness of Pagefind's process when it indexes in the background: requests and saves come first. */
const BACKGROUND_NICENESS = 10

/**
 * What Pagefind writes that the blog's search does not use: its ready-made UIs (the page has its
 * own, BlogSearch.tsx) and the index of pages in no language (every record is English).
 */
const UNUSED_FILES = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
  'wasm.unknown.pagefind',
]

/**
 * Writes the index of `records` into `outputPath` (created; files already there are overwritten).
 * `background`: a running site's update, whose Pagefind process yields the CPU to the server's own
 * work (on 2 cores it would otherwise take one from the saves and requests). `signal`: stops
 * sending records once aborted (the site is closing), waits for those sent, and rejects with
 * the signal's reason: Pagefind's process is closed with nothing in flight (closed with records
 * in flight, its client logs a stack trace for each).
 */
export function writeSearchIndex(
  records: AsyncIterable<SearchRecord> | Iterable<SearchRecord>,
  outputPath: string,
  options: { background?: boolean; signal?: AbortSignal } = {},
): Promise<{ records: number }> {
  return oneAtATime.run(() => writeOne(records, outputPath, options))
}

async function writeOne(records: AsyncIterable<SearchRecord> | Iterable<SearchRecord>, outputPath: string, options: { background?: boolean; signal?: AbortSignal }): Promise<{ records: number }> {
  const pagefind = await import('pagefind')
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
    if (!index) throw new Error(`Pagefind could not start an index: ${errors.join('; ')}`)
    if (options.background) await lowerPagefindPriority()
    let count = 0
    let batch: Promise<{ errors: string[] }>[] = []
    const settle = async () => {
      const answers = await Promise.allSettled(batch)
      batch = []
      const refused = answers.find((answer) => answer.status === 'rejected')
      if (refused) throw refused.reason
      const failed = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value.errors : []))
      if (failed.length > 0) throw new Error(`Pagefind refused a record: ${failed[0]}`)
    }
    try {
      for await (const record of records) {
        options.signal?.throwIfAborted()
        batch.push(index.addCustomRecord(record))
        count++
        if (batch.length >= BATCH) await settle()
      }
    } finally {
      // Whatever stopped the loop (an abort, a record that could not be read), Pagefind is closed
      // only once it has answered every record sent.
      await Promise.allSettled(batch)
    }
    await settle()
    options.signal?.throwIfAborted()
    const written = await index.writeFiles({ outputPath })
    if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`)
    await Promise.all(UNUSED_FILES.map((name) => rm(path.join(outputPath, name), { force: true })))
    return { records: count }
  } finally {
    await pagefind.close()
  }
}

/**
 * Lowers the priority of this process's Pagefind child (found by its name among its children:
 * the package does not hand out its process). Linux only; elsewhere, or when it cannot be found,
 * it runs at the server's priority.
 */
async function lowerPagefindPriority(): Promise<void> {
  try {
    for (const task of await readdir(`/proc/${process.pid}/task`)) {
      const children = (await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8')).split(' ').filter(Boolean)
      for (const child of children) {
        const pid = Number(child)
        if ((await readFile(`/proc/${child}/comm`, 'utf8')).trim().startsWith('pagefind')) setPriority(pid, Math.max(getPriority(pid), BACKGROUND_NICENESS))
      }
    }
  } catch {
    // No /proc (not Linux), or the process gone: nothing to lower.
  }
}

/**
 * The index of `posts` put at `target` whole (the build's `dist/client/pagefind`, an export's
 * `pagefind/`): written beside it under a temp name, with a `delta.json` that names no delta, then
 * swapped in (replaceFolder). Answers the stamp of the posts it holds.
 */
export async function writeSearchIndexAt(posts: SearchablePosts, target: string): Promise<{ records: number; stamp: string }> {
  const stamp = searchStampOf(posts)
  await mkdir(path.dirname(target), { recursive: true })
  const temp = path.join(path.dirname(target), tempNameFor(path.basename(target)))
  try {
    const { records } = await writeSearchIndex(searchRecordsOf(posts), temp)
    // A whole index, no delta beside it: the page reads so (a static export has no server to say it).
    await writeFile(path.join(temp, DELTA_RECORD), JSON.stringify(NO_DELTA) + '\n')
    await replaceFolder(temp, target)
    return { records, stamp }
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    throw error
  }
}
