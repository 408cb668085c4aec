import path from 'node:path'
import type { DeletedPost } from '../../../core/contract/index.ts'
import { parsePostFile } from '../../content/parse-post.ts'
import type { Post } from '../../../core/post.ts'
import { postIdOf } from '../../content/post-identity.ts'
import { isPostFileName, type PostPaths } from '../../content/post-paths.ts'
import type { ContentRepository, FileRemovalEntry, HistoryStart } from '../../git/content-repository.ts'
import type { BlogContent } from '../content/blog-content.ts'

/** A deleted post, with where its history starts (its last version) and the commit that removed it. */
export interface DeletedPostRecord {
  post: DeletedPost
  /** The last version: the removal's parent commit, the file there. */
  start: HistoryStart
  removal: FileRemovalEntry
}

export interface DeletedPostsDeps {
  content: Pick<BlogContent, 'index'>
  repository: Pick<ContentRepository, 'removedFiles' | 'readBlob' | 'fileHistory'>
  paths: PostPaths
}

/**
 * The posts whose file a commit removed and that no post file holds now (by id), read from git:
 * a deletion in the admin, a maintainer's `git rm`, a pull that brought one. The newest removal
 * of each id is the one listed (a post renamed, then deleted, is listed once, at its deletion).
 * A post restored since is live again and not listed. The walk over the history is remembered
 * for the branch's head: a new commit walks again, from the diffs the history cache keeps.
 */
export class DeletedPosts {
  readonly #deps: DeletedPostsDeps
  #known: { head: string | null; records: DeletedPostRecord[] } | null = null

  constructor(deps: DeletedPostsDeps) {
    this.#deps = deps
  }

  /** Newest deletion first. */
  async list(): Promise<DeletedPost[]> {
    return (await this.#records()).map((record) => record.post)
  }

  async find(id: string): Promise<DeletedPostRecord | undefined> {
    return (await this.#records()).find((record) => record.post.id === id)
  }

  async #records(): Promise<DeletedPostRecord[]> {
    const { repository, paths, content } = this.#deps
    const { head, removals } = await repository.removedFiles((file) => {
      const name = paths.nameInBlog(file)
      return name !== null && isPostFileName(name)
    })
    if (this.#known?.head !== head) {
      const records: DeletedPostRecord[] = []
      const seen = new Set<string>()
      for (const removal of removals) {
        const post = await this.#read(removal)
        if (!post || seen.has(post.id)) continue
        seen.add(post.id)
        const start = { commit: removal.parent, path: removal.path, blob: removal.blob }
        const [last] = await repository.fileHistory({ path: removal.path, identify: postIdOf, from: start, limit: 1 })
        records.push({
          post: {
            id: post.id,
            slug: post.slug,
            title: post.title,
            summary: post.summary,
            deleted: { commit: removal.commit, author: removal.author, date: removal.date },
            lastVersion: last ? { commit: last.commit, author: last.author, date: last.date } : { commit: removal.parent, author: removal.author, date: removal.date },
          },
          start,
          removal,
        })
      }
      this.#known = { head, records }
    }
    return this.#known.records.filter((record) => !content.index.byId(record.post.id))
  }

  /** The post as its removed file held it; null when that file could not be read as a post. */
  async #read(removal: FileRemovalEntry): Promise<Post | null> {
    try {
      return parsePostFile(Buffer.from(await this.#deps.repository.readBlob(removal.blob)).toString('utf8'), path.basename(removal.path))
    } catch {
      return null
    }
  }
}
