/**
 * The search's results with the stale ones dropped. A running site serves two indexes
 * (server/services/search/site-search.ts): a base of every live post and a small delta of the posts
 * changed since, merged into the search; the base's results for a post changed or removed since
 * it (its URL in `stale`) are dropped, the delta's (their meta carries `delta`) kept. A result's
 * URL is known only from its data, so data is loaded in order, a page at a time, until `shown`
 * are kept or none is left.
 */

export interface ResultData {
  url: string
  meta: { title?: string; date?: string; delta?: string }
  excerpt: string
}

export async function freshResults(
  results: readonly { data(): Promise<ResultData> }[],
  stale: ReadonlySet<string>,
  shown: number,
): Promise<{ total: number; results: ResultData[] }> {
  const kept: ResultData[] = []
  let dropped = 0
  let next = 0
  while (kept.length < shown && next < results.length) {
    const page = results.slice(next, next + (stale.size === 0 ? shown : shown - kept.length))
    next += page.length
    for (const data of await Promise.all(page.map((result) => result.data()))) {
      if (data.meta.delta === undefined && stale.has(data.url)) dropped++
      else if (kept.length < shown) kept.push(data)
    }
  }
  // The results not loaded may hold stale ones too (at most `stale.size`): the total counts them, a
  // rare overcount only when more posts match than are shown.
  return { total: results.length - dropped, results: kept }
}
