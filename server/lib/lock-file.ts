import { hostname } from 'node:os'
import path from 'node:path'
import { link, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { nodeErrorCode } from './node-error-code.ts'
import { tempNameFor } from './temp-names.ts'

/*
 * A lock file between processes: it exists while its holder holds it and names that holder
 * (pid, host, start time), so a lock left by a process that died (a crash, a `kill -9`) is
 * told apart from a held one and taken over. Two users: the repository's writer lock
 * (git/writer-lock.ts, held as long as the server runs) and the accounts file's lock
 * (accounts/account-store.ts, held for one read-modify-write, shared with `npm run admin`).
 *
 * The file is written in full under a temp name, then hard-linked into place: link() fails when
 * the name exists, like open(O_EXCL), but nobody ever reads a half-written holder. Filesystems
 * without hard links get a plain O_EXCL write.
 *
 * A pid can only be checked on this host. A lock naming this very pid but older than this process
 * was left by an earlier process with the same pid (in a container the server is pid 1 at every
 * start): it is stale. One made by this process is held (or being released) here.
 *
 * Two processes may find the same lock stale at once: each reads it again just before removing it,
 * so that one does not remove the lock the other has just created in its place (what is left is
 * the instant between that read and the unlink).
 */

export interface LockHolder {
  pid: number
  hostname: string
  startedAt: string
}

export interface LockFileOptions {
  /** Where the temp file is written before the link; on the lock's filesystem. Defaults to its folder. */
  tempDir?: string
  /** Mode of the lock file, narrowed by the umask. */
  mode?: number
  /** How long to keep trying while a live holder has the lock. Default: give up at once. */
  waitMs?: number
  /** A lock older than this is stale whoever holds it: for locks held for one short write. */
  maxAgeMs?: number
  /**
   * What a holder on another host is, since its pid cannot be checked: 'live' (the default,
   * until `maxAgeMs`) or 'stale' (the writer lock: a previous container had another hostname).
   */
  otherHosts?: 'live' | 'stale'
  /** Told before a stale lock is replaced; null when the file named no holder. */
  onTakeOver?: (previous: LockHolder | null) => void
}

/** Thrown when a live holder keeps the lock past `waitMs`. */
export class LockHeldError extends Error {
  readonly lockPath: string
  /** Null when the file was gone or unreadable at the last look. */
  readonly holder: LockHolder | null

  constructor(lockPath: string, holder: LockHolder | null) {
    super(`${lockPath} is held by another process (pid ${holder?.pid ?? '?'}); try again`)
    this.lockPath = lockPath
    this.holder = holder
  }
}

/** When this process started, in milliseconds like `startedAt` (uptime is the process's, in any thread). */
const PROCESS_STARTED_AT = Date.now() - Math.ceil(process.uptime() * 1000)

/** Attempts at replacing a stale lock, or at creating one that was released meanwhile, before giving up. */
const ATTEMPTS = 3
const POLL_MS = 25

export class LockFile {
  readonly path: string
  readonly holder: LockHolder

  /** Use `LockFile.acquire`. */
  private constructor(lockPath: string, holder: LockHolder) {
    this.path = lockPath
    this.holder = holder
  }

  /** Creates the lock file, taking over a stale one; throws LockHeldError when it is held. */
  static async acquire(lockPath: string, options: LockFileOptions = {}): Promise<LockFile> {
    const holder: LockHolder = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }
    const deadline = Date.now() + (options.waitMs ?? 0)
    for (let attempt = 1; ; attempt++) {
      if (await createLockFile(lockPath, holder, options)) return new LockFile(lockPath, holder)
      const found = await readHolder(lockPath)
      const stale = found !== 'missing' && (await isStale(lockPath, found, options))
      if (found === 'missing' || stale) {
        if (attempt < ATTEMPTS || Date.now() < deadline) {
          if (stale) await removeStaleLock(lockPath, found, options)
          continue
        }
      } else if (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        continue
      }
      throw new LockHeldError(lockPath, typeof found === 'object' ? found : null)
    }
  }

  /** Removes the lock file, unless a process that found it stale replaced it meanwhile (then it is theirs). */
  async release(): Promise<void> {
    if (sameHolder(await readHolder(this.path), this.holder)) await removeLockFile(this.path)
  }
}

/** Signal 0 checks existence only; EPERM means it exists but belongs to another user. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return nodeErrorCode(error) === 'EPERM'
  }
}

async function isStale(lockPath: string, found: LockHolder | 'unreadable', options: LockFileOptions): Promise<boolean> {
  // Always written whole (see the opening comment): an unparseable one was damaged by hand.
  if (found === 'unreadable') return true
  if (options.maxAgeMs !== undefined && (await lockAge(lockPath)) > options.maxAgeMs) return true
  if (found.hostname !== hostname()) return options.otherHosts === 'stale'
  if (found.pid === process.pid) return !(Date.parse(found.startedAt) >= PROCESS_STARTED_AT)
  return !isProcessAlive(found.pid)
}

/** Answers false when the lock file exists already. */
async function createLockFile(lockPath: string, holder: LockHolder, options: LockFileOptions): Promise<boolean> {
  const text = JSON.stringify(holder) + '\n'
  const temp = path.join(options.tempDir ?? path.dirname(lockPath), tempNameFor(path.basename(lockPath)))
  await writeFile(temp, text, { flag: 'wx', mode: options.mode })
  try {
    await link(temp, lockPath)
    return true
  } catch (error) {
    if (nodeErrorCode(error) === 'EEXIST') return false
    if (nodeErrorCode(error) !== 'EPERM' && nodeErrorCode(error) !== 'ENOTSUP') throw error
    try {
      await writeFile(lockPath, text, { flag: 'wx', mode: options.mode })
      return true
    } catch (fallbackError) {
      if (nodeErrorCode(fallbackError) === 'EEXIST') return false
      throw fallbackError
    }
  } finally {
    await unlink(temp).catch(() => {})
  }
}

async function readHolder(lockPath: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(lockPath, 'utf8')
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return 'missing'
    throw error
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (typeof value.pid === 'number' && typeof value.hostname === 'string' && typeof value.startedAt === 'string') {
      return { pid: value.pid, hostname: value.hostname, startedAt: value.startedAt }
    }
  } catch {
    // Unparseable: the same as a lock with no holder.
  }
  return 'unreadable'
}

/** Milliseconds since the lock file was written; 0 when it is gone (it is not stale then). */
async function lockAge(lockPath: string): Promise<number> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs
  } catch {
    return 0
  }
}

async function removeStaleLock(lockPath: string, stale: LockHolder | 'unreadable', options: LockFileOptions): Promise<void> {
  if (!sameHolder(await readHolder(lockPath), stale)) return
  options.onTakeOver?.(stale === 'unreadable' ? null : stale)
  await removeLockFile(lockPath)
}

function sameHolder(a: LockHolder | 'missing' | 'unreadable', b: LockHolder | 'unreadable'): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b
  return a.pid === b.pid && a.hostname === b.hostname && a.startedAt === b.startedAt
}

async function removeLockFile(lockPath: string): Promise<void> {
  await unlink(lockPath).catch((error: unknown) => {
    if (nodeErrorCode(error) !== 'ENOENT') throw error
  })
}
