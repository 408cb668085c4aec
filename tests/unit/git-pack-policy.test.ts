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

  it('merges two packs of the same size, as git auto gc and a run of ours packing the same loose objects leave', () => {
    expect(chooseRollUp([pack('ours', 10_004), pack('gits', 10_004)], 0)).toEqual({ packs: ['gits', 'ours'], full: true })
  })

  it('merges up to the largest pack that breaks the progression, and any above it the merged pack would not double', () => {
    // 150 < 2 × 100: the progression breaks at the top, so everything is merged.
    expect(chooseRollUp([pack('a', 1), pack('b', 3), pack('c', 100), pack('d', 150)], 0).packs).toEqual(['a', 'b', 'c', 'd'])
    // 40 < 2 × 30 breaks it below 1,000, which stays: the merged 71 objects are far below half of it.
    expect(chooseRollUp([pack('a', 1), pack('b', 30), pack('c', 40), pack('d', 1_000)], 0)).toEqual({ packs: ['a', 'b', 'c'], full: false })
    // A progression already: nothing to merge without loose objects.
    expect(chooseRollUp([pack('a', 10), pack('b', 25), pack('c', 1_000)], 0)).toEqual({ packs: [], full: false })
  })

  it('merges packs that share objects whatever their sizes, with every smaller one', () => {
    const packs = [pack('small', 100), pack('dup', 10_000), pack('big', 25_000)]
    expect(chooseRollUp(packs, 0)).toEqual({ packs: [], full: false })
    expect(chooseRollUp(packs, 0, new Set(['dup', 'big']))).toEqual({ packs: ['small', 'dup', 'big'], full: true })
    expect(chooseRollUp([...packs, pack('huge', 100_000)], 0, new Set(['small', 'dup']))).toEqual({ packs: ['small', 'dup'], full: false })
  })

  it('merges everything past PACKS_LIMIT packs (git gc.autoPackLimit)', () => {
    const packs = Array.from({ length: PACKS_LIMIT + 1 }, (_, i) => pack(`p${i}`, 2 ** i))
    expect(chooseRollUp(packs, 1)).toEqual({ packs: packs.map((p) => p.name), full: true })
  })
})
