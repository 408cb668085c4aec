import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../../server/lib/bounded-cache.ts'

const keysOf = <K, V>(cache: BoundedCache<K, V>) => [...cache.entries()].map(([key]) => key)

describe('BoundedCache', () => {
  it('keeps at most maxEntries, dropping the oldest not read since', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 3 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.get('a')).toBe(1) // a read: b is now the one read least recently
    cache.set('d', 4)
    expect(cache.has('b')).toBe(false)
    expect(['a', 'c', 'd'].map((key) => cache.get(key))).toEqual([1, 3, 4])
    expect(cache.size).toBe(3)
  })

  it('never drops the entry being set for older ones read since', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.get('a')
    cache.get('b')
    cache.set('c', 3)
    expect(cache.get('c')).toBe(3)
    expect(keysOf(cache)).toEqual(['b', 'c'])
  })

  it('keeps at most maxBytes, as each set counts its value', () => {
    const cache = new BoundedCache<string, string>({ maxBytes: 600 })
    cache.set('a', 'A', 200)
    cache.set('b', 'B', 200)
    cache.set('c', 'C', 200)
    cache.get('a')
    cache.set('d', 'D', 300)
    // 900 bytes: b (200) and c (200) go, a was read since it came in.
    expect(keysOf(cache).sort()).toEqual(['a', 'd'])
    expect(cache.bytes).toBe(500)
  })

  it('drops an entry larger than maxBytes on its own, with everything older', () => {
    const cache = new BoundedCache<string, string>({ maxBytes: 100 })
    cache.set('small', 's', 10)
    cache.set('huge', 'h', 1000)
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('replaces a key as a new entry, counting only its new bytes', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 2, maxBytes: 1000 })
    cache.set('a', 'old', 300)
    cache.set('b', 'B', 100)
    cache.set('a', 'new', 50)
    expect(cache.get('a')).toBe('new')
    expect(cache.bytes).toBe(150)
    expect(keysOf(cache)).toEqual(['b', 'a'])
  })

  it('has() does not count as a read', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.has('a')).toBe(true)
    cache.set('c', 3)
    expect(cache.has('a')).toBe(false)
  })

  it('delete and clear give their bytes back', () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 100 })
    cache.set('a', 1, 40)
    cache.set('b', 2, 40)
    expect(cache.delete('a')).toBe(true)
    expect(cache.delete('a')).toBe(false)
    expect(cache.bytes).toBe(40)
    cache.set('c', 3, 60)
    expect(keysOf(cache)).toEqual(['b', 'c'])
    cache.clear()
    expect([cache.size, cache.bytes]).toEqual([0, 0])
  })

  it('holds no bound by default', () => {
    const cache = new BoundedCache<number, number>({})
    for (let i = 0; i < 10_000; i++) cache.set(i, i, 1000)
    expect(cache.size).toBe(10_000)
  })

  it('never holds more than its bounds, always holds the newest entry that fits, and answers what was set last', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 9 }), bytes: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 9 }) }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 40, max: 120 }), fc.array(operation, { maxLength: 60 }), (maxEntries, maxBytes, operations) => {
        const cache = new BoundedCache<number, string>({ maxEntries, maxBytes })
        const last = new Map<number, { value: string; bytes: number }>()
        operations.forEach((operation, step) => {
          if (operation.kind === 'set') {
            const value = `v${step}`
            cache.set(operation.key, value, operation.bytes)
            last.set(operation.key, { value, bytes: operation.bytes })
            expect(cache.get(operation.key)).toBe(value)
          } else if (operation.kind === 'get') {
            const held = cache.get(operation.key)
            if (held !== undefined) expect(held).toBe(last.get(operation.key)?.value)
          } else {
            cache.delete(operation.key)
            last.delete(operation.key)
          }
          expect(cache.size).toBeLessThanOrEqual(maxEntries)
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes)
          expect(cache.bytes).toBe([...cache.entries()].reduce((sum, [key]) => sum + last.get(key)!.bytes, 0))
        })
      }),
    )
  })
})
