import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type SyncReason, SyncSchedule } from '../../server/services/sync/content-sync-schedule.ts'

// The schedule's timers are the test's: an interval passes when the test says so.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A schedule whose runs succeed at once, noting why each was asked for. */
function scheduleEvery(intervalMs: number) {
  const reasons: SyncReason[] = []
  let runs = 0
  const schedule = new SyncSchedule({ run: async () => void runs++, onRequest: (reason) => reasons.push(reason), onSuccess() {}, onFailure() {}, intervalMs })
  return { schedule, reasons, runs: () => runs }
}

describe('SyncSchedule', () => {
  it('runs at start, then once every interval: a push to the remote is fetched within one interval', async () => {
    const { schedule, reasons, runs } = scheduleEvery(1000)
    schedule.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(reasons).toEqual(['start'])
    expect(runs()).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(runs()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(reasons).toEqual(['start', 'interval'])
    expect(runs()).toBe(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs()).toBe(3)
    schedule.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs()).toBe(3)
  })

  it('does not poll with an interval of 0: only the start and what asks for a run', async () => {
    const { schedule, reasons } = scheduleEvery(0)
    schedule.start()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    schedule.request('webhook')
    await vi.advanceTimersByTimeAsync(0)
    expect(reasons).toEqual(['start', 'webhook'])
    schedule.stop()
  })
})

describe('SyncSchedule: a request as a run ends', () => {
  /** Resolves after `depth` turns of the microtask queue. */
  async function turns(depth: number): Promise<void> {
    for (let i = 0; i < depth; i++) await Promise.resolve()
  }

  it('is never lost, however few microtasks after the run it comes (a commit announced as the run returns)', async () => {
    for (let depth = 0; depth <= 12; depth++) {
      let runs = 0
      let schedule: SyncSchedule | null = null
      schedule = new SyncSchedule({
        // The first run, as it returns, lets another chain ask for a run `depth` microtasks later.
        run: async () => {
          runs++
          if (runs === 1) void turns(depth).then(() => schedule!.request('save'))
        },
        onRequest() {},
        onSuccess() {},
        onFailure() {},
        intervalMs: 0,
      })
      schedule.request('start')
      await vi.advanceTimersByTimeAsync(0)
      await schedule.idle()
      await vi.advanceTimersByTimeAsync(0)
      await schedule.idle()
      expect(runs, `a request ${depth} microtasks after the run`).toBe(2)
      schedule.stop()
    }
  })
})
