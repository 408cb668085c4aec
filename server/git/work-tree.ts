import { type BigIntStats, constants } from 'node:fs'
import { lstat, readFile } from 'node:fs/promises'
import path from 'node:path'
import { removeFileIfPresent, writeFileAtomic } from '../lib/atomic-write.ts'
import { realFolders } from '../lib/real-folders.ts'
import { UnsafePathError } from '../lib/errors.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { blobId } from './blob-id.ts'
import { refusedName } from './formats/tree-rules.ts'

/**
 * The checked-out files, addressed by repository-relative posix paths. Writes are atomic
 * (temp file in the same folder, then rename), so the content layer watching the folder never
 * reads half a post, and a crash never leaves one. No isomorphic-git call: the library writes
 * work-tree files only inside `checkout` (see checkout.ts), with a plain writeFile.
 *
 * Every path resolves inside the work tree: one with a name git refuses (`..`, `.git` and its
 * NTFS/HFS forms: tree-rules.ts) is an UnsafePathError, and no file is written, deleted or read
 * through a symbolic link (atomic-write.ts's `within`; the file itself is opened with O_NOFOLLOW).
 */
export class WorkTree {
  /** The work tree's root folder (absolute). */
  readonly root: string

  constructor(root: string) {
    this.root = root
  }

  absolute(filepath: string): string {
    if (!isSafeRepositoryPath(filepath)) throw new UnsafePathError(String(filepath), `${JSON.stringify(filepath)} is not a safe path inside the repository`)
    return path.join(this.root, ...filepath.split('/'))
  }

  /** Absolute path → repository-relative posix path; anything outside the work tree or in .git is a bug. */
  relative(file: string): string {
    const relative = path.relative(this.root, path.resolve(file))
    const filepath = relative.split(path.sep).join('/')
    if (path.isAbsolute(relative) || !isSafeRepositoryPath(filepath)) {
      throw new Error(`${file} is not a file path inside the repository ${this.root}`)
    }
    return filepath
  }

  /**
   * Writes the file, creating its folder if needed; null deletes it (a missing file is fine).
   * `mode` is for a new file (0o755: executable); by default the process's umask decides.
   */
  async write(filepath: string, bytes: Uint8Array | null, mode?: number): Promise<void> {
    const file = this.absolute(filepath)
    if (bytes === null) {
      await removeFileIfPresent(file, { within: this.root })
      return
    }
    await writeFileAtomic(file, bytes, { mode, within: this.root })
  }

  /**
   * Deletes whatever is at `filepath` that unlink deletes (a file, or a link itself, never what
   * it points at); a folder is the caller's (checkout.ts). Missing is fine.
   */
  async remove(filepath: string): Promise<void> {
    await removeFileIfPresent(this.absolute(filepath), { within: this.root })
  }

  /** The file's bytes; null when there is none. A symbolic link is an UnsafePathError, never followed. */
  async read(filepath: string): Promise<Buffer | null> {
    const file = this.absolute(filepath)
    try {
      if (!(await realFolders(this.root, path.dirname(file), { create: false }))) return null
      return await readFile(file, { flag: constants.O_RDONLY | constants.O_NOFOLLOW })
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return null
      if (nodeErrorCode(error) === 'ELOOP') throw new UnsafePathError(file, `${file} is a symbolic link: nothing is read through one`)
      throw error
    }
  }

  /** The blob id of the file as it is now; null when there is no such file. */
  async blobIdOf(filepath: string): Promise<string | null> {
    const bytes = await this.read(filepath)
    return bytes === null ? null : blobId(bytes)
  }

  /** For the index entry, so that `git status` knows the file is unchanged without re-reading it. */
  async stat(filepath: string): Promise<BigIntStats> {
    return lstat(this.absolute(filepath), { bigint: true })
  }
}

/** A relative posix path that stays inside the work tree and out of `.git`, each name one git accepts (tree-rules.ts). */
export function isSafeRepositoryPath(filepath: unknown): filepath is string {
  if (typeof filepath !== 'string' || filepath === '') return false
  return filepath.split('/').every((name) => refusedName(name) === null)
}
