import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { nodeErrorCode } from './node-error-code.ts'

/*
 * Every file this module writes (posts in the work tree, and everything isomorphic-git writes
 * under .git) goes to a temp file first and is then renamed over its target. rename() within one
 * filesystem is atomic, so a process killed at any instant leaves either the old file or the new
 * one, never a truncated one; at worst a stray temp file, which `removeStaleTempFiles` deletes at
 * the next start.
 *
 * There is deliberately no fsync: the requirement is surviving a crashed or killed process, whose
 * completed writes the kernel still flushes. Surviving power loss would need an fsync of each
 * file and of its folder, a cost every save would pay for a case the requirement leaves out.
 */

const TEMP_MARK = '.watchio-tmp-'

/** `.<name>.watchio-tmp-<pid>-<random>`: hidden, never a post name, and tells whose it was. */
const TEMP_NAME = /^\..*\.watchio-tmp-(\d+)-[0-9a-f]+$/

export function tempNameFor(targetName: string): string {
  return `.${targetName}${TEMP_MARK}${process.pid}-${randomBytes(6).toString('hex')}`
}

export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name)
}

export type FileData = string | Uint8Array

export interface AtomicWriteOptions {
  /** Where the temp file goes; it must be on the target's filesystem. Defaults to the target's folder. */
  tempDir?: string
  /** File mode of a newly written file (isomorphic-git passes one for executables). */
  mode?: number
}

/**
 * Writes `data` to `target` through a temp file and a rename. Errors are those of the target
 * (ENOENT when its folder is missing), so callers such as isomorphic-git can create the folder
 * and try again exactly as they would after a plain writeFile.
 */
export async function writeFileAtomic(target: string, data: FileData, options: AtomicWriteOptions = {}): Promise<void> {
  const tempDir = options.tempDir ?? path.dirname(target)
  const temp = path.join(tempDir, tempNameFor(path.basename(target)))
  try {
    await writeFile(temp, data, { flag: 'wx', mode: options.mode })
  } catch (error) {
    // The shared temp folder under .git is created at open, but may have been deleted by hand since.
    if (options.tempDir === undefined || nodeErrorCode(error) !== 'ENOENT') throw error
    await mkdir(tempDir, { recursive: true })
    await writeFile(temp, data, { flag: 'wx', mode: options.mode })
  }
  try {
    await rename(temp, target)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
}

/**
 * Moves `from` to `to` (same filesystem: one atomic rename), then fsyncs the folder of `to` so
 * the new name survives a power cut. For a file set aside, or one put in place whole.
 */
export async function moveFile(from: string, to: string): Promise<void> {
  await rename(from, to)
  await fsyncDirectory(path.dirname(to))
}

/** Deletes `file`; answers whether it was there (a missing file is not an error). */
export async function removeFileIfPresent(file: string): Promise<boolean> {
  try {
    await unlink(file)
    return true
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return false
    throw error
  }
}

/**
 * Makes the names in `dir` durable (a rename or unlink there survives a power cut once this
 * returns). Only packing needs it: it deletes loose objects once their pack is in place.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a folder as a file; NTFS journals its names itself.
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Deletes this module's leftover temp files in `dir` (not recursive; a missing folder is fine).
 * A temp file whose writer is another live process is left alone: the caller holds the writer
 * lock, so such a file can only be the lock file a competing process is trying to create.
 */
export async function removeStaleTempFiles(dir: string): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
  const removed: string[] = []
  for (const name of names) {
    const match = TEMP_NAME.exec(name)
    if (!match) continue
    const pid = Number(match[1])
    if (pid !== process.pid && isProcessAlive(pid)) continue
    const file = path.join(dir, name)
    try {
      await unlink(file)
      removed.push(file)
    } catch (error) {
      if (nodeErrorCode(error) !== 'ENOENT') throw error
    }
  }
  return removed
}

/** Signal 0 checks existence only; EPERM means it exists but belongs to another user. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return nodeErrorCode(error) === 'EPERM'
  }
}
