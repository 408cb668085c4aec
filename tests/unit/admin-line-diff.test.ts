import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffLines } from '../../pages/admin/blog/line-diff.ts'

describe('diffLines', () => {
  it('marks kept, removed and added lines in order', () => {
    expect(diffLines(['<h2>A</h2>', '<p>old</p>', '<p>same</p>'], ['<h2>A</h2>', '<p>new</p>', '<p>same</p>'])).toEqual([
      { kind: 'same', text: '<h2>A</h2>' },
      { kind: 'removed', text: '<p>old</p>' },
      { kind: 'added', text: '<p>new</p>' },
      { kind: 'same', text: '<p>same</p>' },
    ])
  })

  it('always rebuilds both versions and keeps a longest common part', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 })
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = diffLines(before, after)
        expect(diff.filter((line) => line.kind !== 'added').map((line) => line.text)).toEqual(before)
        expect(diff.filter((line) => line.kind !== 'removed').map((line) => line.text)).toEqual(after)
        if (before.join() === after.join()) expect(diff.every((line) => line.kind === 'same')).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
