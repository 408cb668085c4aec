import { describe, expect, it } from 'vitest'
import { SerialQueue } from '../../server/lib/serial-queue.ts'

/** A promise and the functions that settle it, for jobs that finish when the test says. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('SerialQueue', () => {
  it('runs jobs one after another, in call order, each with its own result', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    const first = deferred()
    const a = queue.run(async () => {
      log.push('a starts')
      await first.promise
      log.push('a ends')
      return 'a'
    })
    const b = queue.run(async () => (log.push('b runs'), 'b'))
    await Promise.resolve()
    expect(log).toEqual(['a starts'])
    first.resolve()
    expect(await Promise.all([a, b])).toEqual(['a', 'b'])
    expect(log).toEqual(['a starts', 'a ends', 'b runs'])
  })

  it('rejects a failed job to its caller only, and goes on with the next', async () => {
    const queue = new SerialQueue()
    const failed = queue.run(async () => {
      throw new Error('boom')
    })
    const next = queue.run(async () => 'next')
    await expect(failed).rejects.toThrow('boom')
    expect(await next).toBe('next')
  })

  it('is idle once every job queued so far has settled, failed ones included', async () => {
    const queue = new SerialQueue()
    const job = deferred()
    let settled = false
    void queue.run(() => job.promise).catch(() => {})
    const idle = queue.idle().then(() => (settled = true))
    // A turn of the event loop: every promise callback already due has run.
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    job.reject(new Error('failed'))
    await idle
    expect(settled).toBe(true)
  })
})
