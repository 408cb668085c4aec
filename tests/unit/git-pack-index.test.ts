import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findInPackIndex, oidAt, parsePackIndex, serializePackIndex } from '../../server/git/formats/pack-index.ts'

const oid = (seed: string) => createHash('sha1').update(seed).digest()
const CHECKSUM = Buffer.alloc(20, 0xcd)

describe('serializePackIndex', () => {
  it('writes a version-2 index that parses back: fan-out, sorted ids, offsets, CRCs, both checksums', () => {
    const entries = ['a', 'b', 'c', 'd', 'e'].map((seed, i) => ({ oid: oid(seed), offset: 12 + i * 100, crc32: 0xdeadbeef - i }))
    const buffer = serializePackIndex(entries, CHECKSUM)
    expect(buffer.readUInt32BE(0)).toBe(0xff744f63)
    expect(buffer.readUInt32BE(4)).toBe(2)
    expect(buffer.length).toBe(8 + 1024 + 5 * 28 + 40)
    expect(buffer.subarray(-40, -20).equals(CHECKSUM)).toBe(true)
    expect(buffer.subarray(-20).equals(createHash('sha1').update(buffer.subarray(0, -20)).digest())).toBe(true)
    const index = parsePackIndex(buffer)!
    expect(index.count).toBe(5)
    expect(index.packChecksum.equals(CHECKSUM)).toBe(true)
    const ids = Array.from({ length: 5 }, (_, i) => oidAt(index, i))
    expect(ids).toEqual([...ids].sort())
    for (const entry of entries) {
      const at = findInPackIndex(index, entry.oid)
      expect(index.offsets[at]).toBe(entry.offset)
      // CRCs sit right after the ids, in the same order.
      expect(buffer.readUInt32BE(8 + 1024 + 5 * 20 + at * 4)).toBe(entry.crc32)
    }
    expect(findInPackIndex(index, oid('absent'))).toBe(-1)
  })

  it('keeps a fan-out consistent with the ids, for any set of ids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uint8Array({ minLength: 20, maxLength: 20 }), { maxLength: 200, selector: (bytes) => Buffer.from(bytes).toString('hex') }), (ids) => {
        const index = parsePackIndex(serializePackIndex(ids.map((bytes, i) => ({ oid: Buffer.from(bytes), offset: i, crc32: 0 })), CHECKSUM))!
        const expected = new Array<number>(256).fill(0)
        for (const id of ids) for (let byte = id[0]!; byte < 256; byte++) expected[byte]!++
        expect(Array.from(index.fanout)).toEqual(expected)
        for (const id of ids) expect(findInPackIndex(index, Buffer.from(id))).not.toBe(-1)
      }),
    )
  })

  it('stores offsets of 2 GiB and more in the 64-bit table', () => {
    const entries = [
      { oid: oid('small'), offset: 12, crc32: 1 },
      { oid: oid('large'), offset: 5 * 2 ** 30 + 7, crc32: 2 },
      { oid: oid('edge'), offset: 2 ** 31, crc32: 3 },
    ]
    const buffer = serializePackIndex(entries, CHECKSUM)
    expect(buffer.length).toBe(8 + 1024 + 3 * 28 + 2 * 8 + 40)
    const index = parsePackIndex(buffer)!
    for (const entry of entries) expect(index.offsets[findInPackIndex(index, entry.oid)]).toBe(entry.offset)
    expect(index.packChecksum.equals(CHECKSUM)).toBe(true)
  })

  it('refuses an object twice', () => {
    expect(() => serializePackIndex([{ oid: oid('a'), offset: 12, crc32: 0 }, { oid: oid('a'), offset: 40, crc32: 0 }], CHECKSUM)).toThrow(/twice/)
  })
})

describe('parsePackIndex', () => {
  it('answers null for a version-1 index or a truncated file', () => {
    const v1 = Buffer.alloc(1024 + 20 + 20)
    expect(parsePackIndex(v1)).toBeNull()
    const good = serializePackIndex([{ oid: oid('a'), offset: 12, crc32: 0 }], CHECKSUM)
    expect(parsePackIndex(good.subarray(0, good.length - 50))).toBeNull()
  })
})
