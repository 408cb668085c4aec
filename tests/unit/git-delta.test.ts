import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyDelta, commonPrefix, commonSuffix, encodeDelta } from '../../server/git/formats/delta.ts'

/** A tree-like buffer: `count` entries of about 50 bytes, each with a distinct name. */
function treeLike(count: number, tag = ''): Buffer {
  const parts: Buffer[] = []
  for (let i = 0; i < count; i++) {
    parts.push(Buffer.from(`100644 post-${String(i).padStart(5, '0')}${tag}.html\0`, 'latin1'), Buffer.alloc(20, (i * 37) & 0xff))
  }
  return Buffer.concat(parts)
}

describe('encodeDelta', () => {
  it('round-trips through applyDelta for any base and target', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (base, target) => {
        const delta = encodeDelta(Buffer.from(base), Buffer.from(target))
        // An empty target has no delta git accepts (under 4 bytes): it is stored whole.
        if (target.length === 0) expect(delta).toBeNull()
        else expect(applyDelta(delta!, Buffer.from(base)).equals(Buffer.from(target))).toBe(true)
      }),
    )
  })

  it('round-trips edits of a shared text (insertions, deletions, moves)', () => {
    const text = fc.string({ minLength: 0, maxLength: 400 })
    fc.assert(
      fc.property(text, text, text, text, (a, b, c, d) => {
        const base = Buffer.from(a + b + c + d)
        const target = Buffer.from(c + a + d + 'x' + b)
        expect(applyDelta(encodeDelta(base, target)!, base).equals(target)).toBe(true)
      }),
    )
  })

  it('stores one changed entry of a 10,000-entry tree in a few dozen bytes', () => {
    const base = treeLike(10_000)
    const target = Buffer.from(base)
    target.fill(0xab, 250_000, 250_020)
    const delta = encodeDelta(base, target)!
    expect(delta.length).toBeLessThan(60)
    expect(applyDelta(delta, base).equals(target)).toBe(true)
  })

  it('copies an entry that moved (a rename) instead of inserting what lies between', () => {
    const base = treeLike(2000)
    const entry = base.length / 2000 // every entry has the same length
    const moved = Buffer.concat([base.subarray(0, 100 * entry), base.subarray(101 * entry, 1800 * entry), base.subarray(100 * entry, 101 * entry), base.subarray(1800 * entry)])
    const delta = encodeDelta(base, moved)!
    expect(delta.length).toBeLessThan(100)
    expect(applyDelta(delta, base).equals(moved)).toBe(true)
  })

  it('answers null when the delta would not be below the size given', () => {
    const base = Buffer.from('completely different')
    const target = Buffer.from('nothing in common here at all, not one bit')
    expect(encodeDelta(base, target, 10)).toBeNull()
    expect(encodeDelta(base, base, 10)).not.toBeNull()
  })

  it('splits copies longer than 64 KiB (what git emits) and handles offsets past 16 MiB', () => {
    const base = Buffer.alloc(17 * 1024 * 1024, 7)
    base.write('start', 0)
    const target = Buffer.concat([Buffer.from('new head'), base.subarray(16 * 1024 * 1024 + 3)])
    const delta = encodeDelta(base, target)!
    expect(applyDelta(delta, base).equals(target)).toBe(true)
  })
})

describe('applyDelta', () => {
  it('refuses a delta made for another base, and a copy beyond the base', () => {
    const delta = encodeDelta(Buffer.from('abcdefghijklmnopqrstuvwxyz'), Buffer.from('abcdefghijklmnopqrstuvwxyz!'))!
    expect(() => applyDelta(delta, Buffer.from('short'))).toThrow(/size mismatch/)
    // base size 2, result size 4, copy offset 0 size 4
    expect(() => applyDelta(Buffer.from([2, 4, 0x90, 4]), Buffer.from('ab'))).toThrow(/beyond the base/)
  })
})

describe('commonPrefix and commonSuffix', () => {
  it('agree with a byte-by-byte comparison', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 10_000 }), fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }), (shared, x, y) => {
        const a = Buffer.concat([Buffer.from(shared), Buffer.from(x)])
        const b = Buffer.concat([Buffer.from(shared), Buffer.from(y)])
        let prefix = 0
        while (prefix < Math.min(a.length, b.length) && a[prefix] === b[prefix]) prefix++
        expect(commonPrefix(a, b)).toBe(prefix)
        const ra = Buffer.from(a).reverse()
        const rb = Buffer.from(b).reverse()
        expect(commonSuffix(ra, rb, Math.min(a.length, b.length))).toBe(prefix)
      }),
    )
  })
})
