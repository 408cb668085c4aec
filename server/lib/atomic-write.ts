import { renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { mkdir, open, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isProcessAlive } from './lock-file.ts'
import { nodeErrorCode } from './node-error-code.ts'
import { realFolders } from './real-folders.ts'
import { tempFileWriter, tempNameFor } from './temp-names.ts'

/*
 * The one way the server replaces a file: posts in the work tree, everything isomorphic-git
 * writes under .git, pages, the accounts and sessions files. The data goes to a temp file
 * (temp-names.ts) that is then renamed over its target. rename() within one filesystem is
 * atomic, so a process killed at any instant leaves either the old file or the new one, never a
 * truncated one; at worst a stray temp file, which `removeStaleTempFiles` deletes at the next start.
 * The server's renames are all here: `moveFile` moves an existing file (or folder) into place,
 * `moveAside` takes a folder out of the way under a temp name, and `replaceFolder` swaps a finished
 * folder in for an old one (the export).
 *
 * By default there is no fsync: the requirement for saves is surviving a crashed or killed
 * process, whose completed writes the kernel still flushes. Surviving power loss would need an
 * fsync of each file and of its folder, a cost every save would pay for a case the requirement
 * leaves out.
 *
 * A few callers promise more, and ask for `durable` (fsync of the file, then of its folder once
 * renamed), because what they write is rare and losing it after a power cut would undo something
 * a person relied on:
 * - the accounts file (accounts/account-store.ts): a removed admin or a changed password must
 *   not come back;
 * - the sessions file (accounts/session-store.ts): a sign-out must not come back, and it is
 *   written at most once a second;
 * - packs (git/store/pack-writer.ts, through `moveFile`): once a pack is in place the loose
 *   objects it holds are deleted, so the pack must be on disk first;
 * - an unreadable journal set aside (git/repository-journal.ts, through `moveFile`), and the
 *   export's folder once it is swapped in (`replaceFolder`, which always is).
 */

/** Re-exported so that callers naming a temp file for this module's cleanup import one module. */
export { isTempName, tempNameFor } from './temp-names.ts'

export type FileData = string | Uint8Array

export interface AtomicWriteOptions {
  /** Where the temp file goes; it must be on the target's filesystem. Defaults to the target's folder. */
  tempDir?: string
  /**
   * File mode of the new file, narrowed by the umask as in writeFile (isomorphic-git passes one
   * for executables; the accounts and sessions files pass 0o600).
   */
  mode?: number
  /** fsync the file before the rename and its folder after: see the opening comment for who asks. */
  durable?: boolean
  /**
   * A folder the target must be inside, reached through real folders only (the work tree's root
   * for its files): every folder from there down to the target's is checked with lstat and
   * created when missing, and a symbolic link among them is refused (UnsafePathError). A link a
   * maintainer put in place of `content/blog` must not send a pull's or a save's files elsewhere.
   * The target itself needs no check: the rename replaces a link there, it never writes through it.
   */
  within?: string
}

/**
 * Writes `data` to `target` through a temp file and a rename; `data` may come in chunks (an
 * iterable, which may be iterated again if the write is retried), so a large file need not be
 * one buffer in memory. Errors are those of the target
 * (ENOENT when its folder is missing), so callers such as isomorphic-git can create the folder
 * and try again exactly as they would after a plain writeFile.
 */
export async function writeFileAtomic(target: string, data: FileData | Iterable<Uint8Array>, options: AtomicWriteOptions = {}): Promise<void> {
  if (options.within !== undefined) await realFolders(options.within, path.dirname(target), { create: true })
  const tempDir = options.tempDir ?? path.dirname(target)
  const temp = path.join(tempDir, tempNameFor(path.basename(target)))
  try {
    await writeTempFile(temp, data, options)
  } catch (error) {
    // The shared temp folder under .git is created at open, but may have been deleted by hand since.
    if (options.tempDir === undefined || nodeErrorCode(error) !== 'ENOENT') throw error
    await mkdir(tempDir, { recursive: true })
    await writeTempFile(temp, data, options)
  }
  try {
    await rename(temp, target)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  if (options.durable) await fsyncDirectory(path.dirname(target))
}

/**
 * writeFileAtomic, blocking, and never durable: for a process with nothing else to do while it
 * writes thousands of files (the build's pages). Three system calls and no promise per file cost
 * the build a third of the CPU the promise-based calls do (10,000 pages: 1.0 s against 2.5 s
 * of fs work on the main thread, in `npm run build`'s profile).
 */
export function writeFileAtomicSync(target: string, data: FileData): void {
  const temp = path.join(path.dirname(target), tempNameFor(path.basename(target)))
  writeFileSync(temp, data, { flag: 'wx' })
  try {
    renameSync(temp, target)
  } catch (error) {
    try {
      unlinkSync(temp)
    } catch {
      // already gone
    }
    throw error
  }
}

async function writeTempFile(temp: string, data: FileData | Iterable<Uint8Array>, options: AtomicWriteOptions): Promise<void> {
  // The common case (every save) stays one call.
  if (!options.durable) return writeFile(temp, data, { flag: 'wx', mode: options.mode })
  const handle = await open(temp, 'wx', options.mode)
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data)
    else for (const chunk of data) await handle.write(chunk)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await unlink(temp).catch(() => {})
    throw error
  }
  await handle.close()
}

/**
 * Moves an existing file or folder to `to`, replacing a file there (one rename, so both names must
 * be on one filesystem). `durable`: then fsyncs the target's folder, so that the new name survives
 * a power cut; the file's own bytes are the caller's to have synced (the pack writer fsyncs as it
 * finishes).
 */
export async function moveFile(from: string, to: string, options: { durable?: boolean } = {}): Promise<void> {
  await rename(from, to)
  if (options.durable) await fsyncDirectory(path.dirname(to))
}

/**
 * Renames the folder `dir` aside, under a temp name beside it, and answers that name (null when
 * there is no `dir`): from this instant `dir` is gone, however long removing the old copy takes.
 * A process that dies before removing it leaves a temp name, which `removeStaleTempFiles` (of
 * `dir`'s parent) deletes.
 */
export async function moveAside(dir: string): Promise<string | null> {
  const aside = path.join(path.dirname(dir), tempNameFor(path.basename(dir)))
  try {
    await rename(dir, aside)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return null
    throw error
  }
  return aside
}

/**
 * Puts the finished folder `from` at `to` whole, in place of the folder there (if any), which is
 * then removed. `from` must be beside `to` (one filesystem): a temp name made by tempNameFor of
 * `to`'s name, so that a crash leaves only names removeStaleTempFiles(parent, { of }) deletes.
 * Durable: `from`'s names are fsynced before the swap and the parent's after. A crash at any
 * moment leaves the old folder or the new one at `to`, except for the instant between the two
 * renames, which leaves none (POSIX has no atomic swap of two folders: rename cannot replace a
 * folder that is not empty); a swap that fails puts the old folder back.
 */
export async function replaceFolder(from: string, to: string): Promise<void> {
  await fsyncDirectory(from)
  const replaced = await moveAside(to)
  try {
    await rename(from, to)
  } catch (error) {
    // The old folder goes back: a swap that failed leaves what was there.
    if (replaced !== null) await rename(replaced, to).catch(() => {})
    throw error
  }
  await fsyncDirectory(path.dirname(to))
  if (replaced !== null) await rm(replaced, { recursive: true, force: true })
}

/**
 * Deletes `file`; answers whether it was there (a missing file is not an error). `within`: as for
 * writeFileAtomic, never through a linked folder (a missing folder means no file).
 */
export async function removeFileIfPresent(file: string, options: { within?: string } = {}): Promise<boolean> {
  if (options.within !== undefined && !(await realFolders(options.within, path.dirname(file), { create: false }))) return false
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
 * returns). Durable writes and moves call it; so does packing, which deletes loose objects
 * once their pack is in place.
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
 * Deletes this module's leftover temp files (and temp folders) in `dir` (a missing folder is fine);
 * with `of`, only those made for that name (`.<of>.…`: a folder's staging and replaced copies).
 * A temp file whose writer is another live process is left alone: the caller holds the writer
 * lock, so such a file can only be the lock file a competing process is trying to create.
 */
export async function removeStaleTempFiles(dir: string, options: { of?: string } = {}): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
  const removed: string[] = []
  for (const name of names) {
    if (options.of !== undefined && !name.startsWith(`.${options.of}.`)) continue
    const pid = tempFileWriter(name)
    if (pid === null) continue
    if (pid !== process.pid && isProcessAlive(pid)) continue
    const file = path.join(dir, name)
    try {
      // A folder too: a cleared pages folder is renamed aside under a temp name (page-files.ts).
      await rm(file, { recursive: true, force: true })
      removed.push(file)
    } catch (error) {
      if (nodeErrorCode(error) !== 'ENOENT') throw error
    }
  }
  return removed
}
