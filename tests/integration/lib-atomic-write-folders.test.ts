import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isTempName, moveAside, removeStaleTempFiles, replaceFolder, tempNameFor } from '../../server/lib/atomic-write.ts'

/*
 * The folder operations of lib/atomic-write.ts: a folder taken out of the way (a site's pages
 * rendered for another build) and a finished folder swapped in for the old one (the export).
 */

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-atomic-folders-'))
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

async function folderWith(name: string, files: Record<string, string>): Promise<string> {
  const folder = path.join(dir, name)
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true })
    await writeFile(path.join(folder, file), text)
  }
  return folder
}

describe('moveAside', () => {
  it('renames a folder to a temp name beside it, contents and all, and answers that name', async () => {
    const pages = await folderWith('pages', { 'index.html': 'home', 'blog/x/index.html': 'x' })
    const aside = await moveAside(pages)
    expect(aside).not.toBeNull()
    expect(path.dirname(aside!)).toBe(dir)
    expect(isTempName(path.basename(aside!))).toBe(true)
    expect(await readdir(dir)).toEqual([path.basename(aside!)])
    expect(await readFile(path.join(aside!, 'blog/x/index.html'), 'utf8')).toBe('x')
  })

  it('answers null for a folder that is not there', async () => {
    expect(await moveAside(path.join(dir, 'missing'))).toBeNull()
  })

  it('leaves a name the next start removes (this process counts as gone for its own temp names)', async () => {
    const aside = await moveAside(await folderWith('pages', { 'a.html': 'a' }))
    expect(await removeStaleTempFiles(dir)).toEqual([aside])
    expect(await readdir(dir)).toEqual([])
  })
})

describe('replaceFolder', () => {
  it('puts the new folder in place of the old one, whose files are gone, and leaves nothing beside it', async () => {
    const out = await folderWith('site', { 'old.html': 'old', 'blog/kept.html': 'old version' })
    const staging = await folderWith(tempNameFor('site'), { 'new.html': 'new', 'blog/kept.html': 'new version' })
    await replaceFolder(staging, out)
    expect(await readdir(dir)).toEqual(['site'])
    expect((await readdir(out)).sort()).toEqual(['blog', 'new.html'])
    expect(await readFile(path.join(out, 'blog/kept.html'), 'utf8')).toBe('new version')
  })

  it('puts the folder in place when there was none', async () => {
    const staging = await folderWith(tempNameFor('site'), { 'index.html': 'home' })
    await replaceFolder(staging, path.join(dir, 'site'))
    expect(await readdir(dir)).toEqual(['site'])
    expect(await readFile(path.join(dir, 'site/index.html'), 'utf8')).toBe('home')
  })

  it('fsyncs the new folder before the swap and the parent after it', async () => {
    const probe = await open(dir, 'r')
    const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
    await probe.close()
    const staging = await folderWith(tempNameFor('site'), { 'index.html': 'home' })
    await folderWith('site', { 'old.html': 'old' })
    const spy = vi.spyOn(prototype, 'sync')
    await replaceFolder(staging, path.join(dir, 'site'))
    expect(spy).toHaveBeenCalledTimes(2)
  })

  it('puts the old folder back when the new one cannot take its place', async () => {
    const out = await folderWith('site', { 'index.html': 'old' })
    await expect(replaceFolder(path.join(dir, tempNameFor('site')), out)).rejects.toThrow()
    expect(await readdir(dir)).toEqual(['site'])
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('old')
  })
})

describe('removeStaleTempFiles with `of`', () => {
  it('removes only the temp names made for that name', async () => {
    const staging = tempNameFor('site')
    const otherSite = tempNameFor('site2')
    const dead = '.site.replaced.watchio-tmp-999999999-abcdef'
    for (const name of [staging, otherSite, dead, 'site']) await mkdir(path.join(dir, name))
    const removed = await removeStaleTempFiles(dir, { of: 'site' })
    expect(removed.map((file) => path.basename(file)).sort()).toEqual([staging, dead].sort())
    expect((await readdir(dir)).sort()).toEqual([otherSite, 'site'].sort())
  })
})
