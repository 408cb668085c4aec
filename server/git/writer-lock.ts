import { hostname } from 'node:os'
import path from 'node:path'
import { link, readFile, unlink, writeFile } from 'node:fs/promises'
import { RepositoryLockedError } from '../lib/errors.ts'
import type { Logger } from '../lib/logger.ts'
import { isProcessAlive, tempNameFor } from '../lib/atomic-write.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/**
 * `.git/watchio-writer.lock`: the server is the repository's only writer, because its serial
 * queue is what keeps isomorphic-git's commits from racing, and a queue only covers one process.
 *
 * The file names its owner (pid, host, start time). A lock whose owner is gone (a crash, a
 * `kill -9`) is stale and replaced. A pid is only checked on this host; a lock left by another
 * host (typically a previous container, whose hostname changes on every start) cannot be
 * checked, and is replaced too. A lock naming this very process is stale as well: in a container
 * the server is pid 1 at every start. A second open in this process is caught by `heldHere`.
 */
export interface LockOwner {
  pid: number
  hostname: string
  startedAt: string
}

/** Lock files this process holds, so that opening the same repository twice here fails too. */
const heldHere = new Set<string>()

/** Attempts at replacing a stale lock before giving up (another process may be doing the same). */
const ATTEMPTS = 3

export class WriterLock {
  private constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {}

  static async acquire(options: { lockPath: string; tempDir: string; logger: Logger }): Promise<WriterLock> {
    const { lockPath, tempDir, logger } = options
    const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }
    if (heldHere.has(lockPath)) throw new RepositoryLockedError(lockPath, owner)
    heldHere.add(lockPath)
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (await createLockFile(lockPath, owner, tempDir)) return new WriterLock(lockPath, owner)
        const existing = await readLockFile(lockPath)
        if (existing === 'missing') continue
        if (existing !== 'unreadable' && isLiveElsewhere(existing)) throw new RepositoryLockedError(lockPath, existing)
        const who = existing === 'unreadable' ? 'an unreadable owner' : `pid ${existing.pid} on ${existing.hostname}`
        logger.warn(`Replacing the stale repository lock ${lockPath} (left by ${who})`)
        await unlink(lockPath).catch((error: unknown) => {
          if (nodeErrorCode(error) !== 'ENOENT') throw error
        })
      }
      const existing = await readLockFile(lockPath)
      throw new RepositoryLockedError(lockPath, typeof existing === 'object' ? existing : unknownOwner)
    } catch (error) {
      heldHere.delete(lockPath)
      throw error
    }
  }

  /** Removes the lock file, unless someone replaced it meanwhile (then it is theirs). */
  async release(): Promise<void> {
    try {
      const existing = await readLockFile(this.lockPath)
      if (typeof existing === 'object' && existing.pid === this.owner.pid && existing.startedAt === this.owner.startedAt) {
        await unlink(this.lockPath).catch((error: unknown) => {
          if (nodeErrorCode(error) !== 'ENOENT') throw error
        })
      }
    } finally {
      heldHere.delete(this.lockPath)
    }
  }
}

const unknownOwner: LockOwner = { pid: 0, hostname: 'unknown', startedAt: 'unknown' }

function isLiveElsewhere(owner: LockOwner): boolean {
  return owner.hostname === hostname() && owner.pid !== process.pid && isProcessAlive(owner.pid)
}

/**
 * Creates the lock file only if it does not exist. It is written in full under a temp name and
 * then hard-linked into place: link() fails if the name exists, like open(..., 'wx'), but another
 * process never sees the file half-written. Filesystems without hard links get a plain 'wx' write.
 */
async function createLockFile(lockPath: string, owner: LockOwner, tempDir: string): Promise<boolean> {
  const text = JSON.stringify(owner) + '\n'
  const temp = path.join(tempDir, tempNameFor(path.basename(lockPath)))
  await writeFile(temp, text, { flag: 'wx' })
  try {
    await link(temp, lockPath)
    return true
  } catch (error) {
    if (nodeErrorCode(error) === 'EEXIST') return false
    if (nodeErrorCode(error) !== 'EPERM' && nodeErrorCode(error) !== 'ENOTSUP') throw error
    try {
      await writeFile(lockPath, text, { flag: 'wx' })
      return true
    } catch (fallbackError) {
      if (nodeErrorCode(fallbackError) === 'EEXIST') return false
      throw fallbackError
    }
  } finally {
    await unlink(temp).catch(() => {})
  }
}

async function readLockFile(lockPath: string): Promise<LockOwner | 'missing' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(lockPath, 'utf8')
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return 'missing'
    throw error
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner>
    if (typeof value.pid === 'number' && typeof value.hostname === 'string' && typeof value.startedAt === 'string') {
      return { pid: value.pid, hostname: value.hostname, startedAt: value.startedAt }
    }
  } catch {
    // Unparseable: the same as a lock with no owner.
  }
  return 'unreadable'
}
