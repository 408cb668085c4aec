import { describe, expect, it } from 'vitest'
import { hasBodyOfItsOwn } from '../../server/import/import-plan.ts'

/** What decides whether a post whose old site rendered some of its blocks is published or a draft. */
describe('hasBodyOfItsOwn', () => {
  const paragraph = '<p>We moved the servers to a new region last week, and playback now starts about a second sooner for most of our viewers in Europe.</p>'

  it('is a real post: one paragraph of its own beside a list its old site rendered', () => {
    expect(hasBodyOfItsOwn(`<h2>News</h2>\n${paragraph}`)).toBe(true)
  })

  it('is media of its own, whatever its words', () => {
    expect(hasBodyOfItsOwn('<h2>Look</h2>\n<figure><img src="/media/2025/a-0123456789-10x10.png" alt=""></figure>')).toBe(true)
  })

  it('is not headings over a note or two: a showcase of blocks its old site rendered', () => {
    expect(hasBodyOfItsOwn('<h2>Oldest to newest:</h2>\n<h2>A to Z</h2>\n<p>Note: there is a spacer block above.</p>\n<hr>')).toBe(false)
    expect(hasBodyOfItsOwn('')).toBe(false)
  })
})
