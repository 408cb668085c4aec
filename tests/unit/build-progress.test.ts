import { describe, expect, it } from 'vitest'
import { createProgress, describe as describeProgress } from '../../server/build/progress.ts'

/** An output that records what is written, with a clock the test moves. */
function recorder(isTTY: boolean) {
  const writes: string[] = []
  let now = 0
  return { out: { isTTY, write: (text: string) => writes.push(text) }, writes, now: () => now, advance: (ms: number) => (now += ms) }
}

describe('build progress', () => {
  it('says how many pages are done, of how many, and about how long is left', () => {
    expect(describeProgress(4120, 10000, 4120)).toBe('Rendering pages: 4,120 / 10,000 (41 %), about 6 s left')
    expect(describeProgress(10000, 10000, 9000)).toBe('Rendering pages: 10,000 / 10,000 (100 %)')
  })

  it('rewrites one line in a terminal, at most every 100 ms, and clears it at the end', () => {
    const r = recorder(true)
    const progress = createProgress({ total: 1000, out: r.out, now: r.now })
    progress.update(1)
    r.advance(50)
    progress.update(2) // too soon
    r.advance(60)
    progress.update(3)
    expect(r.writes).toHaveLength(2)
    expect(r.writes.every((line) => line.startsWith('\r') && !line.includes('\n'))).toBe(true)
    progress.finish()
    expect(r.writes.at(-1)).toBe('\r\x1b[K')
  })

  it('prints plain lines elsewhere: every 10 % and no more than one in 2 s', () => {
    const r = recorder(false)
    const progress = createProgress({ total: 1000, out: r.out, now: r.now })
    for (let done = 1; done <= 1000; done++) {
      r.advance(5) // 5 s in all
      progress.update(done)
    }
    progress.finish()
    expect(r.writes.length).toBeGreaterThanOrEqual(2)
    expect(r.writes.length).toBeLessThanOrEqual(3)
    expect(r.writes.every((line) => line.endsWith('\n') && !line.includes('\r') && !line.includes('\x1b'))).toBe(true)
  })

  it('stays silent for a small site', () => {
    const r = recorder(true)
    const progress = createProgress({ total: 30, out: r.out, now: r.now })
    for (let done = 1; done <= 30; done++) progress.update(done)
    progress.finish()
    expect(r.writes).toEqual([])
  })
})
