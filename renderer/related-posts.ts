import type { PostSummary } from '../server/content/post.ts'
import { positionsOf } from './post-neighbours.ts'
import { tagListsOf } from './tag-lists.ts'
import { tagSlug } from './tags.ts'

/** A post page lists at most this many related posts. */
export const MAX_RELATED = 3
/**
 * Only the newest this many posts of each of a post's tags are considered: the work per post is
 * bounded whatever a tag's size (10,000 posts' related lists are worked out at every start, for
 * the pages' stamps), and an older post that shares more tags gives way to newer ones there.
 */
export const TAG_WINDOW = 30
/**
 * When fewer than MAX_RELATED posts share a tag, the list is filled with the posts published
 * closest to it, up to this many places away in the published list (its next older and newer
 * posts, one place away, are its previous and next links already, so the fill starts two away).
 * Not the site's newest posts: those change with every new post, and every page whose list
 * changes is rendered again; the closest in date change only with a post near it.
 */
export const FILL_REACH = 4

/**
 * The related posts of `slug` in the published list `list` (pure): among the TAG_WINDOW newest
 * posts of each of its tags, those sharing the most tags with it, then the newest; then, when
 * fewer than MAX_RELATED share one, the closest in date (FILL_REACH says which). Empty for a
 * post not in the list.
 */
export function relatedPosts(list: readonly PostSummary[], slug: string): PostSummary[] {
  const positions = positionsOf(list)
  const at = positions.get(slug)
  if (at === undefined) return []
  const post = list[at]!
  const mine = tagSlugsOf(post)
  const related: PostSummary[] = []
  if (mine.length > 0) {
    const lists = tagListsOf(list)
    const seen = new Set<PostSummary>([post])
    // The best MAX_RELATED so far, best first, with their scores: one pass, no sort of every candidate.
    const best: { post: PostSummary; shared: number; at: number }[] = []
    for (const tag of mine) {
      const tagged = lists.get(tag)?.posts ?? []
      for (let i = 0; i < tagged.length && i < TAG_WINDOW; i++) {
        const other = tagged[i]!
        if (seen.has(other)) continue
        seen.add(other)
        const candidate = { post: other, shared: sharedTags(other, mine), at: positions.get(other.slug)! }
        let place = best.length
        while (place > 0 && ranksBefore(candidate, best[place - 1]!)) place--
        if (place < MAX_RELATED) {
          best.splice(place, 0, candidate)
          if (best.length > MAX_RELATED) best.pop()
        }
      }
    }
    for (const { post: other } of best) related.push(other)
  }
  for (let distance = 2; distance <= FILL_REACH && related.length < MAX_RELATED; distance++) {
    for (const near of [list[at + distance], list[at - distance]]) {
      if (near && related.length < MAX_RELATED && !related.includes(near)) related.push(near)
    }
  }
  return related
}

/**
 * The slugs of the posts whose related list may differ between two versions of the published
 * list, `before` and `after`, when the posts `changed` are the only ones that changed (added,
 * removed, edited or moved) (pure). A superset: a page whose stamp turns out the same is not
 * rendered again. A post's list reads the TAG_WINDOW newest posts of each of its tags and the
 * posts FILL_REACH places around it; those are the same in both versions unless a changed post is
 * among them in one of them. So: the posts within FILL_REACH places of a changed post, and every
 * post of a tag whose newest TAG_WINDOW hold a changed post, in either version.
 */
export function postsWithRelatedChanged(before: readonly PostSummary[], after: readonly PostSummary[], changed: Iterable<string>): Set<string> {
  const reached = new Set<string>()
  const slugs = [...changed]
  for (const list of [before, after]) {
    const positions = positionsOf(list)
    for (const slug of slugs) {
      const at = positions.get(slug)
      if (at === undefined) continue
      for (let near = Math.max(0, at - FILL_REACH); near <= Math.min(list.length - 1, at + FILL_REACH); near++) reached.add(list[near]!.slug)
      const post = list[at]!
      const mine = tagSlugsOf(post)
      if (mine.length === 0) continue
      const lists = tagListsOf(list)
      for (const tag of mine) {
        const tagged = lists.get(tag)?.posts ?? []
        const window = tagged.length <= TAG_WINDOW ? tagged : tagged.slice(0, TAG_WINDOW)
        if (window.includes(post)) for (const other of tagged) reached.add(other.slug)
      }
    }
  }
  return reached
}

/** Ranked by the tags shared, then the newer (the earlier in the list). */
function ranksBefore(a: { shared: number; at: number }, b: { shared: number; at: number }): boolean {
  return a.shared !== b.shared ? a.shared > b.shared : a.at < b.at
}

function sharedTags(post: PostSummary, slugs: readonly string[]): number {
  let shared = 0
  for (const slug of tagSlugsOf(post)) if (slugs.includes(slug)) shared++
  return shared
}

/** Each summary's tag slugs, worked out once: summaries are kept from one list to the next. */
const slugsOfPost = new WeakMap<PostSummary, readonly string[]>()

function tagSlugsOf(post: PostSummary): readonly string[] {
  if (!post.tags?.length) return []
  let slugs = slugsOfPost.get(post)
  if (!slugs) slugsOfPost.set(post, (slugs = [...new Set(post.tags.map(tagSlug))]))
  return slugs
}
