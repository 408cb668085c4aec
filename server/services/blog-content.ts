import type { Logger } from '../logger.ts'
import { PostIndex, showsInListDifferently } from '../content/post-index.ts'
import { isPostFileName, type PostFiles, type ReadResult } from '../content/post-files.ts'

/** What a reload changed, for whoever regenerates pages and caches. */
export interface ContentChange {
  /** Slugs whose post was added or changed. */
  updated: string[]
  /** Slugs that no longer exist. */
  removed: string[]
  /** Whether the published list (what `/blog` and the public API show) may have changed. */
  publishedListChanged: boolean
}

/**
 * Keeps the in-memory index true to the post files: loads them all at start, and re-reads
 * the files that changed (a save, a pull, an edit by hand). A file that fails to parse is
 * skipped and logged with its name and reason; the rest of the site stays up.
 */
export class BlogContent {
  readonly index = new PostIndex()
  private readonly listeners = new Set<(change: ContentChange) => unknown>()

  constructor(
    private readonly files: PostFiles,
    private readonly logger: Logger,
  ) {}

  async load(): Promise<void> {
    const names = await this.files.listFileNames()
    await this.apply(await this.files.readMany(names))
    this.logger.info(`Loaded ${this.index.size} posts from ${this.files.blogDir}`)
  }

  /** Re-reads the named files, or the whole folder when `names` is null. */
  async reload(names: Iterable<string> | null): Promise<ContentChange> {
    let fileNames: string[]
    if (names === null) {
      const present = new Set(await this.files.listFileNames().catch(() => []))
      for (const post of this.index.all()) present.add(`${post.slug}.html`)
      fileNames = [...present]
    } else {
      fileNames = [...names].filter(isPostFileName)
    }
    return this.apply(await this.files.readMany(fileNames))
  }

  /**
   * `listener` runs after each change; a reload resolves only once every listener's promise
   * has (so a save answers after its pages are regenerated).
   */
  onChange(listener: (change: ContentChange) => unknown): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async apply(results: Map<string, ReadResult>): Promise<ContentChange> {
    const change: ContentChange = { updated: [], removed: [], publishedListChanged: false }
    // Removals first: a renamed post's id must be free before its new file is added.
    const ordered = [...results].sort(([, a], [, b]) => Number('post' in a) - Number('post' in b))
    for (const [fileName, result] of ordered) {
      const slug = fileName.slice(0, -'.html'.length)
      const before = this.index.bySlugAny(slug)
      if ('post' in result) {
        if (before && this.index.versionOf(slug) === result.version) continue
        const problem = this.index.upsert(result.post, result.version)
        if (problem) {
          this.logger.warn(`Skipped ${fileName}: ${problem}`)
          continue
        }
        change.updated.push(slug)
        if (!before ? result.post.isPublished : showsInListDifferently(before, result.post)) {
          change.publishedListChanged = true
        }
      } else {
        if ('error' in result) this.logger.warn(`Skipped ${result.error.message}`)
        if (!before) continue
        this.index.remove(slug)
        change.removed.push(slug)
        if (before.isPublished) change.publishedListChanged = true
      }
    }
    if (change.updated.length > 0 || change.removed.length > 0) {
      await Promise.all([...this.listeners].map((listener) => listener(change)))
    }
    return change
  }
}
