import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { type AvName, parseAvFileName } from '../../core/av-media.ts'
import { type MediaName, parseMediaFileName } from '../../core/media-urls.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/** A file of the library as the folder holds it: an image (MediaName), or a video, audio or captions file (AvName). */
export interface MediaFile<Name = MediaName> {
  media: Name
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
export function readMediaFiles(mediaDir: string): Promise<MediaFile[]> {
  return readLibraryFiles(mediaDir, parseMediaFileName)
}

/** The library's videos, audio and captions files (`<year>/<name>-<hash>.<ext>`, core/av-media.ts), under the same rules. */
export function readAvFiles(mediaDir: string): Promise<MediaFile<AvName>[]> {
  return readLibraryFiles(mediaDir, parseAvFileName)
}

async function readLibraryFiles<Name>(mediaDir: string, parse: (file: string, year: string) => Name | null): Promise<MediaFile<Name>[]> {
  const years = (await readDir(mediaDir)).filter((entry) => entry.isDirectory() && /^[0-9]{4}$/.test(entry.name))
  const found: MediaFile<Name>[] = []
  for (const year of years) {
    const folder = path.join(mediaDir, year.name)
    for (const entry of await readDir(folder)) {
      if (!entry.isFile()) continue
      const media = parse(entry.name, year.name)
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
