import type { PostSummary } from './post.ts'
import { positionsOf } from './post-neighbours.ts'
import { type TagList, tagListsOf } from './tag-lists.ts'

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
  const at = positionsOf(list).get(slug)
  if (at === undefined) return []
  const related: PostSummary[] = []
  const tags = listTagsOf(list)
  const mine = tags.tagsAt[at] ?? NO_TAGS
  if (mine.length > 0) {
    for (const position of rankedFor(tags, mine)) if (position !== at && related.length < MAX_RELATED) related.push(list[position]!)
  }
  for (let distance = 2; distance <= FILL_REACH && related.length < MAX_RELATED; distance++) {
    const older = list[at + distance]
    if (older && !related.includes(older)) related.push(older)
    const newer = list[at - distance]
    if (newer && related.length < MAX_RELATED && !related.includes(newer)) related.push(newer)
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
      const { tagsAt, windows, tags } = listTagsOf(list)
      for (const tag of tagsAt[at] ?? NO_TAGS) {
        if (windows[tag]!.includes(at)) for (const other of tags[tag]!.posts) reached.add(other.slug)
      }
    }
  }
  return reached
}

/**
 * The MAX_RELATED + 1 best posts for a set of tags, by place in the list (the post itself may be
 * one of them: its caller leaves it out). Worked out once per tag set and list: posts with the
 * same tags have the same candidates, which most posts of a site share with others.
 */
function rankedFor(tags: ListTags, mine: readonly number[]): readonly number[] {
  const key = mine.length === 1 ? mine[0]! : mine.join(',')
  const known = tags.ranked.get(key)
  if (known) return known
  // Integers only from here: this runs for every post at every start (the pages' stamps).
  const seen = seenMarks(tags.tagsAt.length)
  // The best so far, best first: places in the list and tags shared.
  const best: number[] = []
  const shared: number[] = []
  for (const tag of mine) {
    for (const other of tags.windows[tag]!) {
      if (seen.marks[other] === seen.mark) continue
      seen.marks[other] = seen.mark
      const count = sharedCount(tags.tagsAt[other]!, mine)
      let place = best.length
      // Ranked by the tags shared, then the newer (the earlier in the list).
      while (place > 0 && (count > shared[place - 1]! || (count === shared[place - 1]! && other < best[place - 1]!))) place--
      if (place <= MAX_RELATED) {
        best.splice(place, 0, other)
        shared.splice(place, 0, count)
        if (best.length > MAX_RELATED + 1) (best.pop(), shared.pop())
      }
    }
  }
  tags.ranked.set(key, best)
  return best
}

const NO_TAGS: readonly number[] = []

/** A published list's tags as numbers: what relatedPosts reads for every post. */
interface ListTags {
  /** The tags of the post at each place in the list, by tag number (absent: none). */
  tagsAt: (readonly number[] | undefined)[]
  /** By tag number: the places of its TAG_WINDOW newest posts. */
  windows: (readonly number[])[]
  tags: TagList[]
  /** rankedFor's answers, by tag set. */
  ranked: Map<string | number, readonly number[]>
}

/** Worked out once per list from its tag lists (tag-lists.ts), as they are. */
const tagsByList = new WeakMap<readonly PostSummary[], ListTags>()

function listTagsOf(list: readonly PostSummary[]): ListTags {
  let made = tagsByList.get(list)
  if (made) return made
  const positions = positionsOf(list)
  made = { tagsAt: new Array<number[] | undefined>(list.length), windows: [], tags: [...tagListsOf(list).values()], ranked: new Map() }
  made.tags.forEach((tag, number) => {
    const window: number[] = []
    for (const post of tag.posts) {
      const at = positions.get(post.slug)!
      const tags = (made!.tagsAt[at] ??= []) as number[]
      if (tags[tags.length - 1] !== number) tags.push(number)
      if (window.length < TAG_WINDOW) window.push(at)
    }
    made!.windows.push(window)
  })
  tagsByList.set(list, made)
  return made
}

function sharedCount(tags: readonly number[], mine: readonly number[]): number {
  let count = 0
  for (const tag of tags) if (mine.includes(tag)) count++
  return count
}

/** Which places in the list a relatedPosts call has seen: reused, one number per call marks them. */
let seenScratch = { marks: new Int32Array(0), mark: 0 }

function seenMarks(length: number): { marks: Int32Array; mark: number } {
  if (seenScratch.marks.length < length || seenScratch.mark === 0x7fffffff) seenScratch = { marks: new Int32Array(Math.max(length, 1024)), mark: 0 }
  seenScratch.mark++
  return seenScratch
}
