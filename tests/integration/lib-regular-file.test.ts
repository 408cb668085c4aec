import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRegularFile, sizeOfRegularFile, streamRegularFile } from '../../server/lib/regular-file.ts'

let dir: string
let root: string
let outside: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'regular-file-'))
  root = path.join(dir, 'media')
  outside = path.join(dir, 'private')
  await mkdir(path.join(root, '2026'), { recursive: true })
  await mkdir(outside)
  await writeFile(path.join(outside, 'admins.json'), '{"secret":true}')
  await writeFile(path.join(root, '2026', 'plain.png'), 'png bytes')
  await symlink(path.join(outside, 'admins.json'), path.join(root, '2026', 'to-file.png'))
  await symlink('/etc/passwd', path.join(root, '2026', 'to-passwd.png'))
  await symlink('../../private/admins.json', path.join(root, '2026', 'relative.png'))
  await symlink(outside, path.join(root, '2027'))
  await mkdir(path.join(root, '2026', 'folder.png'))
  execFileSync('mkfifo', [path.join(root, '2026', 'fifo.png')])
  // The root itself may be reached through a link: the operator's choice.
  await symlink(root, path.join(dir, 'current'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('regular files inside their folder, no link followed', () => {
  it('reads, sizes and streams a regular file', async () => {
    const file = path.join(root, '2026', 'plain.png')
    expect((await readRegularFile(root, file))?.toString()).toBe('png bytes')
    expect(await sizeOfRegularFile(root, file)).toBe(9)
    const opened = await streamRegularFile(root, file)
    expect(await text(opened!.stream)).toBe('png bytes')
  })

  it('gives nothing for a link to a file, absolute or relative, or a file under a linked folder', async () => {
    for (const name of ['2026/to-file.png', '2026/to-passwd.png', '2026/relative.png', '2027/admins.json']) {
      const file = path.join(root, ...name.split('/'))
      expect(await readRegularFile(root, file), name).toBeNull()
      expect(await sizeOfRegularFile(root, file), name).toBeNull()
      expect(await streamRegularFile(root, file), name).toBeNull()
    }
  })

  it('gives nothing for a folder, a FIFO (without hanging), a missing file, or a path outside the root', async () => {
    for (const file of [path.join(root, '2026', 'folder.png'), path.join(root, '2026', 'fifo.png'), path.join(root, '2026', 'none.png'), path.join(root, '..', 'private', 'admins.json'), root]) {
      expect(await readRegularFile(root, file), file).toBeNull()
    }
  })

  it('serves from a root that is itself reached through a link', async () => {
    const current = path.join(dir, 'current')
    expect((await readRegularFile(current, path.join(current, '2026', 'plain.png')))?.toString()).toBe('png bytes')
  })
})
