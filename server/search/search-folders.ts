/**
 * Where a running site keeps its search index: `search/` in its own folder (DATA_DIR's
 * `sites/<…>/`), one folder per index made: the base, of all live posts (`index-<time>-<random>/`),
 * and the delta, of the posts changed since the base (`delta-<time>-<random>/`); and
 * `current.json`, which names the base and delta served, the stamps they were made from and the
 * URLs whose base records are stale. An index is written whole into a fresh folder, then
 * `current.json` is replaced (one rename): readers see the old pair or the new one, never half of
 * one, and a crash while writing leaves the old pair named. No link anywhere: the switch is the
 * record's rename.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { readJsonFile } from '../lib/json-file.ts'

export interface SearchIndexRecord {
  /** The base's folder name, in `search/`. */
  folder: string
  /** searchStampOf the posts it was made from. */
  stamp: string
  /** The delta served beside it, if any. */
  delta?: SearchDeltaRecord
}

export interface SearchDeltaRecord {
  /** Its folder's name, in `search/`. */
  folder: string
  /** searchStampOf the posts the base and the delta together hold. */
  stamp: string
  /** The URLs changed or removed since the base: its records for them are stale. */
  changed: string[]
}

const CURRENT = 'current.json'
/** A folder's name: `index-…` for a base, `delta-…` for a delta (serve-search.ts takes a delta's name from the URL). */
export const SEARCH_FOLDER = /^(?:index|delta)-[0-9]+-[0-9a-f]+$/

/** The folders a record names. */
export function foldersOf(record: SearchIndexRecord | null): string[] {
  return record ? [record.folder, ...(record.delta ? [record.delta.folder] : [])] : []
}

export class SearchFolders {
  readonly root: string

  constructor(root: string) {
    this.root = root
  }

  /** The index `current.json` names, if its folder is there (and its delta, if its folder is there too). */
  async current(): Promise<SearchIndexRecord | null> {
    const record = (await readJsonFile(path.join(this.root, CURRENT))) as SearchIndexRecord | null
    if (!record || typeof record.folder !== 'string' || !SEARCH_FOLDER.test(record.folder) || typeof record.stamp !== 'string') return null
    const names = await readdir(this.root).catch(() => [] as string[])
    if (!names.includes(record.folder)) return null
    const { delta } = record
    const deltaOk = !!delta && typeof delta.folder === 'string' && SEARCH_FOLDER.test(delta.folder) && names.includes(delta.folder) && typeof delta.stamp === 'string' && Array.isArray(delta.changed) && delta.changed.every((url) => typeof url === 'string')
    return deltaOk ? record : { folder: record.folder, stamp: record.stamp }
  }

  /** A new, empty folder for the next base (`index`) or delta: its path. */
  async fresh(kind: 'index' | 'delta' = 'index'): Promise<string> {
    const dir = path.join(this.root, `${kind}-${Date.now()}-${randomBytes(4).toString('hex')}`)
    await mkdir(dir, { recursive: true })
    return dir
  }

  /**
   * Serves the base and delta `record` names from now on: the record replaced (not fsynced, nor the
   * index's files: after a power cut, removing `search/` is safe, the next start makes it again).
   * Every other folder but the ones it replaces is removed (those stay for a moment: a visitor's
   * search begun on them may still ask for their files).
   */
  async switchTo(record: SearchIndexRecord): Promise<void> {
    const before = await this.current()
    await writeFileAtomic(path.join(this.root, CURRENT), JSON.stringify(record) + '\n')
    await this.removeAllBut([...foldersOf(record), ...foldersOf(before)])
  }

  /** Removes every index folder (and what a crash left half-written) but `keep`. */
  async removeAllBut(keep: readonly string[]): Promise<void> {
    const names = await readdir(this.root).catch(() => [] as string[])
    await Promise.all(names.filter((name) => name !== CURRENT && !keep.includes(name)).map((name) => rm(path.join(this.root, name), { recursive: true, force: true })))
  }
}

/** The build's index (`npm run build`): `dist/client/pagefind`, and the stamp it was made from beside the build's other records. */
export function buildSearchIndexOf(distDir: string): { dir: string; stampFile: string } {
  return { dir: path.join(distDir, 'client', 'pagefind'), stampFile: path.join(distDir, 'client-search.json') }
}
