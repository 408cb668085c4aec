import type { BigIntStats } from 'node:fs'
import { lstat, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { removeFileIfPresent, writeFileAtomic } from '../lib/atomic-write.ts'
import { blobId } from './objects/blob-id.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/**
 * The checked-out files, addressed by repository-relative posix paths. Writes are atomic
 * (temp file in the same folder, then rename), so the content layer watching the folder never
 * reads half a post, and a crash never leaves one.
 */
export class WorkTree {
  constructor(readonly root: string) {}

  absolute(filepath: string): string {
    return path.join(this.root, ...filepath.split('/'))
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
