import type { TagInUse, TagRenameResult } from '../../../core/contract/index.ts'
import { tagSlug } from '../../../core/tags.ts'
import { tagRenameBodySchema } from '../../../core/contract/tag-requests.ts'
import { blobId } from '../../git/blob-id.ts'
import type { ContentRepository, FileChange, GitAuthor } from '../../git/content-repository.ts'
import type { IndexedPost } from '../../../core/post.ts'
import type { PostPaths } from '../../content/post-paths.ts'
import { serializePost } from '../../content/serialize-post.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import type { BlogContent, PostWrite } from '../content/blog-content.ts'
import type { Redirects } from '../redirects/redirects.ts'
import { tagPathsMoved } from '../../../core/tag-pages.ts'

export interface AdminTagsDeps {
  content: BlogContent
  repository: Pick<ContentRepository, 'transaction'>
  paths: PostPaths
  /** PUBLISH_MODE=review: a rename would have to be a review of every post it changes, so it is refused. */
  reviewMode: boolean
  /** The old tag's pages and feeds redirect to the new tag's, in the rename's commit (absent: none recorded). */
  redirects?: Pick<Redirects, 'pagesMoved'>
}

/**
 * The tags in use across the posts (drafts included), for the editor's suggestions and the list's
 * filter, and a tag renamed (or merged into another) in every post that has it, as one commit.
 */
export class AdminTags {
  readonly #deps: AdminTagsDeps

  constructor(deps: AdminTagsDeps) {
    this.#deps = deps
  }

  /** Every tag on a post, by name (case and accents aside), each with its post count. */
  list(): TagInUse[] {
    return tagsInUse(this.#deps.content.index.all())
  }

  /**
   * Body `{ from, to }`: `from` a tag's name or slug, `to` its new name. Every post with `from`
   * has `to` in its place (kept once where the post had both: a merge), in one commit authored by
   * `author`; the index takes what was written, and the pages follow as after any save. The old
   * tag's pages and feeds redirect to the new one's from the same commit: links to them, and
   * readers subscribed to its feed, keep working.
   */
  rename(body: unknown, author: GitAuthor): Promise<TagRenameResult> {
    const fields = parseInput(tagRenameBodySchema, body)
    const [from, to] = [tagSlug(fields.from), fields.to]
    if (this.#deps.reviewMode) {
      throw new ConflictError('Tags cannot be renamed across posts with PUBLISH_MODE=review: each change would need its own review. Change the tag in each post instead.')
    }
    return this.#deps.repository.transaction(async (tx) => {
      const { index } = this.#deps.content
      const tagged = index.all().filter((post) => post.tags?.some((name) => tagSlug(name) === from))
      if (tagged.length === 0) throw new NotFoundError(`No post has the tag "${fields.from}"`)
      const posts: PostWrite[] = tagged.map((listed) => {
        const post = { ...index.versionedById(listed.id)! }
        delete (post as Partial<typeof post>).version
        post.tags = renamedTags(post.tags ?? [], from, to)
        const text = serializePost(post)
        return { post, text, version: blobId(Buffer.from(text, 'utf8')) }
      })
      const changes: FileChange[] = posts.map((file) => ({ path: this.#deps.paths.fileOf(file.post.slug), content: Buffer.from(file.text, 'utf8'), blobId: file.version }))
      const movedPaths = tagPathsMoved(index.list(), from, tagSlug(to))
      const moved = movedPaths.length > 0 && this.#deps.redirects ? await this.#deps.redirects.pagesMoved(movedPaths) : null
      if (moved) changes.push(moved.change)
      const oldName = tagged[0]!.tags!.find((name) => tagSlug(name) === from)!
      const message = `blog: rename the tag "${oldName}" to "${to}" in ${tagged.length} post${tagged.length === 1 ? '' : 's'}`
      await this.#deps.content.commit(tx, { changes, message, author, posts })
      moved?.committed()
      const tag = this.list().find((entry) => entry.slug === tagSlug(to))!
      return { posts: tagged.length, tag }
    })
  }
}

/** The tags of `posts`, by slug, named as the newest post with each spells it, sorted by name. */
export function tagsInUse(posts: readonly Pick<IndexedPost, 'tags' | 'publishDate'>[]): TagInUse[] {
  const tags = new Map<string, TagInUse & { newest: string }>()
  for (const post of posts) {
    for (const name of post.tags ?? []) {
      const slug = tagSlug(name)
      const known = tags.get(slug)
      if (!known) tags.set(slug, { name, slug, count: 1, newest: post.publishDate })
      else {
        known.count++
        if (post.publishDate > known.newest) Object.assign(known, { name, newest: post.publishDate })
      }
    }
  }
  return [...tags.values()].map(({ name, slug, count }) => ({ name, slug, count })).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.slug < b.slug ? -1 : 1))
}

/** `tags` with the tag `from` (a slug) named `to`, in its place; once, where `to` was there already. */
export function renamedTags(tags: readonly string[], from: string, to: string): string[] {
  const toSlug = tagSlug(to)
  const renamed: string[] = []
  for (const name of tags) {
    const next = tagSlug(name) === from ? to : name
    if (tagSlug(next) === toSlug && renamed.some((kept) => tagSlug(kept) === toSlug)) continue
    renamed.push(next)
  }
  return renamed
}
