import { describe, expect, it } from 'vitest'
import { entryHeader, OFS_DELTA, ofsDeltaDistance, packHeader } from '../../server/git/formats/pack-format.ts'

/** The decoders as git's packfile.c and object-reader.ts read them. */
function readEntryHeader(bytes: Buffer): { type: number; size: number; length: number } {
  let at = 0
  let byte = bytes[at++]!
  const type = (byte >> 4) & 7
  let size = byte & 15
  let shift = 4
  while (byte & 0x80) {
    byte = bytes[at++]!
    size += (byte & 0x7f) * 2 ** shift
    shift += 7
  }
  return { type, size, length: at }
}

function readDistance(bytes: Buffer): number {
  let at = 0
  let byte = bytes[at++]!
  let distance = byte & 0x7f
  while (byte & 0x80) {
    byte = bytes[at++]!
    distance = (distance + 1) * 128 + (byte & 0x7f)
  }
  return distance
}

describe('pack format', () => {
  it('starts a pack with PACK, version 2 and the object count', () => {
    expect(packHeader(300).toString('hex')).toBe(Buffer.concat([Buffer.from('PACK'), Buffer.from([0, 0, 0, 2, 0, 0, 1, 0x2c])]).toString('hex'))
  })

  it('encodes entry headers as git does: type, low 4 bits of the size, then 7 bits a byte', () => {
    expect(entryHeader(3, 10)).toEqual(Buffer.from([0x3a]))
    expect(entryHeader(2, 16)).toEqual(Buffer.from([0xa0, 0x01]))
    for (const size of [0, 15, 16, 127, 128, 2047, 2048, 350_000, 2 ** 32 + 5]) {
      for (const type of [1, 2, 3, 4, OFS_DELTA]) {
        const header = entryHeader(type, size)
        expect(readEntryHeader(header)).toEqual({ type, size, length: header.length })
      }
    }
  })

  it('encodes OFS_DELTA distances with git offset varint (each continuation adds one)', () => {
    expect(ofsDeltaDistance(127)).toEqual(Buffer.from([0x7f]))
    expect(ofsDeltaDistance(128)).toEqual(Buffer.from([0x80, 0x00]))
    expect(ofsDeltaDistance(16_511)).toEqual(Buffer.from([0xff, 0x7f]))
    expect(ofsDeltaDistance(16_512)).toEqual(Buffer.from([0x80, 0x80, 0x00]))
    for (const distance of [1, 100, 128, 300, 16_383, 16_384, 1_000_000, 2 ** 31 + 17, 2 ** 40]) {
      expect(readDistance(ofsDeltaDistance(distance))).toBe(distance)
    }
  })
})
