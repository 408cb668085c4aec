import { describe, expect, it } from 'vitest'
import { InFlight } from '../../server/lib/in-flight.ts'

/** A promise and the functions that settle it, for computations that finish when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('InFlight', () => {
  it('gives callers of a running key the same promise, and computes it once', async () => {
    const running = new InFlight<string, number>()
    const result = deferred<number>()
    let computed = 0
    const compute = () => (computed++, result.promise)
    const first = running.share('a', compute)
    const second = running.share('a', compute)
    expect(second).toBe(first)
    expect(computed).toBe(1)
    expect(running.has('a')).toBe(true)
    result.resolve(42)
    expect(await Promise.all([first, second])).toEqual([42, 42])
  })

  it('computes different keys separately', async () => {
    const running = new InFlight<string, string>()
    const a = running.share('a', async () => 'A')
    const b = running.share('b', async () => 'B')
    expect(running.size).toBe(2)
    expect(await Promise.all([a, b])).toEqual(['A', 'B'])
  })

  it('forgets a key once it settles: the next caller computes again', async () => {
    const running = new InFlight<string, number>()
    let computed = 0
    expect(await running.share('a', async () => ++computed)).toBe(1)
    expect(running.has('a')).toBe(false)
    expect(await running.share('a', async () => ++computed)).toBe(2)
  })

  it('shares a failure with the callers who waited, but not with later ones', async () => {
    const running = new InFlight<string, number>()
    const result = deferred<number>()
    const first = running.share('a', () => result.promise)
    const second = running.share('a', async () => 0)
    result.reject(new Error('no such commit'))
    await expect(first).rejects.toThrow('no such commit')
    await expect(second).rejects.toThrow('no such commit')
    expect(running.size).toBe(0)
    expect(await running.share('a', async () => 7)).toBe(7)
  })

  it('turns a compute that throws at once into a rejection, and keeps nothing of it', async () => {
    const running = new InFlight<string, number>()
    const failed = running.share('a', () => {
      throw new Error('bad key')
    })
    await expect(failed).rejects.toThrow('bad key')
    expect(running.has('a')).toBe(false)
  })

  it('settled() waits for every computation running now, failed ones included', async () => {
    const running = new InFlight<string, number>()
    const slow = deferred<number>()
    const failing = deferred<number>()
    void running.share('slow', () => slow.promise)
    void running.share('failing', () => failing.promise).catch(() => {})
    let done = false
    const settled = running.settled().then(() => (done = true))
    failing.reject(new Error('x'))
    // A turn of the event loop: every promise callback the rejection set off has run.
    await new Promise((resolve) => setImmediate(resolve))
    expect(done).toBe(false)
    slow.resolve(1)
    await settled
    expect(done).toBe(true)
  })
})
