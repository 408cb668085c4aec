import { RepositoryLockedError } from '../lib/errors.ts'
import { LockFile, LockHeldError, type LockHolder } from '../lib/lock-file.ts'
import type { Logger } from '../lib/logger.ts'

/*
 * `.git/watchio-writer.lock`: the server is the repository's only writer, because its serial
 * queue is what keeps isomorphic-git's commits from racing, and a queue only covers one process.
 *
 * The lock file itself (creation, its holder, telling a stale one) is lib/lock-file.ts; the
 * policy is here. It is held as long as the repository is open, so a live holder is never
 * waited for: opening fails with RepositoryLockedError. A lock whose holder is gone (a crash, a
 * `kill -9`) is replaced, and the log says so. A lock left by another host (typically a previous
 * container, whose hostname changes on every start) cannot be checked, and is replaced too.
 */
export interface WriterLockOptions {
  lockPath: string
  /** The repository's temp folder, where the lock is written before it is linked into place. */
  tempDir: string
  logger: Logger
}

const unknownHolder: LockHolder = { pid: 0, hostname: 'unknown', startedAt: 'unknown' }

export class WriterLock {
  readonly #lock: LockFile

  private constructor(lock: LockFile) {
    this.#lock = lock
  }

  static async acquire(options: WriterLockOptions): Promise<WriterLock> {
    const { lockPath, tempDir, logger } = options
    try {
      const lock = await LockFile.acquire(lockPath, {
        tempDir,
        otherHosts: 'stale',
        onTakeOver: (previous) => {
          const who = previous ? `pid ${previous.pid} on ${previous.hostname}` : 'an unreadable owner'
          logger.warn(`Replacing the stale repository lock ${lockPath} (left by ${who})`)
        },
      })
      return new WriterLock(lock)
    } catch (error) {
      if (error instanceof LockHeldError) throw new RepositoryLockedError(lockPath, error.holder ?? unknownHolder)
      throw error
    }
  }

  /** Removes the lock file, unless someone replaced it meanwhile (then it is theirs). */
  release(): Promise<void> {
    return this.#lock.release()
  }
}
