import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileCache } from '../../server/http/file-cache.ts'

let dir: string
const file = (name: string) => path.join(dir, name)
const read = (cache: FileCache, name: string) => cache.get(file(name), { immutable: false })

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-cache-'))
  // 100 bytes each: 200 counted per file (its compressed copies count as much again).
  for (const name of ['a.html', 'b.html', 'c.html', 'd.html']) await writeFile(file(name), name.repeat(100 / name.length))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('FileCache', () => {
  it('reads a file once; peek gives only what is in memory; a missing file is null', async () => {
    const cache = new FileCache({ roots: [dir] })
    expect(cache.peek(file('a.html'))).toBeUndefined()
    const first = await read(cache, 'a.html')
    expect(first?.body.toString()).toBe('a.html'.repeat(16))
    expect(first?.type).toBe('text/html; charset=utf-8')
    expect(cache.peek(file('a.html'))).toBe(first)
    expect(await read(cache, 'a.html')).toBe(first)
    expect(await read(cache, 'nothing.html')).toBeNull()
    cache.invalidate(file('a.html'))
    expect(cache.peek(file('a.html'))).toBeUndefined()
  })

  it('over its size, drops the file least recently used first: one used since it came round stays', async () => {
    const cache = new FileCache({ roots: [dir], maxBytes: 3 * 200 })
    await read(cache, 'a.html')
    await read(cache, 'b.html')
    await read(cache, 'c.html')
    cache.peek(file('a.html')) // a used again: b is now the one not used for longest
    await read(cache, 'd.html')
    expect([...'abcd'].map((letter) => cache.peek(file(`${letter}.html`)) !== undefined)).toEqual([true, false, true, true])
  })

  it('reads nothing outside its roots, and no link inside them', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'file-cache-outside-'))
    try {
      await writeFile(path.join(outside, 'secret.html'), 'secret')
      await symlink(path.join(outside, 'secret.html'), file('linked.html'))
      await symlink(outside, file('linked-folder'))
      const cache = new FileCache({ roots: [dir] })
      expect(await cache.get(path.join(outside, 'secret.html'), { immutable: false })).toBeNull()
      expect(await read(cache, 'linked.html')).toBeNull()
      expect(await read(cache, 'linked-folder/secret.html')).toBeNull()
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })
})
