import type { PostSummary } from './post.ts'

/**
 * Each post's place in a published list (newest first), by slug (pure). Worked out once per
 * list, as tag-lists.ts does: the index hands out a new array on every change to the list.
 */
const byList = new WeakMap<readonly PostSummary[], ReadonlyMap<string, number>>()

export function positionsOf(list: readonly PostSummary[]): ReadonlyMap<string, number> {
  let positions = byList.get(list)
  if (!positions) {
    const made = new Map<string, number>()
    list.forEach((post, at) => made.set(post.slug, at))
    byList.set(list, (positions = made))
  }
  return positions
}

/** The posts just before and after `slug` in the published list: the newer one and the older one (null at either end, or for a post not in it). */
export function neighboursOf(list: readonly PostSummary[], slug: string): { newer: PostSummary | null; older: PostSummary | null } {
  const at = positionsOf(list).get(slug)
  if (at === undefined) return { newer: null, older: null }
  return { newer: list[at - 1] ?? null, older: list[at + 1] ?? null }
}
