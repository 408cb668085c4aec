import { describe, expect, it } from 'vitest'
import { serializePackIndex, parsePackIndex } from '../../server/git/formats/pack-index.ts'
import { packsWithDuplicates } from '../../server/git/packing/pack-listing.ts'

/** A pack index holding these ids (hex, any order), as the pack writer makes them. */
function index(...ids: string[]) {
  const entries = ids.map((id, i) => ({ oid: Buffer.from(id.padStart(40, '0'), 'hex'), offset: 12 + i * 10, crc32: 0 }))
  return parsePackIndex(serializePackIndex(entries, Buffer.alloc(20)))!
}

describe('packsWithDuplicates', () => {
  it('names every pack that holds an object another pack holds', () => {
    const packs = [
      { name: 'a', index: index('01', 'ff', '7a') },
      { name: 'b', index: index('02', '7a') },
      { name: 'c', index: index('03', 'fe') },
    ]
    expect(packsWithDuplicates(packs)).toEqual(new Set(['a', 'b']))
  })

  it('finds none in packs that share no object, first and last ids included', () => {
    const packs = [
      { name: 'a', index: index('00', '80', 'ffffffffffffffffffffffffffffffffffffffff') },
      { name: 'b', index: index('01', '81', 'fffffffffffffffffffffffffffffffffffffffe') },
    ]
    expect(packsWithDuplicates(packs)).toEqual(new Set())
  })

  it('finds two packs of the same objects, whatever their order', () => {
    const ids = Array.from({ length: 500 }, (_, i) => (i * 7919).toString(16))
    expect(packsWithDuplicates([
      { name: 'x', index: index(...ids) },
      { name: 'y', index: index(...ids.reverse()) },
    ])).toEqual(new Set(['x', 'y']))
  })
})
