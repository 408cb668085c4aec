import type { BigIntStats } from 'node:fs'
import { lstat, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { removeFileIfPresent, writeFileAtomic } from '../lib/atomic-write.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { blobId } from './objects/blob-id.ts'

/**
 * The checked-out files, addressed by repository-relative posix paths. Writes are atomic
 * (temp file in the same folder, then rename), so the content layer watching the folder never
 * reads half a post, and a crash never leaves one. No isomorphic-git call: the library writes
 * work-tree files only inside `checkout` (see checkout.ts), with a plain writeFile.
 */
export class WorkTree {
  /** The work tree's root folder (absolute). */
  readonly root: string

  constructor(root: string) {
    this.root = root
  }

  absolute(filepath: string): string {
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
      await removeFileIfPresent(file)
      return
    }
    await mkdir(path.dirname(file), { recursive: true })
    await writeFileAtomic(file, bytes, { mode })
  }

  async read(filepath: string): Promise<Buffer | null> {
    try {
      return await readFile(this.absolute(filepath))
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return null
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

/** A relative posix path that stays inside the work tree and out of `.git`. */
export function isSafeRepositoryPath(filepath: unknown): filepath is string {
  if (typeof filepath !== 'string' || filepath === '' || filepath.includes('\\') || filepath.includes('\0')) return false
  return filepath.split('/').every((name) => name !== '' && name !== '.' && name !== '..' && name.toLowerCase() !== '.git')
}
