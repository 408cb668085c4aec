import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../../server/lib/logger.ts'
import { PublishSchedule } from '../../server/services/posts/publish-schedule.ts'

// The schedule's timers are the test's; its wall clock is `now`, which the test sets.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A schedule over a site whose `setToday` only notes each day it is given. */
function scheduleOn(clock: () => Date, zone = 'UTC') {
  const days: string[] = []
  const setToday = async (day: string) => {
    days.push(day)
    return { updated: [], removed: [], publishedListChanged: false }
  }
  return { days, schedule: new PublishSchedule({ content: { setToday }, zone, clock, logger: silentLogger }) }
}

describe('PublishSchedule', () => {
  it('reads the day from its clock every second, so a new day is applied within a second of the clock reaching it', async () => {
    let now = new Date('2026-03-10T23:59:59.000Z')
    const { days, schedule } = scheduleOn(() => now)
    schedule.start()
    await vi.advanceTimersByTimeAsync(999)
    expect(days).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(days).toEqual(['2026-03-10'])
    // Midnight: the next look, a second later at most, gives the new day.
    now = new Date('2026-03-11T00:00:00.000Z')
    await vi.advanceTimersByTimeAsync(999)
    expect(days).toEqual(['2026-03-10'])
    await vi.advanceTimersByTimeAsync(1)
    expect(days).toEqual(['2026-03-10', '2026-03-11'])
    schedule.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(days).toHaveLength(2)
  })

  it('gives the day in the site\'s time zone', () => {
    const { schedule } = scheduleOn(() => new Date('2026-03-10T23:30:00.000Z'), 'Europe/Berlin')
    expect(schedule.today()).toBe('2026-03-11')
  })
})
