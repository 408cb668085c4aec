import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffKeys, type DiffStep } from '../../server/lib/sequence-diff.ts'

/** The steps as the items they name: `=a`, `-b`, `+c`. */
const spell = (before: string[], after: string[], steps: DiffStep[]) =>
  steps.map((step) => (step.kind === 'same' ? `=${before[step.before]}` : step.kind === 'removed' ? `-${before[step.before]}` : `+${after[step.after]}`))

describe('diffKeys', () => {
  it('marks kept, removed and added items in order', () => {
    const before = ['<h2>A</h2>', '<p>old</p>', '<p>same</p>']
    const after = ['<h2>A</h2>', '<p>new</p>', '<p>same</p>']
    expect(spell(before, after, diffKeys(before, after)!)).toEqual(['=<h2>A</h2>', '-<p>old</p>', '+<p>new</p>', '=<p>same</p>'])
  })

  it('always rebuilds both versions and keeps a longest common part', () => {
    const items = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 })
    fc.assert(
      fc.property(items, items, (before, after) => {
        const steps = diffKeys(before, after)!
        expect(steps.filter((step) => step.kind !== 'added').map((step) => before[(step as { before: number }).before])).toEqual(before)
        expect(steps.filter((step) => step.kind !== 'removed').map((step) => after[(step as { after: number }).after])).toEqual(after)
        if (before.join() === after.join()) expect(steps.every((step) => step.kind === 'same')).toBe(true)
        // As long a common part as the textbook table finds.
        const lcs = (x: string[], y: string[]): number => {
          const t = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0))
          for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) t[i]![j] = x[i] === y[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!)
          return t[0]![0]!
        }
        expect(steps.filter((step) => step.kind === 'same').length).toBe(lcs(before, after))
      }),
      { numRuns: 300 },
    )
  })

  it('says when the part that differs is too large to compare, whatever the common ends', () => {
    const same = Array.from({ length: 10_000 }, (_, i) => `s${i}`)
    const before = [...same, ...Array.from({ length: 2_001 }, (_, i) => `b${i}`), ...same]
    const after = [...same, ...Array.from({ length: 2_001 }, (_, i) => `a${i}`), ...same]
    expect(diffKeys(before, after)).toBeNull()
    expect(diffKeys([...same, 'x', ...same], [...same, 'y', ...same])!.filter((step) => step.kind !== 'same')).toHaveLength(2)
  })
})
