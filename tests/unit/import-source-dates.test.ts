import { describe, expect, it } from 'vitest'
import { isFuture, isoDate } from '../../server/import/source-dates.ts'

describe('isoDate', () => {
  it('reads the ways sources write dates', () => {
    expect(isoDate('2019-05-01')).toBe('2019-05-01')
    expect(isoDate('2021-03-24T04:34:13.000Z')).toBe('2021-03-24T04:34:13.000Z')
    // Jekyll's form, and Hugo's with a colon in the offset.
    expect(isoDate('2016-08-01 13:49:00 +0200')).toBe('2016-08-01T13:49:00+02:00')
    expect(isoDate('2017-03-02T12:00:00-05:00')).toBe('2017-03-02T12:00:00-05:00')
    expect(isoDate('2019-05-01 09:30')).toBe('2019-05-01T09:30:00')
    // Ghost before 2.0: milliseconds since 1970.
    expect(isoDate(1426078349156)).toBe('2015-03-11T12:52:29.156Z')
    expect(isoDate(new Date(Date.UTC(2020, 1, 29)))).toBe('2020-02-29T00:00:00.000Z')
    // Astro's blog template writes a day in words, which JavaScript's Date reads there.
    expect(isoDate('Jul 08 2022')).toBe('2022-07-08')
    expect(isoDate('May 1, 2019')).toBe('2019-05-01')
    expect(isoDate('8 September 2020')).toBe('2020-09-08')
  })

  it('gives nothing for what is no date', () => {
    for (const value of ['2019-02-30', '2019-13-01', 'Someday 1, 2019', 'Feb 30 2022', '2019-05-01T25:00', '', null, undefined, {}, Number.NaN, 1e20]) {
      expect(isoDate(value)).toBe('')
    }
  })

  it('knows a date still to come', () => {
    const now = new Date('2024-06-01T12:00:00Z')
    expect(isFuture('2099-01-01', now)).toBe(true)
    expect(isFuture('2024-06-01T11:59:59Z', now)).toBe(false)
    expect(isFuture('', now)).toBe(false)
  })
})
