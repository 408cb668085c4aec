import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readJsonFile, readJsonFileSync } from '../../server/lib/json-file.ts'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-json-file-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe.each([
  ['readJsonFile', readJsonFile],
  ['readJsonFileSync', async (file: string) => readJsonFileSync(file)],
])('%s', (_name, read) => {
  it('answers the value a file holds, whatever its shape', async () => {
    await writeFile(path.join(dir, 'record.json'), JSON.stringify({ renderId: 'abc', stamps: { '/': 'x' } }))
    await writeFile(path.join(dir, 'list.json'), '[1, 2]\n')
    expect(await read(path.join(dir, 'record.json'))).toEqual({ renderId: 'abc', stamps: { '/': 'x' } })
    expect(await read(path.join(dir, 'list.json'))).toEqual([1, 2])
  })

  it('answers null for a missing file, one cut short, one that is not JSON, and a folder', async () => {
    await writeFile(path.join(dir, 'cut.json'), '{"renderId": "ab')
    await writeFile(path.join(dir, 'text.json'), 'not json')
    await mkdir(path.join(dir, 'folder.json'))
    for (const name of ['missing.json', 'cut.json', 'text.json', 'folder.json']) expect(await read(path.join(dir, name))).toBeNull()
  })
})
