import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Sharp } from 'sharp'
import { type MediaName, mediaFileName, variantWidthsOf } from '../../core/media-urls.ts'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { InFlight } from '../lib/in-flight.ts'
import { JobPool, PoolFullError } from '../lib/job-pool.ts'
import type { Logger } from '../lib/logger.ts'
import { readRegularFile, sizeOfRegularFile } from '../lib/regular-file.ts'
import { countJpegScans, MAX_JPEG_SCANS } from './jpeg-scans.ts'
import { isSharpTimeout, loadSharp } from './load-sharp.ts'
import { mediaFileOf } from './media-folder.ts'
import type { VariantFormat } from './variant-format.ts'

export { PoolFullError as VariantsBusyError } from '../lib/job-pool.ts'

/**
 * The encoder settings. Bump ENCODING when they change: it is part of the ETag (a browser's copy
 * made with other settings is not the same bytes), and variants on disk are kept per version.
 *
 * AVIF at effort 2, not sharp's default 4: measured on a 4000×3000 photo (this machine, one
 * libvips thread), the 1920 px variant took 0.8 s at effort 2 and 11 s at effort 4, for 8 % fewer
 * bytes; a first visitor must not wait seconds. WebP and JPEG (mozjpeg) take 0.1–0.4 s.
 */
const ENCODING = 'v1'
const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
}
const EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' }

/**
 * The most seconds one variant may take to make: about 0.5 s here from a 50-megapixel original.
 * sharp looks at the clock as the variant's pixels are made, after a progressive JPEG's scans
 * are read: those the scan limit bounds, checked first.
 */
export const VARIANT_TIMEOUT_SECONDS = 30

export interface VariantFile {
  file: string
  /** The folder it must be inside, reached without links (lib/regular-file.ts). */
  root: string
  size: number
  /** Strong: the same original, width, format and encoder settings give the same bytes. */
  etag: string
}

export interface MediaVariantsOptions {
  /** The library's originals (mediaDirOf(contentDir)). */
  mediaDir: string
  /** This site's own folder for them (variantsDirOf(siteDir)); never committed. */
  variantsDir: string
  logger: Logger
  /** Images encoded at once. Each holds a decoded image in memory and a core busy. */
  concurrency?: number
  /** Requests for variants not yet made that may wait for a free slot; beyond it, VariantsBusyError. */
  maxQueued?: number
}

/**
 * Makes the responsive variants of library images with sharp, on demand, and keeps them on disk
 * (`<variantsDir>/<ENCODING>/<year>/<file>/w<width>.<ext>`): made once, then read from disk by
 * every later request and after a restart. Requests for one variant made at the same moment share
 * one encoding; encodings run `concurrency` at a time with a bounded queue, so a burst of requests
 * for variants not yet made costs bounded memory and answers 503 beyond the bound (serve-media.ts).
 */
export class MediaVariants {
  readonly #mediaDir: string
  readonly #dir: string
  readonly #logger: Logger
  readonly #pool: JobPool
  /** The variants being made, by file: requests for one at the same moment share its encoding. */
  readonly #making = new InFlight<string, VariantFile | null>()
  /** Set while a warming encoding waits in the pool's background queue: moves it to the foreground. */
  readonly #promotions = new Map<string, () => void>()
  /**
   * Originals no variant is made of (a scan bomb, or one past the time limit), by file, with the
   * size they had: asked again, they cost nothing (until a restart, or another file by that name).
   */
  readonly #refused = new Map<string, number>()

  constructor(options: MediaVariantsOptions) {
    this.#mediaDir = options.mediaDir
    this.#dir = path.join(options.variantsDir, ENCODING)
    this.#logger = options.logger
    this.#pool = new JobPool({ concurrency: options.concurrency ?? 2, maxQueued: options.maxQueued ?? 16, maxBackground: 2000 })
  }

  /** The library's folder of originals: its videos and audio are served from it as they are (serve-media.ts). */
  get mediaDir(): string {
    return this.#mediaDir
  }

  /** Encodings running and waiting (tests, logs). */
  get load() {
    return this.#pool.load
  }

  /** The original's file and size, or null when the library has no such file. */
  async original(media: MediaName): Promise<{ file: string; root: string; size: number } | null> {
    const file = mediaFileOf(this.#mediaDir, media)
    const size = await sizeOfRegularFile(this.#mediaDir, file)
    return size === null ? null : { file, root: this.#mediaDir, size }
  }

  /**
   * The variant on disk, made first when missing; null when the original does not exist, the
   * width is not one of its variant widths, or no variant is made of that original (#refuse:
   * the original itself is still served as it is, never decoded here). Throws VariantsBusyError
   * when too many are waiting.
   */
  async get(media: MediaName, width: number, format: VariantFormat, options: { background?: boolean } = {}): Promise<VariantFile | null> {
    if (!variantWidthsOf(media).includes(width)) return null
    const file = this.#fileOf(media, width, format)
    const etag = `"${media.hash}-w${width}-${format}-${ENCODING}"`
    const size = await sizeOfRegularFile(this.#dir, file)
    // The original is checked even for a variant on disk: a deleted image's variants are not served.
    const original = await this.original(media)
    if (!original) return null
    if (size !== null) return { file, root: this.#dir, size, etag }
    if (this.#refused.get(original.file) === original.size) return null
    // A request for a variant being warmed: it moves ahead of the warming still waiting.
    if (!options.background) this.#promotions.get(file)?.()
    return this.#making.share(file, () =>
      this.#pool
        .run(() => this.#make(original, file, width, format), { background: options.background, promote: (promote) => this.#promotions.set(file, promote) })
        .then((size) => (size === null ? null : { file, root: this.#dir, size, etag }))
        .finally(() => this.#promotions.delete(file)),
    )
  }

  /**
   * Makes every variant of a new upload in the background (each width, each format), so that its
   * first visitors do not wait for an encoding. The lead's upload calls it after the commit.
   */
  warm(media: MediaName): Promise<void> {
    const formats: VariantFormat[] = ['avif', 'webp', media.ext === 'png' ? 'png' : 'jpeg']
    const jobs = variantWidthsOf(media).flatMap((width) => formats.map((format) => this.get(media, width, format, { background: true })))
    return Promise.all(jobs).then(
      () => {},
      (error) => {
        // Dropped (a stopping server, too much warming at once): the first request makes them instead.
        if (error instanceof PoolFullError) return
        this.#logger.warn(`Warming the variants of ${mediaFileName(media)} failed: ${String(error)}`)
      },
    )
  }

  /**
   * For a server that stops: warming stops, and the encodings under way finish (so that none
   * writes into a folder after the site is gone).
   */
  async close(): Promise<void> {
    this.#pool.dropBackground()
    await this.#making.settled()
  }

  /** Removes a deleted image's variants (all encodings' folders). */
  async forget(media: MediaName): Promise<void> {
    const folder = path.join(media.year, mediaFileName(media))
    await rm(path.join(this.#dir, folder), { recursive: true, force: true })
  }

  #fileOf(media: MediaName, width: number, format: VariantFormat): string {
    return path.join(this.#dir, media.year, mediaFileName(media), `w${width}.${EXTENSIONS[format]}`)
  }

  /** The variant's size once made, or null when the original is refused (#refused). */
  async #make(original: { file: string; size: number }, target: string, width: number, format: VariantFormat): Promise<number | null> {
    // Another process (or an earlier request, just finished) may have made it meanwhile.
    const existing = await sizeOfRegularFile(this.#dir, target)
    if (existing !== null) return existing
    // Another variant of the same original, queued before, may have found it refused.
    if (this.#refused.get(original.file) === original.size) return null
    const started = Date.now()
    // Read under the rules it was found by (no link followed), and handed to sharp as bytes.
    const bytes = await readRegularFile(this.#mediaDir, original.file)
    if (bytes === null) return null
    // Files pulled from git were never uploaded: a JPEG's scans are counted here as an upload's are.
    const scans = countJpegScans(bytes)
    if (scans > MAX_JPEG_SCANS) return this.#refuse(original, `a JPEG of ${scans} scans (at most ${MAX_JPEG_SCANS} are read)`)
    const sharp = await loadSharp()
    const image = sharp(bytes, { sequentialRead: true }).resize({ width, withoutEnlargement: true })
    let data: Buffer
    try {
      data = await ENCODERS[format](image).timeout({ seconds: VARIANT_TIMEOUT_SECONDS }).toBuffer()
    } catch (error) {
      if (!isSharpTimeout(error)) throw error
      return this.#refuse(original, `its w${width} ${format} took more than ${VARIANT_TIMEOUT_SECONDS} s`)
    }
    await mkdir(path.dirname(target), { recursive: true })
    // The temp file goes into the variants folder itself, whose leftovers a start removes (compose/server.ts).
    await writeFileAtomic(target, data, { tempDir: this.#dir })
    this.#logger.info(`media: made ${path.relative(this.#dir, target)} (${data.length} bytes) in ${Date.now() - started} ms`)
    return data.length
  }

  /**
   * No variant is made of this original, and its pages' image requests answer 404 quickly: a
   * variant that cost minutes of decoding at each request would hold the encoders every visitor
   * waits for. Its original is served as it is (its bytes, never decoded here); the log says
   * which file, once, so that it can be saved again properly or removed.
   */
  #refuse(original: { file: string; size: number }, reason: string): null {
    if (this.#refused.get(original.file) !== original.size) {
      this.#refused.set(original.file, original.size)
      this.#logger.warn(`media: no variants of ${path.relative(this.#mediaDir, original.file)}: ${reason}`)
    }
    return null
  }

  /** The folder whose leftover temp files a start removes. */
  get tempDir(): string {
    return this.#dir
  }
}
