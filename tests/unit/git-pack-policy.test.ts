import { describe, expect, it } from 'vitest'
import { chooseRollUp, PACKS_LIMIT } from '../../server/git/packing/pack-policy.ts'

const pack = (name: string, count: number) => ({ name, count })

describe('chooseRollUp', () => {
  it('packs loose objects alone beside a much larger pack', () => {
    expect(chooseRollUp([pack('big', 18_000)], 110)).toEqual({ packs: [], full: false })
  })

  it('merges the small packs while each is below twice what is merged so far (git repack --geometric=2)', () => {
    expect(chooseRollUp([pack('big', 18_000), pack('p1', 220), pack('p2', 110)], 110)).toEqual({ packs: ['p2', 'p1'], full: false })
    expect(chooseRollUp([pack('big', 18_000), pack('p1', 440)], 110)).toEqual({ packs: [], full: false })
  })

  it('is a full run when every pack is merged, or when there is none', () => {
    expect(chooseRollUp([pack('a', 300), pack('b', 500)], 400)).toEqual({ packs: ['a', 'b'], full: true })
    expect(chooseRollUp([], 10)).toEqual({ packs: [], full: true })
  })

  it('merges everything past PACKS_LIMIT packs (git gc.autoPackLimit)', () => {
    const packs = Array.from({ length: PACKS_LIMIT + 1 }, (_, i) => pack(`p${i}`, 2 ** i))
    expect(chooseRollUp(packs, 1)).toEqual({ packs: packs.map((p) => p.name), full: true })
  })
})
