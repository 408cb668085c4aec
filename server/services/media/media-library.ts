import { readFile, rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { AV_FORMATS, type AvName, avFileName, avUrl } from '../../../core/av-media.ts'
import {
  DEFAULT_MEDIA_MAX_AUDIO_BYTES,
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_MEDIA_MAX_VIDEO_BYTES,
  MEDIA_PER_PAGE,
  type MediaItem,
  type MediaType,
  type MediaListQuery,
  type PostRef,
} from '../../../core/contract/index.ts'
import { type MediaName, mediaFileName, mediaUrl, variantUrl, variantWidthsOf } from '../../../core/media-urls.ts'
import type { Post } from '../../../core/post.ts'
import type { PostIndex } from '../../content/post-index.ts'
import type { ContentRepository, GitAuthor } from '../../git/content-repository.ts'
import { BusyError, ConflictError, NotFoundError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { JobPool, PoolFullError } from '../../lib/job-pool.ts'
import { avFileOf, mediaFileOf } from '../../media/media-folder.ts'
import { type MediaFile, readLibraryFiles } from '../../media/media-files.ts'
import { type PreparedImage, prepareImage, readableName } from '../../media/prepare-image.ts'
import { discardSpool, largestUpload, spoolUpload, type SpooledUpload, type UploadLimits, uploadLimitsText } from '../../media/upload-spool.ts'
import type { PostReviews } from '../posts/post-reviews.ts'

/** A library image as the admin API shows it, the posts using one, and the list's query: the contract's shapes. */
export type { MediaItem, MediaListQuery, PostRef }

/**
 * Uploads made fit at once. Each holds a decoded image in memory (a few hundred MB at most for
 * a 50-megapixel photo) and a core busy; two, so that one slow upload never holds the others
 * (a large photo, or one at the time limit, PREPARE_TIMEOUT_SECONDS), on a server of two cores.
 */
export const UPLOADS_AT_ONCE = 2
/** Uploads that may wait for a free slot; beyond them, a BusyError (503, come back in UPLOADS_RETRY_SECONDS). */
export const UPLOADS_WAITING = 16
/** How long a client is asked to wait when UPLOADS_WAITING are waiting already. */
export const UPLOADS_RETRY_SECONDS = 5

export interface MediaLibraryDeps {
  mediaDir: string
  /**
   * Uploads and deletes are repository transactions, the lock every write takes (post saves,
   * pulls): a delete's "is it used?" and a save that starts using the image never interleave.
   */
  repository: Pick<ContentRepository, 'transaction' | 'fileHistory'>
  /** Every post, drafts included: which of them use an image. */
  index: Pick<PostIndex, 'allVersioned' | 'contentOf' | 'revision'>
  /** PUBLISH_MODE=review: a post's version waiting on its review branch uses images too. */
  reviews?: Pick<PostReviews, 'all'>
  /** The most pixels of an image, and the most bytes of each kind (the contract's defaults where unsaid). */
  limits: { maxPixels: number; maxBytes?: number; maxVideoBytes?: number; maxAudioBytes?: number }
  /** Where a video or audio upload is written as it arrives, before it is committed (uploadsDirOf: swept at start). */
  tempDir: string
  /** How an upload is made fit for the library: prepareImage unless a test passes its own. */
  prepare?: (bytes: Buffer, limits: { maxPixels: number }) => Promise<PreparedImage>
  logger: Logger
  /** Told about each image added or removed (the variants: warm a new one, forget an old one). */
  onAdded?: (media: MediaName) => void
  onRemoved?: (media: MediaName) => void
  /** The year a new upload is filed under. */
  now?: () => Date
}

const TYPE_OF_EXT = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const satisfies Record<MediaName['ext'], MediaType>
const THUMBNAIL_WIDTH = 320
const MEDIA_PATH = /\/media\/(?:w[0-9]+\/)?([0-9]{4})\/([a-z0-9-]+\.(?:jpg|png|gif|mp4|webm|mp3|m4a|ogg|oga|wav|vtt))/g

/** A file of the library of either naming: an image, or a video, audio or captions file. */
type LibraryFile = { image: MediaFile } | { av: MediaFile<AvName> }
const fileOf = (found: LibraryFile): MediaFile<MediaName | AvName> => ('image' in found ? found.image : found.av)
const nameOf = (found: LibraryFile) => ('image' in found ? mediaFileName(found.image.media) : avFileName(found.av.media))
const kindOf = (found: LibraryFile) => ('image' in found ? 'image' : AV_FORMATS[found.av.media.ext].kind)

/**
 * The media library: images, videos, audio and captions as files of the content repository, each
 * upload one commit holding only that file, each delete one commit, pushed like a post save.
 * Images are made fit UPLOADS_AT_ONCE at a time, outside any lock, and each within its limits
 * (bytes, pixels, a JPEG's scans, time: prepare-image.ts); a video, audio or captions file is
 * checked by its bytes as it streams to a temp file and committed as it is (no transcoding:
 * upload-spool.ts). Each commit is a repository transaction, like every other write.
 */
export class MediaLibrary {
  readonly #deps: MediaLibraryDeps
  readonly #preparing = new JobPool({ concurrency: UPLOADS_AT_ONCE, maxQueued: UPLOADS_WAITING })
  /** Files are never changed in place (the name carries the hash): a date, once known, stays. */
  readonly #dates = new Map<string, string>()
  #uses: { revision: number; byFile: Map<string, PostRef[]> } | null = null

  constructor(deps: MediaLibraryDeps) {
    this.#deps = deps
  }

  /** The most bytes of each kind an upload may have. */
  get uploadLimits(): UploadLimits {
    const { limits } = this.#deps
    return {
      image: limits.maxBytes ?? DEFAULT_MEDIA_MAX_BYTES,
      video: limits.maxVideoBytes ?? DEFAULT_MEDIA_MAX_VIDEO_BYTES,
      audio: limits.maxAudioBytes ?? DEFAULT_MEDIA_MAX_AUDIO_BYTES,
    }
  }

  /** The largest upload of any kind: a body larger than it is refused before it is read. */
  get maxUploadBytes(): number {
    return largestUpload(this.uploadLimits)
  }

  /** What a body over maxUploadBytes is told. */
  get tooLargeMessage(): string {
    return uploadLimitsText(this.uploadLimits)
  }

  /** An upload's bytes as they stream in, told apart by their first bytes (upload-spool.ts): nothing is committed yet. */
  receive(stream: Readable): Promise<SpooledUpload> {
    return spoolUpload(stream, { tempDir: this.#deps.tempDir, limits: this.uploadLimits })
  }

  /** Forgets an upload received but not added (its request failed). */
  discard(received: SpooledUpload): Promise<void> {
    return discardSpool(received)
  }

  /** Adds a received upload: an image is made fit (upload), any other file is committed as it is. */
  async add(options: { received: SpooledUpload; filename: string; alt: string; author: GitAuthor }): Promise<{ item: MediaItem; created: boolean }> {
    const { received, ...rest } = options
    if (received.kind === 'image') return this.upload({ bytes: received.bytes, ...rest })
    try {
      return await this.#deps.repository.transaction(async (tx) => {
        const existing = await this.#find(received.hash)
        if (existing) return { item: await this.#itemOf(existing, options.alt), created: false }
        const media: AvName = { year: this.#year(), name: readableName(options.filename), hash: received.hash, ext: received.ext }
        const file = avFileOf(this.#deps.mediaDir, media)
        // The git layer writes a blob from its bytes: the file is read whole once here, within its kind's limit.
        const saved = await tx.commitFiles({
          changes: [{ path: file, content: await readFile(received.file) }],
          message: `media: add ${media.year}/${avFileName(media)}`,
          author: options.author,
        })
        if (saved !== null) this.#dates.set(file, new Date().toISOString())
        return { item: await this.#itemOf({ av: { media, file, bytes: received.size } }, options.alt), created: saved !== null }
      })
    } finally {
      await rm(received.file, { force: true })
    }
  }

  async upload(options: { bytes: Buffer; filename: string; alt: string; author: GitAuthor }): Promise<{ item: MediaItem; created: boolean }> {
    const prepare = this.#deps.prepare ?? prepareImage
    const image = await this.#preparing.run(() => prepare(options.bytes, this.#deps.limits)).catch((error: unknown) => {
      throw error instanceof PoolFullError ? new BusyError('Busy preparing other images, try again shortly.', UPLOADS_RETRY_SECONDS) : error
    })
    return this.#deps.repository.transaction(async (tx) => {
      const existing = await this.#find(image.hash)
      if (existing) return { item: await this.#itemOf(existing, options.alt), created: false }
      const media: MediaName = {
        year: this.#year(),
        name: readableName(options.filename),
        hash: image.hash,
        width: image.width,
        height: image.height,
        ext: image.ext,
      }
      const file = mediaFileOf(this.#deps.mediaDir, media)
      const saved = await tx.commitFiles({
        changes: [{ path: file, content: image.bytes }],
        message: `media: add ${media.year}/${mediaFileName(media)}`,
        author: options.author,
      })
      if (saved !== null) {
        this.#dates.set(file, new Date().toISOString())
        this.#deps.onAdded?.(media)
      }
      return { item: await this.#itemOf({ image: { media, file, bytes: image.bytes.length } }, options.alt), created: saved !== null }
    })
  }

  /** Newest first; `q` matches words of the file names, `kind` keeps one kind. */
  async list(query: MediaListQuery = {}): Promise<{ items: MediaItem[]; total: number }> {
    const words = (query.q ?? '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)
    const files = (await this.#files()).filter((found) => (!query.kind || kindOf(found) === query.kind) && words.every((word) => nameOf(found).includes(word)))
    const dated = await Promise.all(files.map(async (found) => ({ found, date: await this.#dateOf(fileOf(found)) })))
    dated.sort((a, b) => b.date.localeCompare(a.date) || fileOf(a.found).file.localeCompare(fileOf(b.found).file))
    const perPage = query.perPage ?? MEDIA_PER_PAGE
    const start = ((query.page ?? 1) - 1) * perPage
    const items = await Promise.all(dated.slice(start, start + perPage).map(({ found }) => this.#itemOf(found, '')))
    return { items, total: files.length }
  }

  /** Removes an image no post uses, in one commit; 409 naming the posts that use it. */
  remove(id: string, author: GitAuthor): Promise<void> {
    return this.#deps.repository.transaction(async (tx) => {
      const library = await this.#find(id)
      if (!library) throw new NotFoundError('No image in the library has this id')
      const found = fileOf(library)
      const users = this.#usesOf(library)
      if (users.length > 0) {
        const names = users.map((post) => `"${post.title}" (${post.slug})`).join(', ')
        throw new ConflictError(`This ${kindOf(library) === 'image' ? 'image' : 'file'} is used by ${users.length === 1 ? 'a post' : `${users.length} posts`}: ${names}. Remove it from them first.`)
      }
      await tx.commitFiles({
        changes: [{ path: found.file, content: null }],
        message: `media: remove ${found.media.year}/${nameOf(library)}`,
        author,
      })
      this.#dates.delete(found.file)
      if ('image' in library) this.#deps.onRemoved?.(library.image.media)
    })
  }

  async #files(): Promise<LibraryFile[]> {
    const { mediaDir } = this.#deps
    const { images, avs } = await readLibraryFiles(mediaDir)
    return [...images.map((image) => ({ image })), ...avs.map((av) => ({ av }))]
  }

  async #find(hash: string): Promise<LibraryFile | undefined> {
    return (await this.#files()).find((found) => fileOf(found).media.hash === hash)
  }

  #year(): string {
    return String((this.#deps.now?.() ?? new Date()).getUTCFullYear())
  }

  async #itemOf(found: LibraryFile, alt: string): Promise<MediaItem> {
    if ('image' in found) return this.#item(found.image, alt)
    const { media, bytes } = found.av
    const format = AV_FORMATS[media.ext]
    const item = { id: media.hash, url: avUrl(media), width: 0, height: 0, thumbnailUrl: '', alt }
    return { ...item, kind: format.kind, type: format.type, bytes, date: await this.#dateOf(found.av), usedBy: this.#usesOf(found) }
  }

  async #item(file: MediaFile, alt: string): Promise<MediaItem> {
    const { media } = file
    const url = mediaUrl(media)
    const thumbnail = variantWidthsOf(media).find((width) => width >= THUMBNAIL_WIDTH)
    return {
      id: media.hash,
      url,
      width: media.width,
      height: media.height,
      kind: 'image',
      type: TYPE_OF_EXT[media.ext],
      bytes: file.bytes,
      date: await this.#dateOf(file),
      alt,
      thumbnailUrl: thumbnail === undefined ? url : variantUrl(media, thumbnail),
      usedBy: this.#usesOf({ image: file }),
    }
  }

  /** The date of the commit that added the file (its only one: files never change). */
  async #dateOf(file: MediaFile<MediaName | AvName>): Promise<string> {
    const known = this.#dates.get(file.file)
    if (known) return known
    let date: string
    try {
      const [added] = await this.#deps.repository.fileHistory({ path: file.file, identify: () => null, limit: 1 })
      date = added?.date ?? new Date(0).toISOString()
    } catch (error) {
      this.#deps.logger.warn(`Could not read when ${file.file} was added: ${String(error)}`)
      return new Date(0).toISOString()
    }
    this.#dates.set(file.file, date)
    return date
  }

  /**
   * The posts (drafts and versions under review too) whose content or featured image points at
   * the file, or at any variant of it.
   */
  #usesOf(found: LibraryFile): PostRef[] {
    const index = this.#deps.index
    if (this.#uses?.revision !== index.revision) this.#uses = { revision: index.revision, byFile: usesByFile(everyPost(index)) }
    const key = `${fileOf(found).media.year}/${nameOf(found)}`
    const live = this.#uses.byFile.get(key) ?? []
    const reviews = this.#deps.reviews?.all() ?? []
    if (reviews.length === 0) return live
    const inReview = usesByFile(reviews.flatMap((review) => (review.post ? [review.post] : []))).get(key) ?? []
    return [...live, ...inReview.filter((post) => !live.some((known) => known.id === post.id))]
  }
}

/** Every post of the index with its content, read one at a time (the index does not hold it). */
function* everyPost(index: MediaLibraryDeps['index']): Iterable<Post> {
  for (const post of index.allVersioned()) yield { ...post, content: index.contentOf(post.slug) ?? '' }
}

/** `<year>/<file>` → the posts that point at it. */
export function usesByFile(posts: Iterable<Post>): Map<string, PostRef[]> {
  const byFile = new Map<string, PostRef[]>()
  for (const post of posts) {
    const files = new Set<string>()
    for (const text of [post.featuredImageUrl, post.content]) {
      for (const match of text.matchAll(MEDIA_PATH)) files.add(`${match[1]}/${match[2]}`)
    }
    for (const file of files) {
      const refs = byFile.get(file) ?? []
      refs.push({ id: post.id, slug: post.slug, title: post.title })
      byFile.set(file, refs)
    }
  }
  return byFile
}
