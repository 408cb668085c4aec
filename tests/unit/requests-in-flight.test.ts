import { describe, expect, it } from 'vitest'
import { RequestsInFlight } from '../../server/http/requests-in-flight.ts'

const timed = async (promise: Promise<void>) => {
  const started = performance.now()
  await promise
  return performance.now() - started
}

describe('RequestsInFlight and the quick answers', () => {
  it('is quiet at once when nothing was answered', async () => {
    expect(await timed(new RequestsInFlight().quiet(1000))).toBeLessThan(5)
  })

  it('after a quick answer, is quiet once none came for a few milliseconds, and counts them', async () => {
    const traffic = new RequestsInFlight()
    traffic.quickAnswered()
    // Timed from the last answer, which the quiet moment counts from (10 ms after it), not from
    // the call to quiet: on a loaded machine a few milliseconds can pass between the two.
    const lastAnswer = performance.now()
    traffic.quickAnswered()
    await traffic.quiet(1000)
    const waited = performance.now() - lastAnswer
    expect(traffic.quickAnswers).toBe(2)
    expect(waited).toBeGreaterThanOrEqual(10)
    expect(waited).toBeLessThan(500)
  })

  it('under a stream of quick answers, gives up waiting after maxWaitMs', async () => {
    const traffic = new RequestsInFlight()
    const stream = setInterval(() => traffic.quickAnswered(), 2)
    traffic.quickAnswered()
    try {
      const waited = await timed(traffic.quiet(60))
      expect(waited).toBeGreaterThanOrEqual(55)
      expect(waited).toBeLessThan(1000)
    } finally {
      clearInterval(stream)
    }
  })
})
