import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestsInFlight } from '../../server/http/requests-in-flight.ts'

// Its clock (performance.now) and timers are the test's: time moves only when the test says.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Whether each wait has resolved, read as the test moves time on. */
function track(promise: Promise<void>): { resolved: boolean } {
  const state = { resolved: false }
  void promise.then(() => (state.resolved = true))
  return state
}

describe('RequestsInFlight and the quick answers', () => {
  it('is quiet at once when nothing was answered', async () => {
    const quiet = track(new RequestsInFlight().quiet(1000))
    await vi.advanceTimersByTimeAsync(0)
    expect(quiet.resolved).toBe(true)
  })

  it('after a quick answer, is quiet once none came for 10 ms (from the last answer), and counts them', async () => {
    const traffic = new RequestsInFlight()
    traffic.quickAnswered()
    await vi.advanceTimersByTimeAsync(4)
    traffic.quickAnswered()
    const quiet = track(traffic.quiet(1000))
    await vi.advanceTimersByTimeAsync(9)
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(quiet.resolved).toBe(true)
    expect(traffic.quickAnswers).toBe(2)
  })

  it('under a stream of quick answers, gives up waiting after maxWaitMs', async () => {
    const traffic = new RequestsInFlight()
    const stream = setInterval(() => traffic.quickAnswered(), 2)
    traffic.quickAnswered()
    try {
      const quiet = track(traffic.quiet(60))
      await vi.advanceTimersByTimeAsync(59)
      expect(quiet.resolved).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(quiet.resolved).toBe(true)
      expect(traffic.quickAnswers).toBe(31)
    } finally {
      clearInterval(stream)
    }
  })
})
