/**
 * Where a running site keeps its search index: `search/` in its own folder (DATA_DIR's
 * `sites/<…>/`), one folder per index made (`index-<time>-<random>/`), and `current.json`, which
 * names the one served and the stamp it was made from. An index is written whole into a fresh
 * folder, then `current.json` is replaced (one rename): readers see the old index or the new one,
 * never half of one, and a crash while writing leaves the old one named. No link anywhere: the
 * switch is the record's rename.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { readJsonFile } from '../lib/json-file.ts'

export interface SearchIndexRecord {
  /** The folder's name, in `search/`. */
  folder: string
  /** searchStampOf the posts it was made from. */
  stamp: string
}

const CURRENT = 'current.json'
const FOLDER = /^index-[0-9]+-[0-9a-f]+$/

export class SearchFolders {
  readonly root: string

  constructor(root: string) {
    this.root = root
  }

  /** The index `current.json` names, if its folder is there. */
  async current(): Promise<SearchIndexRecord | null> {
    const record = (await readJsonFile(path.join(this.root, CURRENT))) as SearchIndexRecord | null
    if (!record || typeof record.folder !== 'string' || !FOLDER.test(record.folder) || typeof record.stamp !== 'string') return null
    const names = await readdir(this.root).catch(() => [] as string[])
    return names.includes(record.folder) ? record : null
  }

  /** A new, empty folder for the next index: its path. */
  async fresh(): Promise<string> {
    const dir = path.join(this.root, `index-${Date.now()}-${randomBytes(4).toString('hex')}`)
    await mkdir(dir, { recursive: true })
    return dir
  }

  /**
   * Serves the index written into `dir` from now on: the record replaced (not fsynced, nor the
   * index's files: after a power cut, removing `search/` is safe, the next start makes it again). Every other folder but the one it replaces is removed (that one stays for a
   * moment: a visitor's search begun on it may still ask for its files).
   */
  async switchTo(dir: string, stamp: string): Promise<void> {
    const before = await this.current()
    const record: SearchIndexRecord = { folder: path.basename(dir), stamp }
    await writeFileAtomic(path.join(this.root, CURRENT), JSON.stringify(record) + '\n')
    await this.removeAllBut([record.folder, ...(before ? [before.folder] : [])])
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
