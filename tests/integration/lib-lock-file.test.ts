import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isProcessAlive, LockFile, LockHeldError, type LockHolder } from '../../server/lib/lock-file.ts'
import { waitFor } from '../support/wait-for.ts'

let dir: string
let lockPath: string
let sleeper: ChildProcess | undefined

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-lock-file-'))
  lockPath = path.join(dir, 'x.lock')
})

afterEach(async () => {
  sleeper?.kill('SIGKILL')
  sleeper = undefined
  await rm(dir, { recursive: true, force: true })
})

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid!
}

function livePid(): number {
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
  return sleeper.pid!
}

async function writeHolder(holder: LockHolder): Promise<void> {
  await writeFile(lockPath, JSON.stringify(holder))
}

async function holderOnDisk(): Promise<LockHolder> {
  return JSON.parse(await readFile(lockPath, 'utf8')) as LockHolder
}

describe('LockFile', () => {
  it('is created naming this process, with the mode asked for and no temp file left, and removed at release', async () => {
    const lock = await LockFile.acquire(lockPath, { mode: 0o600 })
    expect(await holderOnDisk()).toEqual(lock.holder)
    expect(lock.holder).toMatchObject({ pid: process.pid, hostname: hostname() })
    expect((await stat(lockPath)).mode & 0o777).toBe(0o600)
    expect(await readdir(dir)).toEqual(['x.lock'])
    await lock.release()
    expect(await readdir(dir)).toEqual([])
  })

  it('is refused while held in this process, and taken once released', async () => {
    const first = await LockFile.acquire(lockPath)
    const error = await LockFile.acquire(lockPath).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LockHeldError)
    expect((error as LockHeldError).holder).toEqual(first.holder)
    await first.release()
    const second = await LockFile.acquire(lockPath)
    await second.release()
  })

  it('is refused while a live process holds it, naming that process, and left alone', async () => {
    const holder = { pid: livePid(), hostname: hostname(), startedAt: '2025-01-01T00:00:00.000Z' }
    await writeHolder(holder)
    const error = await LockFile.acquire(lockPath).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LockHeldError)
    expect((error as Error).message).toContain(`pid ${holder.pid}`)
    expect(await holderOnDisk()).toEqual(holder)
  })

  it('waits for a holder in this process to let go, when asked to wait, looking again on its timer', async () => {
    const first = await LockFile.acquire(lockPath)
    // Its clock and timers are the test's: it looks again only when the test moves time on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const order: string[] = []
      const second = LockFile.acquire(lockPath, { waitMs: 5_000 }).then((lock) => (order.push('second'), lock))
      // It found the lock held, and waits on its timer to look again.
      await waitFor(() => vi.getTimerCount() === 1)
      await vi.advanceTimersToNextTimerAsync()
      // It looked again, found it still held, and waits again.
      await waitFor(() => vi.getTimerCount() === 1)
      expect(order).toEqual([])
      order.push('first released')
      await first.release()
      await vi.advanceTimersToNextTimerAsync()
      await (await second).release()
      expect(order).toEqual(['first released', 'second'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes over a lock whose process is gone, and says whose it was', async () => {
    const stale = { pid: await deadPid(), hostname: hostname(), startedAt: '2025-01-01T00:00:00.000Z' }
    await writeHolder(stale)
    const takenOver: (LockHolder | null)[] = []
    const lock = await LockFile.acquire(lockPath, { onTakeOver: (previous) => takenOver.push(previous) })
    expect(takenOver).toEqual([stale])
    expect((await holderOnDisk()).pid).toBe(process.pid)
    await lock.release()
  })

  it('takes over an unreadable lock, and one naming this pid from before this process started', async () => {
    await writeFile(lockPath, '{"pid": 12')
    const takenOver: (LockHolder | null)[] = []
    const onTakeOver = (previous: LockHolder | null) => takenOver.push(previous)
    await (await LockFile.acquire(lockPath, { onTakeOver })).release()
    const earlier = { pid: process.pid, hostname: hostname(), startedAt: '2025-01-01T00:00:00.000Z' }
    await writeHolder(earlier)
    await (await LockFile.acquire(lockPath, { onTakeOver })).release()
    expect(takenOver).toEqual([null, earlier])
  })

  it('treats a holder on another host as live, unless told otherwise', async () => {
    const elsewhere = { pid: 1, hostname: `not-${hostname()}`, startedAt: '2025-01-01T00:00:00.000Z' }
    await writeHolder(elsewhere)
    await expect(LockFile.acquire(lockPath)).rejects.toBeInstanceOf(LockHeldError)
    await (await LockFile.acquire(lockPath, { otherHosts: 'stale' })).release()
  })

  it('takes over a lock older than maxAgeMs, even when its holder is alive', async () => {
    await writeHolder({ pid: livePid(), hostname: hostname(), startedAt: '2025-01-01T00:00:00.000Z' })
    await expect(LockFile.acquire(lockPath, { maxAgeMs: 10_000 })).rejects.toBeInstanceOf(LockHeldError)
    const old = new Date(Date.now() - 60_000)
    await utimes(lockPath, old, old)
    const lock = await LockFile.acquire(lockPath, { maxAgeMs: 10_000 })
    expect((await holderOnDisk()).pid).toBe(process.pid)
    await lock.release()
  })

  it('leaves at release a lock another process has put in its place', async () => {
    const lock = await LockFile.acquire(lockPath)
    const other = { pid: livePid(), hostname: hostname(), startedAt: new Date().toISOString() }
    await writeHolder(other)
    await lock.release()
    expect(await holderOnDisk()).toEqual(other)
  })
})

describe('isProcessAlive', () => {
  it('tells a live process from a gone one', async () => {
    expect(isProcessAlive(process.pid)).toBe(true)
    expect(isProcessAlive(await deadPid())).toBe(false)
    expect(isProcessAlive(0)).toBe(false)
    expect(isProcessAlive(-1)).toBe(false)
  })
})
