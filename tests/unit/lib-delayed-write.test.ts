import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DelayedWrite } from '../../server/lib/delayed-write.ts'

/** A promise and the functions that settle it, for writes that finish when the test says. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

/** A record (a counter) and what each write saved of it. */
function recordWithWrites(options: { delayMs?: number; write?: (value: number) => Promise<void> } = {}) {
  const state = { value: 0, written: [] as number[], errors: [] as unknown[] }
  const persist = new DelayedWrite({
    delayMs: options.delayMs ?? 1000,
    write: async () => {
      const value = state.value
      await options.write?.(value)
      state.written.push(value)
    },
    onError: (error) => state.errors.push(error),
  })
  const change = () => {
    state.value++
    persist.changed()
  }
  return { state, persist, change }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('DelayedWrite', () => {
  it('writes once, delayMs after the first change, with every change made meanwhile', async () => {
    const { state, persist, change } = recordWithWrites()
    change()
    await vi.advanceTimersByTimeAsync(600)
    change()
    change()
    expect(persist.pending).toBe(true)
    await vi.advanceTimersByTimeAsync(399)
    expect(state.written).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(state.written).toEqual([3])
    expect(persist.pending).toBe(false)
    // Nothing changed since: no more writes.
    await vi.advanceTimersByTimeAsync(5000)
    expect(state.written).toEqual([3])
  })

  it('starts a new delay with the first change after a write', async () => {
    const { state, change } = recordWithWrites()
    change()
    await vi.advanceTimersByTimeAsync(1000)
    change()
    await vi.advanceTimersByTimeAsync(999)
    expect(state.written).toEqual([1])
    await vi.advanceTimersByTimeAsync(1)
    expect(state.written).toEqual([1, 2])
  })

  it('flush writes a pending change at once, and nothing when none is pending', async () => {
    const { state, persist, change } = recordWithWrites()
    await persist.flush()
    expect(state.written).toEqual([])
    change()
    await persist.flush()
    expect(state.written).toEqual([1])
    // The timer of that change was cancelled.
    await vi.advanceTimersByTimeAsync(5000)
    expect(state.written).toEqual([1])
  })

  it('runs writes one at a time: a change during a write is written after it, and flush waits for both', async () => {
    const first = deferred()
    let running = 0
    let most = 0
    const { state, persist, change } = recordWithWrites({
      write: async (value) => {
        most = Math.max(most, ++running)
        if (value === 1) await first.promise
        running--
      },
    })
    change()
    await vi.advanceTimersByTimeAsync(1000)
    change()
    const flushed = persist.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(state.written).toEqual([])
    first.resolve()
    await flushed
    expect(state.written).toEqual([1, 2])
    expect(most).toBe(1)
  })

  it('keeps a failed change pending, tells onError, and writes it with the next flush', async () => {
    let fail = true
    const { state, persist, change } = recordWithWrites({
      write: async () => {
        if (fail) throw new Error('disk full')
      },
    })
    change()
    await vi.advanceTimersByTimeAsync(1000)
    expect(state.written).toEqual([])
    expect(state.errors).toEqual([new Error('disk full')])
    expect(persist.pending).toBe(true)
    fail = false
    await persist.flush()
    expect(state.written).toEqual([1])
  })

  it('writes for the last time at close: later changes stay in memory', async () => {
    const { state, persist, change } = recordWithWrites()
    change()
    await persist.close()
    expect(state.written).toEqual([1])
    change()
    expect(persist.pending).toBe(false)
    await vi.advanceTimersByTimeAsync(5000)
    await persist.flush()
    expect(state.written).toEqual([1])
  })

  it('does not keep the process alive while a write waits', () => {
    const { persist } = recordWithWrites()
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    persist.changed()
    const timer = setTimeoutSpy.mock.results[0]!.value as NodeJS.Timeout
    expect(timer.hasRef()).toBe(false)
  })
})
