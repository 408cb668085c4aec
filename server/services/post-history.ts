import path from 'node:path'
import type { PostHistoryEntry } from '../../renderer/contract/index.ts'
import { parsePostFile } from '../content/parse-post.ts'
import type { VersionedPost } from '../content/post.ts'
import { type PostPaths, slugOfFile } from '../content/post-paths.ts'
import { ConflictError, InvalidInputError, NotFoundError, PostFileError } from '../lib/errors.ts'
import type { ContentRepository, FileHistoryEntry } from '../git/content-repository.ts'
import type { BlogContent } from './blog-content.ts'

/** One commit in a post's history, as the admin API shows it: the contract's shape. */
export type { PostHistoryEntry }

/** A full commit id; short ones are ambiguous, and anything else cannot name a commit. */
const COMMIT_ID = /^[0-9a-f]{40}$/

/**
 * A post's past versions, read from git: the commits that changed its file, following renames
 * (a post keeps its `id` across a rename, so a removed file with the same id is its past), and
 * the post as it was in one of them.
 */
export interface PostHistoryDeps {
  content: BlogContent
  repository: Pick<ContentRepository, 'fileHistory' | 'readBlob'>
  /** Where the posts are in the repository. */
  paths: PostPaths
}

export class PostHistory {
  readonly #deps: PostHistoryDeps

  constructor(deps: PostHistoryDeps) {
    this.#deps = deps
  }

  async list(id: string): Promise<PostHistoryEntry[]> {
    return (await this.#entries(id)).map((entry) => ({
      id: entry.commit,
      author: entry.author,
      date: entry.date,
      message: entry.message,
      slug: slugOfFile(entry.path),
    }))
  }

  /** The post as commit `commit` left it; only a commit of its history names a version. */
  async version(id: string, commit: string): Promise<VersionedPost> {
    const oid = readCommitId(commit)
    const entry = (await this.#entries(id)).find((candidate) => candidate.commit === oid)
    if (!entry) throw new NotFoundError(`Commit ${oid} is not in this post's history`)
    const bytes = await this.#deps.repository.readBlob(entry.blob)
    try {
      const post = parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(entry.path))
      // A version written by hand may lack an id (one is derived from its slug then): it is still this post.
      return { ...post, id, version: entry.blob }
    } catch (error) {
      if (error instanceof PostFileError) throw new ConflictError(`This version of the post cannot be read: ${error.message}`)
      throw error
    }
  }

  async #entries(id: string): Promise<FileHistoryEntry[]> {
    const post = this.#deps.content.index.byId(id)
    if (!post) throw new NotFoundError('No post has this id')
    return this.#deps.repository.fileHistory({ path: this.#deps.paths.fileOf(post.slug), identify: postIdOf })
  }
}

/** A commit id from the client: 40 lowercase hex digits, or a 400 that says so. */
export function readCommitId(value: unknown): string {
  const oid = typeof value === 'string' ? value.toLowerCase() : ''
  if (!COMMIT_ID.test(oid)) throw new InvalidInputError('commit must be a full commit id (40 hexadecimal characters)', 'commit')
  return oid
}

/** A post file's identity across renames: its id (derived from its slug when the file has none). */
function postIdOf(file: string, bytes: Uint8Array): string | null {
  try {
    return parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(file)).id
  } catch {
    return null
  }
}
