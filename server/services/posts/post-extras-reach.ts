import type { PostSummary } from '../../../core/post.ts'
import type { ContentChange } from '../content/blog-content.ts'
import { postsWithRelatedChanged } from '../../../core/related-posts.ts'
import { postUrl } from '../../../core/post-urls.ts'

/**
 * Which post pages besides a change's own show what it changed: each post page links to its
 * previous and next posts and to its related posts (core/post-extras.ts), so a post's new
 * title, date or tags are also on its old and new neighbours' pages and on pages of posts sharing
 * its old or new tags. Worked out by comparing the published list with the one the pages were
 * last brought up to date with, which this keeps.
 */
export class PostExtrasReach {
  readonly #list: () => readonly PostSummary[]
  #shown: readonly PostSummary[]

  constructor(list: () => readonly PostSummary[]) {
    this.#list = list
    this.#shown = list()
  }

  /** Every page's stamp is worked out from the list as it is now (a start, a build). */
  settle(): void {
    this.#shown = this.#list()
  }

  /**
   * After `change`: the URLs of the other posts' pages whose previous, next or related links may
   * differ now (a superset: those whose stamp turns out the same are not rendered again). The
   * index makes a new list on every change to it, so an edit of a post's content alone reaches none.
   */
  pagesReached(change: ContentChange): string[] {
    const before = this.#shown
    const after = this.#list()
    this.#shown = after
    if (before === after) return []
    const changed = new Set([...change.updated, ...change.removed])
    return [...postsWithRelatedChanged(before, after, changed)].filter((slug) => !changed.has(slug)).map(postUrl)
  }
}
