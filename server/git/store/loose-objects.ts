import { readdirSync, statSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { removeFileIfPresent } from '../../lib/atomic-write.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'

/**
 * Loose objects (`objects/xx/<38 hex>`): listing them, estimating how many there are, and what
 * they cost on disk, for packing. isomorphic-git has no such call; `git count-objects -v` is the
 * CLI's. Measured (`npm run bench:git`, CPU): listing 106 loose objects with their times, 2.7 ms
 * here, 17 ms for `git count-objects -v` (process start included).
 */
export interface LooseObject {
  oid: string
  mtimeMs: number
}

const FANOUT_DIR = /^[0-9a-f]{2}$/
const REST = /^[0-9a-f]{38}$/
/** Git's own sample folder for `gc --auto` (objects/17): one of 256, so the count is about 1/256 of all. */
const SAMPLE_DIR = '17'
/** Fewer objects than this in the sample folder: about 2,000 in all, counted one by one instead. */
const EXACT_BELOW = 8
/** A loose object occupies whole filesystem blocks: most are far smaller than one. */
const BLOCK = 4096

export function looseObjectPath(objectsDir: string, oid: string): string {
  return path.join(objectsDir, oid.slice(0, 2), oid.slice(2))
}

/** Bytes a file of `size` bytes takes on a filesystem with 4 KiB blocks. */
export function diskBytes(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK
}

/**
 * Every loose object, with its modification time (when it was written, or last "written again":
 * see GitStore's freshening). Synchronous: it runs in the packing worker thread.
 */
export function listLooseObjects(objectsDir: string): LooseObject[] {
  const objects: LooseObject[] = []
  for (const dir of readdirSync(objectsDir)) {
    if (!FANOUT_DIR.test(dir)) continue
    let names: string[]
    try {
      names = readdirSync(path.join(objectsDir, dir))
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') continue
      throw error
    }
    for (const name of names) {
      if (!REST.test(name)) continue
      try {
        objects.push({ oid: dir + name, mtimeMs: statSync(path.join(objectsDir, dir, name)).mtimeMs })
      } catch (error) {
        if (nodeErrorCode(error) !== 'ENOENT') throw error
      }
    }
  }
  return objects
}

/**
 * About how many loose objects there are and the disk they take, from one fan-out folder times
 * 256, as `git gc --auto` estimates: reading one folder costs microseconds where all 256 would
 * cost milliseconds, and the ids are uniformly spread. With only a few objects in that folder
 * the guess would be off by hundreds either way, and all of them are few: they are counted.
 */
export async function estimateLooseObjects(objectsDir: string): Promise<{ count: number; bytes: number }> {
  const sample = await sizesIn(path.join(objectsDir, SAMPLE_DIR))
  if (sample.length >= EXACT_BELOW) return { count: sample.length * 256, bytes: sum(sample) * 256 }
  const sizes: number[] = []
  for (const dir of await readdir(objectsDir)) if (FANOUT_DIR.test(dir)) sizes.push(...(await sizesIn(path.join(objectsDir, dir))))
  return { count: sizes.length, bytes: sum(sizes) }
}

/** Disk bytes of each loose object in one fan-out folder. */
async function sizesIn(dir: string): Promise<number[]> {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => REST.test(name))
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
  const sizes: number[] = []
  for (const name of names) {
    try {
      sizes.push(diskBytes((await stat(path.join(dir, name))).size))
    } catch (error) {
      if (nodeErrorCode(error) !== 'ENOENT') throw error
    }
  }
  return sizes
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/**
 * Deletes those of `oids` whose loose file is still older than `expiredBefore` (ms): a save that
 * wrote the same object again since refreshed its time, so it stays. How many were deleted.
 */
export async function removeLooseOlderThan(objectsDir: string, oids: readonly string[], expiredBefore: number): Promise<number> {
  let removed = 0
  for (const oid of oids) {
    const file = looseObjectPath(objectsDir, oid)
    try {
      if ((await stat(file)).mtimeMs >= expiredBefore) continue
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT') continue
      throw error
    }
    if (await removeFileIfPresent(file)) removed++
  }
  return removed
}
