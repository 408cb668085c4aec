import { describe, expect, it } from 'vitest'
import { JobPool, PoolFullError } from '../../server/lib/job-pool.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('JobPool', () => {
  it('runs at most `concurrency` jobs at once and refuses beyond the queue bound', async () => {
    const pool = new JobPool({ concurrency: 2, maxQueued: 1 })
    const gates = [deferred(), deferred(), deferred()]
    let running = 0
    let most = 0
    const job = (gate: { promise: Promise<void> }) => async () => {
      running++
      most = Math.max(most, running)
      await gate.promise
      running--
      return 'done'
    }
    const results = gates.map((gate) => pool.run(job(gate)))
    await expect(pool.run(job(deferred()))).rejects.toBeInstanceOf(PoolFullError)
    expect(pool.load).toEqual({ running: 2, queued: 1, background: 0 })
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done'])
    expect(most).toBe(2)
    expect(pool.load).toEqual({ running: 0, queued: 0, background: 0 })
  })

  it('runs background jobs only when no request waits, and keeps a slot free for requests', async () => {
    const pool = new JobPool({ concurrency: 2, maxQueued: 4 })
    const order: string[] = []
    const gate = deferred()
    const job = (name: string) => async () => {
      order.push(name)
      await gate.promise
    }
    const all = [pool.run(job('bg1'), { background: true }), pool.run(job('bg2'), { background: true }), pool.run(job('fg1')), pool.run(job('fg2'))]
    // bg1 took one slot and bg2 waits; fg1 took the other, fg2 waits and goes before bg2.
    expect(order).toEqual(['bg1', 'fg1'])
    gate.resolve()
    await Promise.all(all)
    expect(order).toEqual(['bg1', 'fg1', 'fg2', 'bg2'])
  })

  it('a failing job rejects to its caller and frees its slot', async () => {
    const pool = new JobPool({ concurrency: 1, maxQueued: 1 })
    const failing = pool.run(async () => {
      throw new Error('boom')
    })
    const next = pool.run(async () => 'next')
    await expect(failing).rejects.toThrow('boom')
    expect(await next).toBe('next')
  })
})

describe('JobPool.dropBackground', () => {
  it('drops the waiting background jobs and leaves the others', async () => {
    const pool = new JobPool({ concurrency: 1, maxQueued: 2 })
    let release!: () => void
    const running = pool.run(() => new Promise<string>((resolve) => (release = () => resolve('ran'))))
    const waitingRequest = pool.run(async () => 'request')
    const waitingWarm = pool.run(async () => 'warm', { background: true })
    pool.dropBackground()
    await expect(waitingWarm).rejects.toBeInstanceOf(PoolFullError)
    release()
    expect(await running).toBe('ran')
    expect(await waitingRequest).toBe('request')
    expect(pool.load).toEqual({ running: 0, queued: 0, background: 0 })
  })
})

describe('JobPool promote', () => {
  it('moves a waiting background job ahead of the other background jobs', async () => {
    const pool = new JobPool({ concurrency: 1, maxQueued: 2 })
    const order: string[] = []
    let release!: () => void
    const first = pool.run(() => new Promise<void>((resolve) => (release = resolve)))
    let promoteSecond!: () => void
    const jobs = [
      pool.run(async () => void order.push('warm 1'), { background: true }),
      pool.run(async () => void order.push('warm 2'), { background: true, promote: (promote) => (promoteSecond = promote) }),
    ]
    promoteSecond()
    expect(pool.load).toEqual({ running: 1, queued: 1, background: 1 })
    release()
    await Promise.all([first, ...jobs])
    expect(order).toEqual(['warm 2', 'warm 1'])
  })
})
