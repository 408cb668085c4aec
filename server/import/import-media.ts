import { lstat } from 'node:fs/promises'
import path from 'node:path'
import { AV_FORMATS, type AvKind, type AvName, avUrl } from '../../core/av-media.ts'
import { MAX_CAPTIONS_BYTES } from '../../core/contract/limits.ts'
import type { MediaLimits } from '../config.ts'
import { type MediaName, mediaUrl } from '../../core/media-urls.ts'
import { UnsafePathError } from '../lib/errors.ts'
import { realFolders } from '../lib/real-folders.ts'
import { isInside, readRegularFile } from '../lib/regular-file.ts'
import { avFileOf, mediaFileOf } from '../media/media-folder.ts'
import { avContentProblem, sniffAvFormat } from '../media/av-formats.ts'
import type { MediaFile } from '../media/media-files.ts'
import { prepareImage, readableName, uploadHash } from '../media/prepare-image.ts'

/**
 * The old site's images, found in the uploads folder the user names (`--uploads`), reached
 * through its real folders only (a symbolic link in it, to a folder or a file, is never followed,
 * as the Markdown reader follows none: `uploads/evil -> /` would lead anywhere), made fit for
 * the media library as an upload is (recognised by their bytes, checked against the limits,
 * decoded, metadata removed: prepare-image.ts) and named as an upload is. Each file is read and
 * prepared once, however many posts and URLs (`photo.jpg?w=604`) use it.
 */

export interface ImportMediaOptions {
  /** The local copy of the old site's uploads (WordPress's `wp-content/uploads`); null when none was given. */
  uploadsDir: string | null
  /** The old site's upload URLs (ImportSourceResult.uploadBases). */
  uploadBases: string[]
  mediaDir: string
  /** The library as it is: an image already there (the same bytes) is used, not added again. */
  existing: MediaFile[]
  limits: MediaLimits
  /** The year new images are filed under, as an upload's (its commit's year). */
  year: string
}


/** What became of one URL: a library URL (and, when new, the file to add), or why it stays as it was. */
export type MediaLookup =
  | { kind: 'library'; url: string; file: { path: string; bytes: Buffer } | null }
  | { kind: 'missing'; reason: string }
  | { kind: 'elsewhere' }

export class ImportMedia {
  readonly #options: ImportMediaOptions
  /** By what it is taken as and the local file's path: each read and prepared once. */
  readonly #byFile = new Map<string, Promise<MediaLookup>>()
  /** By hash: the library's images, and those this import adds. */
  readonly #byHash = new Map<string, MediaName>()
  /** Files this import adds (each once, by the first URL that found it). */
  readonly #added = new Set<string>()

  constructor(options: ImportMediaOptions) {
    this.#options = options
    for (const file of options.existing) this.#byHash.set(file.media.hash, file.media)
  }

  /** The library URL for an image or link of the old site, when its file is in the uploads folder. */
  lookup(url: string): Promise<MediaLookup> {
    return this.#find(url, 'image', (file) => this.#prepare(file))
  }

  /** The URL's file in the uploads folder, read and prepared once as `as` (an image, a video…), and added by the first URL that found it. */
  async #find(url: string, as: 'image' | AvKind, prepare: (file: string) => Promise<MediaLookup>): Promise<MediaLookup> {
    const relative = this.#uploadPathOf(url)
    if (relative === null) return { kind: 'elsewhere' }
    const { uploadsDir } = this.#options
    if (uploadsDir === null) return { kind: 'missing', reason: 'no uploads folder given (--uploads)' }
    const file = path.resolve(uploadsDir, relative)
    if (!isInside(path.resolve(uploadsDir), file)) return { kind: 'missing', reason: 'outside the uploads folder' }
    const key = `${as}:${file}`
    let found = this.#byFile.get(key)
    if (!found) {
      found = prepare(file)
      this.#byFile.set(key, found)
    }
    const result = await found
    if (result.kind !== 'library' || result.file === null || this.#added.has(result.file.path)) return result.kind === 'library' ? { ...result, file: null } : result
    this.#added.add(result.file.path)
    return result
  }

  /**
   * The library URL for a video, audio or captions file of the old site, found in the uploads
   * folder and taken as an upload is (its kind told by its bytes, its kind's size limit), named
   * `<name>-<hash>.<ext>` (core/av-media.ts).
   */
  lookupAv(url: string, kind: AvKind): Promise<MediaLookup> {
    return this.#find(url, kind, (file) => this.#prepareAv(file, kind))
  }

  /** `2008/06/photo.jpg` for a URL under an upload base (its query, such as `?w=604`, left out), else null. */
  #uploadPathOf(url: string): string | null {
    const bare = url.trim().replace(/[?#].*$/, '')
    const base = this.#options.uploadBases.find((candidate) => bare.startsWith(candidate) || bare.startsWith(candidate.replace(/^https:/, 'http:')))
    if (!base) return null
    const rest = bare.slice(bare.startsWith(base) ? base.length : base.length - 1)
    try {
      const decoded = decodeURIComponent(rest)
      return decoded === '' || decoded.split('/').some((part) => part === '..') ? null : decoded
    } catch {
      return null
    }
  }

  /** The file's bytes, read through real folders only and within `maxBytes`, or why not. */
  async #read(file: string, maxBytes: number): Promise<Buffer | Extract<MediaLookup, { kind: 'missing' }>> {
    const uploadsDir = path.resolve(this.#options.uploadsDir!)
    const notThere = { kind: 'missing', reason: `not in the uploads folder (${path.relative(uploadsDir, file)})` } as const
    const linked = (link: string) => ({ kind: 'missing', reason: `${path.relative(uploadsDir, link)} in the uploads folder is a symbolic link: not followed` }) as const
    try {
      if (!(await realFolders(uploadsDir, path.dirname(file), { create: false }))) return notThere
    } catch (error) {
      if (error instanceof UnsafePathError) return linked(error.path)
      return notThere
    }
    const stats = await lstat(file).catch(() => null)
    if (stats?.isSymbolicLink()) return linked(file)
    if (!stats?.isFile()) return notThere
    if (stats.size > maxBytes) return { kind: 'missing', reason: `larger than the upload limit (${stats.size} bytes)` }
    // Opened under the same rules: a link swapped in since is refused all the same.
    return (await readRegularFile(uploadsDir, file)) ?? notThere
  }

  async #prepareAv(file: string, kind: AvKind): Promise<MediaLookup> {
    const { maxVideoBytes, maxAudioBytes } = this.#options.limits
    // As an upload's: MEDIA_MAX_VIDEO_BYTES, MEDIA_MAX_AUDIO_BYTES, and the captions' own.
    const bytes = await this.#read(file, kind === 'video' ? maxVideoBytes : kind === 'audio' ? maxAudioBytes : MAX_CAPTIONS_BYTES)
    if (!Buffer.isBuffer(bytes)) return bytes
    const ext = sniffAvFormat(bytes)
    if (ext === null || AV_FORMATS[ext].kind !== kind) return { kind: 'missing', reason: `not a ${kind} file the media library takes, by its bytes` }
    // As an upload is: a captions file whose text holds markup or loads something is refused.
    const problem = avContentProblem(ext, bytes)
    if (problem) return { kind: 'missing', reason: `not taken by the media library: ${problem}` }
    const media: AvName = { year: this.#options.year, name: readableName(file), hash: uploadHash(bytes), ext }
    return { kind: 'library', url: avUrl(media), file: { path: avFileOf(this.#options.mediaDir, media), bytes } }
  }

  async #prepare(file: string): Promise<MediaLookup> {
    const bytes = await this.#read(file, this.#options.limits.maxBytes)
    if (!Buffer.isBuffer(bytes)) return bytes
    let image
    try {
      image = await prepareImage(bytes, this.#options.limits)
    } catch (error) {
      return { kind: 'missing', reason: `not taken by the media library: ${error instanceof Error ? error.message : String(error)}` }
    }
    const known = this.#byHash.get(image.hash)
    if (known) return { kind: 'library', url: mediaUrl(known), file: null }
    const media: MediaName = { year: this.#options.year, name: readableName(file), hash: image.hash, width: image.width, height: image.height, ext: image.ext }
    this.#byHash.set(image.hash, media)
    return { kind: 'library', url: mediaUrl(media), file: { path: mediaFileOf(this.#options.mediaDir, media), bytes: image.bytes } }
  }
}
