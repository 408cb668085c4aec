import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchFolder } from '../../server/content/watch-folder.ts'
import { waitFor } from '../support/wait-for.ts'

let dir: string
let stop: (() => void) | undefined

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watch-folder-'))
})
afterEach(async () => {
  stop?.()
  stop = undefined
  vi.useRealTimers()
  await rm(dir, { recursive: true, force: true })
})

describe('watchFolder', () => {
  it('calls back settleMs after a change, naming the file', async () => {
    const calls: (Set<string> | null)[] = []
    // The settling timer is the test's; the file system's events are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    stop = watchFolder({ dir, settleMs: 100, onChange: (names) => calls.push(names), onError: (error) => calls.push(new Set([`error: ${error.message}`])) })
    await writeFile(path.join(dir, 'a.html'), 'a')
    // The change was seen: the settling timer runs.
    await waitFor(() => vi.getTimerCount() === 1)
    await vi.advanceTimersByTimeAsync(99)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([new Set(['a.html'])])
  })
})
