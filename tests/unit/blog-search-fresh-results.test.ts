import { describe, expect, it } from 'vitest'
import { freshResults, type ResultData } from '../../pages/blog/fresh-results.ts'

/** Results as Pagefind gives them (best first), counting the data loads. */
function resultsOf(list: { url: string; delta?: boolean }[]) {
  const loads: string[] = []
  const results = list.map(({ url, delta }) => ({
    data: async (): Promise<ResultData> => (loads.push(url), { url, excerpt: url, meta: { title: url, ...(delta ? { delta: '1' } : {}) } }),
  }))
  return { results, loads }
}

describe('freshResults', () => {
  it('with no delta: the first `shown`, the total as found, only those loaded', async () => {
    const { results, loads } = resultsOf(Array.from({ length: 25 }, (_, n) => ({ url: `/blog/p${n}` })))
    const fresh = await freshResults(results, new Set(), 10)
    expect(fresh.total).toBe(25)
    expect(fresh.results.map((data) => data.url)).toEqual(Array.from({ length: 10 }, (_, n) => `/blog/p${n}`))
    expect(loads).toHaveLength(10)
  })

  it('drops the base’s results of stale URLs, keeps the delta’s of the same URL, and counts what it dropped', async () => {
    const { results } = resultsOf([{ url: '/blog/edited' }, { url: '/blog/edited', delta: true }, { url: '/blog/gone' }, { url: '/blog/kept' }])
    const fresh = await freshResults(results, new Set(['/blog/edited', '/blog/gone']), 10)
    expect(fresh.results.map((data) => [data.url, data.meta.delta])).toEqual([['/blog/edited', '1'], ['/blog/kept', undefined]])
    expect(fresh.total).toBe(2)
  })

  it('an old text found only in the base’s stale record: nothing left, none counted', async () => {
    const { results } = resultsOf([{ url: '/blog/edited' }])
    expect(await freshResults(results, new Set(['/blog/edited']), 10)).toEqual({ total: 0, results: [] })
  })

  it('loads further when stale results were among the first: `shown` kept while there are enough', async () => {
    const list = [...Array.from({ length: 3 }, (_, n) => ({ url: `/blog/stale${n}` })), ...Array.from({ length: 12 }, (_, n) => ({ url: `/blog/p${n}` }))]
    const { results, loads } = resultsOf(list)
    const fresh = await freshResults(results, new Set(['/blog/stale0', '/blog/stale1', '/blog/stale2']), 10)
    expect(fresh.results).toHaveLength(10)
    expect(fresh.results[0]!.url).toBe('/blog/p0')
    expect(fresh.total).toBe(12)
    expect(loads).toHaveLength(13)
  })
})
