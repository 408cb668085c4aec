import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { type MediaName, parseMediaFileName } from '../../core/media-urls.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/** A file of the library as the folder holds it. */
export interface MediaFile {
  media: MediaName
  /** Absolute path. */
  file: string
  bytes: number
}

/**
 * The library's files, read from its folder (`<year>/<name>-<hash>-<w>x<h>.<ext>`): a listing is
 * a few `readdir`s, so it is read when asked rather than kept in step with pulls and hand edits.
 * Files with other names (put there by hand) are not part of the library and are left alone, and
 * so is anything that is not a real file or folder: a symbolic link is never followed (one
 * pulled as `2026/<name>-<hash>-10x10.png` could point at any file of the machine).
 */
export async function readMediaFiles(mediaDir: string): Promise<MediaFile[]> {
  const years = (await readDir(mediaDir)).filter((entry) => entry.isDirectory() && /^[0-9]{4}$/.test(entry.name))
  const found: MediaFile[] = []
  for (const year of years) {
    const folder = path.join(mediaDir, year.name)
    for (const entry of await readDir(folder)) {
      if (!entry.isFile()) continue
      const media = parseMediaFileName(entry.name, year.name)
      if (!media) continue
      const file = path.join(folder, entry.name)
      const stats = await lstat(file).catch(() => null)
      if (stats?.isFile()) found.push({ media, file, bytes: stats.size })
    }
  }
  return found
}

async function readDir(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
}
