import { open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { removeFileIfPresent } from '../../lib/atomic-write.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'

/**
 * git gc's own lock, taken and honoured the way git takes it (builtin/gc.c, `lock_repo_for_gc`),
 * so that a packing run of ours and a `git gc` (by hand, or the `gc --auto` git starts in the
 * background after a large commit) never pack the same repository at once: both would pack the
 * same loose objects, and two packs holding the same objects would stay.
 *
 * git writes `<pid> <host>` to `gc.pid.lock` (created exclusively) and renames it to `gc.pid`,
 * unless `gc.pid` names a process that is still running on this host (or any process on another
 * host) and is less than 12 hours old; it removes `gc.pid` when done. A `git gc` started while
 * we hold it says "gc is already running" and leaves the repository alone, as it would for
 * another git.
 *
 * `git repack` by hand takes no lock: its temp pack files in `objects/pack` are the sign that one
 * (or a fetch's `index-pack`) is writing a pack.
 */
export interface GcLock {
  /** Removes `gc.pid` if it is still ours. */
  release(): Promise<void>
}

/** git's limit: a `gc.pid` older than this is stale whoever wrote it. */
const STALE_MS = 12 * 60 * 60 * 1000
/** An empty `gc.pid.lock` this old was left by a process killed before it wrote its line. */
const EMPTY_LOCK_STALE_MS = 60 * 1000
/** A temp pack file untouched for this long is what a killed git left, not a repack running. */
const TEMP_PACK_STALE_MS = 60 * 60 * 1000
/** git's temp pack names: `repack`'s `.tmp-<pid>-pack-…`, `pack-objects`' and `index-pack`'s `tmp_pack_…`, `tmp_idx_…`. */
const GIT_TEMP_PACK = /^(\.tmp-\d+-pack|tmp_pack_|tmp_idx_|tmp_rev_)/

/**
 * Takes the lock, or answers why not: `held` when a git gc (or another server) holds it,
 * `locked` when `gc.pid.lock` exists (a git taking it this instant, or one killed while it did).
 */
export async function takeGcLock(gitdir: string): Promise<GcLock | { busy: 'held' | 'locked'; by: string }> {
  const pidFile = path.join(gitdir, 'gc.pid')
  const lockFile = `${pidFile}.lock`
  const me = `${process.pid} ${os.hostname()}`
  // Looked at first without the lock file: a git gc starting this instant would fail on it.
  const running = await readHolder(pidFile)
  if (running && running.line !== me && holdsIt(running)) return { busy: 'held', by: running.line }
  let handle
  try {
    handle = await open(lockFile, 'wx', 0o644)
  } catch (error) {
    if (nodeErrorCode(error) !== 'EEXIST') throw error
    // A process killed between creating the lock file and renaming it left it: nobody would ever
    // remove it, and packing would wait for ever. Removed, and taken at the next try.
    if (await abandonedLockFile(lockFile)) await removeFileIfPresent(lockFile)
    return { busy: 'locked', by: lockFile }
  }
  try {
    const holder = await readHolder(pidFile)
    if (holder && holder.line !== me && holdsIt(holder)) {
      await handle.close()
      await unlink(lockFile)
      return { busy: 'held', by: holder.line }
    }
    await handle.writeFile(me)
    await handle.close()
    await rename(lockFile, pidFile)
  } catch (error) {
    await handle.close().catch(() => {})
    await removeFileIfPresent(lockFile)
    throw error
  }
  return {
    release: async () => {
      if ((await readHolder(pidFile))?.line === me) await removeFileIfPresent(pidFile)
    },
  }
}

/**
 * Whether `gc.pid.lock` was left by a process that died while taking the lock: it names a process
 * of this host that no longer runs, or it is still empty long after it was created (the taker
 * writes its line right after creating it, in git as here).
 */
async function abandonedLockFile(lockFile: string): Promise<boolean> {
  const holder = await readHolder(lockFile)
  if (holder) return holder.host === os.hostname() && !holdsIt(holder)
  const modified = await stat(lockFile).then((stats) => stats.mtimeMs, () => null)
  return modified !== null && Date.now() - modified > EMPTY_LOCK_STALE_MS
}

/** A temp pack file git is writing in `packDir` (a `git repack` or `index-pack` at work), or null. */
export async function gitWritingPack(packDir: string): Promise<string | null> {
  const names = await readdir(packDir).catch(() => [] as string[])
  for (const name of names) {
    if (!GIT_TEMP_PACK.test(name)) continue
    const modified = await stat(path.join(packDir, name)).then((stats) => stats.mtimeMs, () => 0)
    if (Date.now() - modified < TEMP_PACK_STALE_MS) return name
  }
  return null
}

interface Holder {
  line: string
  pid: number
  host: string
  mtimeMs: number
}

async function readHolder(pidFile: string): Promise<Holder | null> {
  try {
    const [text, stats] = await Promise.all([readFile(pidFile, 'utf8'), stat(pidFile)])
    const match = /^(\d+) (\S+)/.exec(text)
    if (!match) return null
    return { line: `${match[1]} ${match[2]}`, pid: Number(match[1]), host: match[2]!, mtimeMs: stats.mtimeMs }
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return null
    throw error
  }
}

/** git's test: fresh, and on another host (which cannot be checked) or a process still running here. */
function holdsIt(holder: Holder): boolean {
  if (Date.now() - holder.mtimeMs > STALE_MS) return false
  if (holder.host !== os.hostname()) return true
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (error) {
    return nodeErrorCode(error) === 'EPERM'
  }
}
