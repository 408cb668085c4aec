import { MEDIA_PER_PAGE, type MediaItem, type MediaType, type MediaListQuery, type PostRef } from '../../../core/contract/index.ts'
import { type MediaName, mediaFileName, mediaUrl, variantUrl, variantWidthsOf } from '../../../core/media-urls.ts'
import type { Post } from '../../../core/post.ts'
import type { PostIndex } from '../../content/post-index.ts'
import type { ContentRepository, GitAuthor } from '../../git/content-repository.ts'
import { BusyError, ConflictError, NotFoundError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { JobPool, PoolFullError } from '../../lib/job-pool.ts'
import { mediaFileOf } from '../../media/media-folder.ts'
import { type MediaFile, readMediaFiles } from '../../media/media-files.ts'
import { type PreparedImage, prepareImage, readableName } from '../../media/prepare-image.ts'
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
  limits: { maxPixels: number }
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
const MEDIA_PATH = /\/media\/(?:w[0-9]+\/)?([0-9]{4})\/([a-z0-9-]+\.(?:jpg|png|gif))/g

/**
 * The media library: images as files of the content repository, each upload one
 * commit holding only that file, each delete one commit, pushed like a post save. Uploads are
 * made fit UPLOADS_AT_ONCE at a time, outside any lock, and each within its limits (bytes,
 * pixels, a JPEG's scans, time: prepare-image.ts); each commit is a repository transaction, like
 * every other write.
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

  async upload(options: { bytes: Buffer; filename: string; alt: string; author: GitAuthor }): Promise<{ item: MediaItem; created: boolean }> {
    const prepare = this.#deps.prepare ?? prepareImage
    const image = await this.#preparing.run(() => prepare(options.bytes, this.#deps.limits)).catch((error: unknown) => {
      throw error instanceof PoolFullError ? new BusyError('Busy preparing other images, try again shortly.', UPLOADS_RETRY_SECONDS) : error
    })
    return this.#deps.repository.transaction(async (tx) => {
      const existing = (await readMediaFiles(this.#deps.mediaDir)).find((file) => file.media.hash === image.hash)
      if (existing) return { item: await this.#item(existing, options.alt), created: false }
      const media: MediaName = {
        year: String((this.#deps.now?.() ?? new Date()).getUTCFullYear()),
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
      return { item: await this.#item({ media, file, bytes: image.bytes.length }, options.alt), created: saved !== null }
    })
  }

  /** Newest first; `q` matches words of the file names. */
  async list(query: MediaListQuery = {}): Promise<{ items: MediaItem[]; total: number }> {
    const words = (query.q ?? '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)
    const files = (await readMediaFiles(this.#deps.mediaDir)).filter((file) => words.every((word) => mediaFileName(file.media).includes(word)))
    const dated = await Promise.all(files.map(async (file) => ({ file, date: await this.#dateOf(file) })))
    dated.sort((a, b) => b.date.localeCompare(a.date) || a.file.file.localeCompare(b.file.file))
    const perPage = query.perPage ?? MEDIA_PER_PAGE
    const start = ((query.page ?? 1) - 1) * perPage
    const items = await Promise.all(dated.slice(start, start + perPage).map(({ file }) => this.#item(file, '')))
    return { items, total: files.length }
  }

  /** Removes an image no post uses, in one commit; 409 naming the posts that use it. */
  remove(id: string, author: GitAuthor): Promise<void> {
    return this.#deps.repository.transaction(async (tx) => {
      const found = (await readMediaFiles(this.#deps.mediaDir)).find((file) => file.media.hash === id)
      if (!found) throw new NotFoundError('No image in the library has this id')
      const users = this.#usesOf(found)
      if (users.length > 0) {
        const names = users.map((post) => `"${post.title}" (${post.slug})`).join(', ')
        throw new ConflictError(`This image is used by ${users.length === 1 ? 'a post' : `${users.length} posts`}: ${names}. Remove it from them first.`)
      }
      await tx.commitFiles({
        changes: [{ path: found.file, content: null }],
        message: `media: remove ${found.media.year}/${mediaFileName(found.media)}`,
        author,
      })
      this.#dates.delete(found.file)
      this.#deps.onRemoved?.(found.media)
    })
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
      type: TYPE_OF_EXT[media.ext],
      bytes: file.bytes,
      date: await this.#dateOf(file),
      alt,
      thumbnailUrl: thumbnail === undefined ? url : variantUrl(media, thumbnail),
      usedBy: this.#usesOf(file),
    }
  }

  /** The date of the commit that added the file (its only one: files never change). */
  async #dateOf(file: MediaFile): Promise<string> {
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
  #usesOf(file: MediaFile): PostRef[] {
    const index = this.#deps.index
    if (this.#uses?.revision !== index.revision) this.#uses = { revision: index.revision, byFile: usesByFile(everyPost(index)) }
    const key = `${file.media.year}/${mediaFileName(file.media)}`
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
