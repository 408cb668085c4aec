import path from 'node:path'
import type { DeletedPost, PostChange, PostHistoryEntry, VersionComparison, VersionRef } from '../../../core/contract/index.ts'
import { diffContent } from '../../content/content-diff.ts'
import { displayPostHtml } from '../../content/display-html.ts'
import { parsePostFile } from '../../content/parse-post.ts'
import type { Post, VersionedPost } from '../../../core/post.ts'
import { changeBetween, changedFields } from '../../content/post-changes.ts'
import { postIdOf } from '../../content/post-identity.ts'
import { type PostPaths, slugOfFile } from '../../content/post-paths.ts'
import { safePostHtml } from '../../content/sanitize-html.ts'
import { ConflictError, NotFoundError, PostFileError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import { commitParamsSchema } from '../../../core/contract/post-requests.ts'
import type { ContentRepository, FileHistoryEntry } from '../../git/content-repository.ts'
import type { BlogContent } from '../content/blog-content.ts'
import type { DeletedPosts } from './deleted-posts.ts'
import { restoredCommitOf } from './post-commit-message.ts'

/** One commit in a post's history, as the admin API shows it: the contract's shape. */
export type { PostHistoryEntry }

/** How many deleted-and-restored stretches a history follows back (each a restore of a deleted post). */
const MAX_RESTORED_STRETCHES = 20

/** A commit of a post's history; `blob` null: the commit that deleted it (no version). */
type Entry = Omit<FileHistoryEntry, 'blob'> & { blob: string | null }

/**
 * A post's past versions, read from git: the commits that changed its file, following renames
 * (a post keeps its `id` across a rename, so a removed file with the same id is its past) and
 * restores of a deleted post (a restore names the version it brought back), what each changed,
 * the post as it was in one of them, and a version beside the current one. A deleted post has
 * a history too: its deletion, then the commits before it.
 */
export interface PostHistoryDeps {
  content: BlogContent
  repository: Pick<ContentRepository, 'fileHistory' | 'readBlob'>
  /** Where the posts are in the repository. */
  paths: PostPaths
  /** The posts deleted since: their histories, and the list the admin shows. */
  deleted: Pick<DeletedPosts, 'find' | 'list'>
}

export class PostHistory {
  readonly #deps: PostHistoryDeps

  constructor(deps: PostHistoryDeps) {
    this.#deps = deps
  }

  /** Newest first, each with what it changed against the version before it. */
  async list(id: string): Promise<PostHistoryEntry[]> {
    const entries = await this.#entries(id)
    const posts = await Promise.all(entries.map((entry) => (entry.blob === null ? null : this.#read(entry.blob, entry.path))))
    return entries.map((entry, index) => ({
      id: entry.commit,
      author: entry.author,
      date: entry.date,
      // The first line: what it has always been for a save (its words are in `change`).
      message: entry.message.split('\n', 1)[0]!,
      slug: slugOfFile(entry.path),
      change: this.#changeOf(entries, index, posts),
    }))
  }

  /** The posts whose file was removed and that are not back, newest deletion first. */
  deletedPosts(): Promise<DeletedPost[]> {
    return this.#deps.deleted.list()
  }

  /** A deleted post (not back since), or undefined. */
  async findDeleted(id: string): Promise<DeletedPost | undefined> {
    return (await this.#deps.deleted.find(id))?.post
  }

  /** The post as commit `commit` left it; only a commit of its history names a version. */
  async version(id: string, commit: string): Promise<VersionedPost> {
    return (await this.restorable(id, commit)).post
  }

  /** A version and which commit made it, who and when: what a restore brings back. */
  async restorable(id: string, commit: string): Promise<{ post: VersionedPost; from: VersionRef }> {
    const oid = readCommitId(commit)
    const entry = (await this.#entries(id)).find((candidate) => candidate.commit === oid)
    if (!entry) throw new NotFoundError(`Commit ${oid} is not in this post's history`)
    if (entry.blob === null) throw new NotFoundError('This commit deleted the post: choose a version before it')
    const bytes = await this.#deps.repository.readBlob(entry.blob)
    try {
      const post = parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(entry.path))
      // A version written by hand may lack an id (one is derived from its slug then): it is still this post.
      return { post: { ...post, id, version: entry.blob }, from: { commit: entry.commit, author: entry.author, date: entry.date } }
    } catch (error) {
      if (error instanceof PostFileError) throw new ConflictError(`This version of the post cannot be read: ${error.message}`)
      throw error
    }
  }

  /**
   * The version of `commit` beside the current one (a deleted post's: its last version): the
   * fields that differ, and the content as the page renders it, sanitized, with the words
   * inserted since in <ins> and the words removed in <del>.
   */
  async compare(id: string, commit: string): Promise<VersionComparison> {
    const { post: old, from } = await this.restorable(id, commit)
    const current = this.#deps.content.index.versionedById(id) ?? (await this.#lastVersionOfDeleted(id))
    const content = diffContent(rendered(old.content), rendered(current.content))
    return { from: { ...from, slug: old.slug }, fields: changedFields(old, current), content }
  }

  async #lastVersionOfDeleted(id: string): Promise<VersionedPost> {
    const record = await this.#deps.deleted.find(id)
    if (!record) throw new NotFoundError('No post has this id')
    return (await this.restorable(id, record.post.lastVersion.commit)).post
  }

  async #entries(id: string): Promise<Entry[]> {
    const { content, repository, paths, deleted } = this.#deps
    const post = content.index.byId(id)
    let entries: Entry[]
    if (post) entries = await repository.fileHistory({ path: paths.fileOf(post.slug), identify: postIdOf })
    else {
      const record = await deleted.find(id)
      if (!record) throw new NotFoundError('No post has this id')
      const { removal } = record
      const before = await repository.fileHistory({ path: record.start.path, identify: postIdOf, from: record.start })
      entries = [{ ...removal, blob: null }, ...before]
    }
    // A post restored after its deletion: its file was added by the restore, which names the version it brought back.
    for (let stretch = 0; stretch < MAX_RESTORED_STRETCHES; stretch++) {
      const oldest = entries.at(-1)
      const restored = oldest && restoredCommitOf(oldest.message)
      if (!oldest || !restored || restored.length !== 40 || entries.some((entry) => entry.commit === restored)) break
      const before = await repository.fileHistory({ path: oldest.path, identify: postIdOf, from: { commit: restored, path: oldest.path } })
      if (before.length === 0) break
      entries = [...entries, ...before]
    }
    return entries
  }

  /** What entry `index` changed: against the next (older) entry's version; a restore names its source. */
  #changeOf(entries: Entry[], index: number, posts: (Post | null)[]): PostChange {
    const entry = entries[index]!
    if (entry.blob === null) return { kind: 'deleted', fields: [] }
    const after = posts[index]!
    const older = entries[index + 1]
    const before = older === undefined || older.blob === null ? null : posts[index + 1]!
    // A version that cannot be read: the commit changed the file, nothing more can be said.
    const unreadable = after === null || (before === null && older?.blob)
    const change: PostChange = unreadable ? { kind: 'edited', fields: [] } : changeBetween(before, after)
    const restored = restoredCommitOf(entry.message)
    if (restored === null) return change
    const source = entries.find((candidate) => candidate.commit.startsWith(restored) && candidate.blob !== null)
    return { kind: 'restored', fields: change.kind === 'created' ? [] : change.fields, ...(source ? { restoredFrom: { commit: source.commit, author: source.author, date: source.date } } : {}) }
  }

  async #read(blob: string, file: string): Promise<Post | null> {
    try {
      return parsePostFile(Buffer.from(await this.#deps.repository.readBlob(blob)).toString('utf8'), path.basename(file))
    } catch {
      return null
    }
  }
}

/** Content as the post page renders it, sanitized (a version written by hand may not have been). */
function rendered(html: string): string {
  try {
    return displayPostHtml(safePostHtml(html))
  } catch {
    // Nested deeper than the sanitizer can walk: nothing of it is shown.
    return ''
  }
}

/**
 * A commit id from the client, in lowercase, or a 400 that says so: a full one (short ones are
 * ambiguous), as the contract's schema reads it.
 */
export function readCommitId(value: unknown): string {
  return parseInput(commitParamsSchema, { commit: value }).commit
}
