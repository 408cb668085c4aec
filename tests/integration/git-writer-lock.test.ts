import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NotAGitRepositoryError, RepositoryLockedError } from '../../server/lib/errors.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { createTempRepo, recordingLogger, type TempRepo } from './git-fixture.ts'

let repo: TempRepo
const opened: ContentRepository[] = []
let sleeper: ChildProcess | undefined

afterEach(async () => {
  for (const repository of opened.splice(0)) await repository.close()
  sleeper?.kill('SIGKILL')
  sleeper = undefined
  repo?.remove()
})

async function open(dir: string, logger = silentLogger): Promise<ContentRepository> {
  const repository = await ContentRepository.open({ dir, logger })
  opened.push(repository)
  return repository
}

/** The pid of a process that has exited: a lock naming it is stale. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid!
}

describe('the writer lock', () => {
  it('is taken at open, names this process, and is removed at close', async () => {
    repo = createTempRepo()
    const lockPath = repo.file('.git/watchio-writer.lock')
    const repository = await open(repo.blogDir)

    const owner = JSON.parse(readFileSync(lockPath, 'utf8'))
    expect(owner).toMatchObject({ pid: process.pid, hostname: os.hostname() })
    expect(typeof owner.startedAt).toBe('string')
    expect(repository.root).toBe(repo.dir)

    await repository.close()
    opened.length = 0
    expect(existsSync(lockPath)).toBe(false)
  })

  it('refuses a second open of the same repository while the first is open, and allows it after close', async () => {
    repo = createTempRepo()
    const first = await open(repo.blogDir)

    const second = ContentRepository.open({ dir: repo.dir, logger: silentLogger })
    await expect(second).rejects.toBeInstanceOf(RepositoryLockedError)
    await expect(second).rejects.toMatchObject({ code: 'repository_locked' })

    await first.close()
    opened.length = 0
    await open(repo.dir)
  })

  it('refuses to open while another live process holds the lock, naming its pid and the lock file', async () => {
    repo = createTempRepo()
    sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    const lockPath = repo.file('.git/watchio-writer.lock')
    writeFileSync(lockPath, JSON.stringify({ pid: sleeper.pid, hostname: os.hostname(), startedAt: '2025-01-01T00:00:00.000Z' }))

    const error = await ContentRepository.open({ dir: repo.blogDir, logger: silentLogger }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(RepositoryLockedError)
    expect((error as Error).message).toContain(String(sleeper.pid))
    expect((error as Error).message).toContain(lockPath)
    // The live process's lock is left alone.
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(sleeper.pid)
  })

  it('replaces a stale lock whose process is gone, and says so in the log', async () => {
    repo = createTempRepo()
    const pid = await deadPid()
    const lockPath = repo.file('.git/watchio-writer.lock')
    writeFileSync(lockPath, JSON.stringify({ pid, hostname: os.hostname(), startedAt: '2025-01-01T00:00:00.000Z' }))
    const logger = recordingLogger()

    await open(repo.blogDir, logger)

    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(process.pid)
    expect(logger.lines.join('\n')).toMatch(new RegExp(`stale repository lock .*pid ${pid}`))
  })

  it('replaces an unreadable lock file (a crash while it was created by hand)', async () => {
    repo = createTempRepo()
    writeFileSync(repo.file('.git/watchio-writer.lock'), '{"pid": 12')
    await open(repo.blogDir)
    expect(JSON.parse(readFileSync(repo.file('.git/watchio-writer.lock'), 'utf8')).pid).toBe(process.pid)
  })

  it('throws NotAGitRepositoryError outside a git work tree', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-not-git-'))
    try {
      await expect(ContentRepository.open({ dir, logger: silentLogger })).rejects.toMatchObject({
        code: 'not_a_repository',
        constructor: NotAGitRepositoryError,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses saves after close', async () => {
    repo = createTempRepo()
    const repository = await open(repo.blogDir)
    await repository.close()
    await expect(repository.commitFiles({ changes: [], message: 'x', author: { name: 'a', email: 'b' } })).rejects.toThrow(/closed/)
  })
})
