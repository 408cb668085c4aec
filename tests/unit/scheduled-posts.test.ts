import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayIn, isLive, isScheduled, isTimeZone } from '../../core/site-day.ts'
import type { Post } from '../../core/post.ts'
import { PostIndex } from '../../server/content/post-index.ts'

let nextId = 1
function post(slug: string, publishDate: string, isPublished = true): Post {
  return { id: `id${nextId++}`, title: slug, slug, summary: 's', publishDate, isPublished, featuredImageUrl: '', content: `<p>${slug}</p>` }
}

describe('the site\'s day (core/site-day.ts)', () => {
  it('is the calendar day in the zone, changing at its midnight', () => {
    expect(dayIn('UTC', new Date('2026-03-10T23:59:59Z'))).toBe('2026-03-10')
    expect(dayIn('UTC', new Date('2026-03-11T00:00:00Z'))).toBe('2026-03-11')
    // Auckland is UTC+13 in March (daylight time), Los Angeles UTC-7 (since 8 March 2026).
    expect(dayIn('Pacific/Auckland', new Date('2026-03-10T10:59:59Z'))).toBe('2026-03-10')
    expect(dayIn('Pacific/Auckland', new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-11')
    expect(dayIn('America/Los_Angeles', new Date('2026-03-11T06:59:59Z'))).toBe('2026-03-10')
    expect(dayIn('America/Los_Angeles', new Date('2026-03-11T07:00:00Z'))).toBe('2026-03-11')
  })

  it('knows IANA zone names, and nothing else', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) expect(isTimeZone(zone), zone).toBe(true)
    for (const zone of ['Mars/Olympus', 'GMT+25', '', 'Europe/Berlin; rm -rf /']) expect(isTimeZone(zone), zone).toBe(false)
  })

  it('calls a published post dated after today scheduled, and one dated today or before live; drafts are neither', () => {
    expect(isScheduled({ isPublished: true, publishDate: '2026-03-11' }, '2026-03-10')).toBe(true)
    expect(isLive({ isPublished: true, publishDate: '2026-03-10' }, '2026-03-10')).toBe(true)
    expect(isScheduled({ isPublished: false, publishDate: '2026-03-11' }, '2026-03-10')).toBe(false)
    expect(isLive({ isPublished: false, publishDate: '2026-03-01' }, '2026-03-10')).toBe(false)
  })
})

describe('PostIndex on a day', () => {
  it('leaves scheduled posts out of every public view until setToday reaches their day', () => {
    const index = new PostIndex({ today: '2026-03-10' })
    for (const p of [post('past', '2026-03-01'), post('today', '2026-03-10'), post('soon', '2026-03-11'), post('later', '2026-04-01'), post('draft', '2026-03-05', false)]) index.upsert(p)
    expect(index.list().map((summary) => summary.slug)).toEqual(['today', 'past'])
    expect(index.get('soon')).toBeUndefined()
    const digest = index.publishedUrlsDigest()
    const revision = index.revision

    expect(index.setToday('2026-03-10')).toEqual([])
    expect(index.revision).toBe(revision)
    expect(index.setToday('2026-03-11')).toEqual(['soon'])
    expect(index.list().map((summary) => summary.slug)).toEqual(['soon', 'today', 'past'])
    expect(index.get('soon')?.content).toBe('<p>soon</p>')
    expect(index.publishedUrlsDigest()).not.toBe(digest)
    expect(index.revision).toBe(revision + 1)

    // Weeks later in one step (a server that slept), then the clock set back.
    expect(index.setToday('2026-05-01')).toEqual(['later'])
    expect(index.setToday('2026-03-10')).toEqual(expect.arrayContaining(['soon', 'later']))
    expect(index.list().map((summary) => summary.slug)).toEqual(['today', 'past'])
    expect(index.publishedUrlsDigest()).toBe(digest)
  })

  it('keeps the list and its digest exactly as a fresh index on that day would have them, whatever the steps', () => {
    const dates = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...dates), fc.boolean()), { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom(...dates), { maxLength: 6 }),
        (posts, days) => {
          const made = posts.map(([date, published], i) => post(`p${i}`, date, published))
          const index = new PostIndex({ today: '2026-01-03' })
          for (const p of made) index.upsert(p)
          index.list()
          for (const day of days) index.setToday(day)
          const fresh = new PostIndex({ today: index.today })
          for (const p of made) fresh.upsert(p)
          expect(index.list()).toEqual(fresh.list())
          expect(index.publishedUrlsDigest()).toBe(fresh.publishedUrlsDigest())
        },
      ),
    )
  })
})
