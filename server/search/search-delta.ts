/**
 * What a delta index holds (pure). Pagefind cannot update an index in place, and a base index of
 * every live post takes tens of seconds at 10,000 posts; so a running site keeps its base for a
 * while and, after each change, writes a small delta of the posts changed since (their records
 * marked `delta`), with the URLs whose base records are stale (changed or removed), which the page
 * drops from the base's results (pages/blog/BlogSearch.tsx).
 */
import { postUrl } from '../../core/post-urls.ts'
import type { SearchablePosts } from './search-records.ts'

/** `/pagefind/delta.json`: what the page reads first (BlogSearch.tsx). */
export const DELTA_RECORD = 'delta.json'

/** Its body: the delta's folder (to `mergeIndex`) and the URLs whose base results are stale; none: `{ path: null, changed: [] }`. */
export interface DeltaAnswer {
  path: string | null
  changed: readonly string[]
}

/** The body where a whole index stands alone (the build's, an export's). */
export const NO_DELTA: DeltaAnswer = { path: null, changed: [] }

/** Each live post's URL and version: what the base and delta served hold. */
export function searchVersionsOf(posts: Pick<SearchablePosts, 'list' | 'versionOf'>): Map<string, string> {
  const versions = new Map<string, string>()
  for (const { slug, publishDate } of posts.list()) versions.set(postUrl(slug), `${publishDate} ${posts.versionOf(slug) ?? ''}`)
  return versions
}

/**
 * The URLs whose base records are stale now: those stale already (`changed`, since the base), and
 * those whose post was added, changed or removed since `served` (the versions the base and delta
 * served were made from). A URL once stale stays so until the next base.
 */
export function changedSinceBase(served: ReadonlyMap<string, string>, changed: ReadonlySet<string>, now: ReadonlyMap<string, string>): Set<string> {
  const next = new Set(changed)
  for (const [url, version] of now) if (served.get(url) !== version) next.add(url)
  for (const url of served.keys()) if (!now.has(url)) next.add(url)
  return next
}
