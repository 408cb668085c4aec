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

/** The library's files by kind. */
export interface LibraryFiles {
  images: MediaFile[]
  /** Videos, audio and captions files (`<year>/<name>-<hash>.<ext>`, core/av-media.ts). */
  avs: MediaFile<AvName>[]
}

/**
 * The library's files, read from its folder (`<year>/<name>-<hash>-<w>x<h>.<ext>` for an image):
 * a listing is a few `readdir`s, so it is read when asked rather than kept in step with pulls and
 * hand edits, and read once for both kinds. Files with other names (put there by hand) are not
 * part of the library and are left alone, and so is anything that is not a real file or folder:
 * a symbolic link is never followed (one pulled as `2026/<name>-<hash>-10x10.png` could point at
 * any file of the machine).
 */
export async function readLibraryFiles(mediaDir: string): Promise<LibraryFiles> {
  const years = (await readDir(mediaDir)).filter((entry) => entry.isDirectory() && /^[0-9]{4}$/.test(entry.name))
  const library: LibraryFiles = { images: [], avs: [] }
  for (const year of years) {
    const folder = path.join(mediaDir, year.name)
    for (const entry of await readDir(folder)) {
      if (!entry.isFile()) continue
      const image = parseMediaFileName(entry.name, year.name)
      const av = image ? null : parseAvFileName(entry.name, year.name)
      if (!image && !av) continue
      const file = path.join(folder, entry.name)
      const stats = await lstat(file).catch(() => null)
      if (!stats?.isFile()) continue
      if (image) library.images.push({ media: image, file, bytes: stats.size })
      else if (av) library.avs.push({ media: av, file, bytes: stats.size })
    }
  }
  return library
}

async function readDir(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
}
