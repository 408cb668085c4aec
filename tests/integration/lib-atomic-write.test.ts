import { mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { moveFile, removeStaleTempFiles, tempNameFor, writeFileAtomic } from '../../server/lib/atomic-write.ts'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-atomic-write-'))
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

/** Counts fsync calls on any open file or folder (FileHandle.sync), from now on. */
async function countSyncs(): Promise<{ count: () => number }> {
  const probe = await open(dir, 'r')
  const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
  await probe.close()
  const spy = vi.spyOn(prototype, 'sync')
  return { count: () => spy.mock.calls.length }
}

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temp file behind', async () => {
    const file = path.join(dir, 'a.txt')
    await writeFile(file, 'old')
    await writeFileAtomic(file, 'new')
    expect(await readFile(file, 'utf8')).toBe('new')
    expect(await readdir(dir)).toEqual(['a.txt'])
  })

  it('fsyncs nothing by default, and the file and its folder when durable', async () => {
    const syncs = await countSyncs()
    await writeFileAtomic(path.join(dir, 'plain.txt'), 'x')
    expect(syncs.count()).toBe(0)
    await writeFileAtomic(path.join(dir, 'durable.txt'), 'y', { durable: true })
    expect(syncs.count()).toBe(2)
    expect(await readFile(path.join(dir, 'durable.txt'), 'utf8')).toBe('y')
    expect((await readdir(dir)).sort()).toEqual(['durable.txt', 'plain.txt'])
  })

  it('gives a durable file the mode asked for', async () => {
    const file = path.join(dir, 'secret.json')
    await writeFileAtomic(file, '{}', { mode: 0o600, durable: true })
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('fails like writeFile when the folder is missing, leaving no temp file', async () => {
    await expect(writeFileAtomic(path.join(dir, 'missing', 'a.txt'), 'x', { durable: true })).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await readdir(dir)).toEqual([])
  })

  it('writes through a temp folder of its own, creating it when it is missing (deleted by hand)', async () => {
    const tempDir = path.join(dir, 'tmp')
    await writeFileAtomic(path.join(dir, 'a.txt'), 'x', { tempDir })
    expect(await readFile(path.join(dir, 'a.txt'), 'utf8')).toBe('x')
    expect(await readdir(tempDir)).toEqual([])
  })

  it('writes data given in chunks, plain or durable, and again from the start when the write is retried', async () => {
    const chunks: Iterable<Uint8Array> = {
      *[Symbol.iterator]() {
        yield Buffer.from('one ')
        yield Buffer.from('two')
      },
    }
    await writeFileAtomic(path.join(dir, 'plain.txt'), chunks)
    await writeFileAtomic(path.join(dir, 'durable.txt'), chunks, { durable: true })
    // A missing temp folder makes the first attempt fail after it started reading the chunks.
    await writeFileAtomic(path.join(dir, 'retried.txt'), chunks, { tempDir: path.join(dir, 'gone') })
    for (const name of ['plain.txt', 'durable.txt', 'retried.txt']) expect(await readFile(path.join(dir, name), 'utf8')).toBe('one two')
  })
})

describe('moveFile', () => {
  it('moves a file into place over an existing one and, when durable, fsyncs the target folder', async () => {
    const target = path.join(dir, 'pack')
    await writeFile(target, 'old')
    const from = path.join(dir, tempNameFor('pack'))
    await writeFile(from, 'new')
    const syncs = await countSyncs()
    await moveFile(from, target, { durable: true })
    expect(syncs.count()).toBe(1)
    expect(await readFile(target, 'utf8')).toBe('new')
    expect(await readdir(dir)).toEqual(['pack'])
  })

  it('fsyncs nothing by default', async () => {
    const from = path.join(dir, 'from.html')
    await writeFile(from, 'page')
    const syncs = await countSyncs()
    await moveFile(from, path.join(dir, 'to.html'))
    expect(syncs.count()).toBe(0)
    expect(await readdir(dir)).toEqual(['to.html'])
  })
})

describe('removeStaleTempFiles', () => {
  it('removes temp files of this process and of dead ones, and nothing else', async () => {
    const ours = tempNameFor('a.txt')
    const dead = '.b.txt.watchio-tmp-999999999-abcdef'
    const alive = `.c.txt.watchio-tmp-${process.ppid}-abcdef`
    for (const name of [ours, dead, alive, 'a.txt', '.hidden']) await writeFile(path.join(dir, name), '')
    const removed = await removeStaleTempFiles(dir)
    expect(removed.map((file) => path.basename(file)).sort()).toEqual([ours, dead].sort())
    expect((await readdir(dir)).sort()).toEqual([alive, '.hidden', 'a.txt'].sort())
  })

  it('answers nothing for a missing folder', async () => {
    expect(await removeStaleTempFiles(path.join(dir, 'missing'))).toEqual([])
  })
})
