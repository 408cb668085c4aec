/**
 * The running site's search after the first base (real Pagefind, temp folders): a change writes
 * only a delta of the posts changed since the base, beside it, with the URLs whose base records are
 * stale; past the bound, or once the site has been quiet a while, the base is made again and the
 * delta cleared; each switch is whole, and a start serves the pair the record names.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PostIndex } from '../../server/content/post-index.ts'
import { SearchFolders } from '../../server/search/search-folders.ts'
import { searchStampOf } from '../../server/search/search-records.ts'
import { writeSearchIndex } from '../../server/search/write-search-index.ts'
import { SiteSearch } from '../../server/services/search/site-search.ts'
import { readSearchIndex } from '../support/read-search-index.ts'
import { recordingLogger } from '../support/recording-logger.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-search-delta-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const post = (slug: string, text: string) => ({
  id: `id-${slug}`,
  slug,
  title: `About ${slug}`,
  summary: '',
  publishDate: '2025-01-01',
  isPublished: true,
  featuredImageUrl: '',
  content: `<p>${text}</p>`,
})
const searchDir = () => path.join(dir, 'search')
const record = async () => JSON.parse(await readFile(path.join(searchDir(), 'current.json'), 'utf8')) as { folder: string; stamp: string; delta?: { folder: string; stamp: string; changed: string[] } }

/** A site search over `index` whose first base is made; `writes` counts the indexes written, by kind. */
async function opened(index: PostIndex, options: Partial<ConstructorParameters<typeof SiteSearch>[0]> = {}) {
  const writes = { index: 0, delta: 0 }
  const write: typeof writeSearchIndex = (records, out, how) => (writes[path.basename(out).startsWith('delta-') ? 'delta' : 'index']++, writeSearchIndex(records, out, how))
  const logger = recordingLogger()
  const search = new SiteSearch({ posts: index, folders: new SearchFolders(searchDir()), logger, delayMs: 20, startDelayMs: 0, write, ...options })
  await search.open()
  await search.idle()
  return { search, writes, logger }
}

describe('SiteSearch: the delta', () => {
  it('a save writes a delta of its post beside the base, marked, and the base is not made again', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('first', 'Apple TV remote'), 'v1')
    const { search, writes, logger } = await opened(index)
    const [base] = search.dirs()
    expect(search.delta()).toBeNull()

    index.upsert(post('second', 'Playlists from an M3U link'), 'v2')
    search.changed()
    await search.idle()
    expect(writes).toEqual({ index: 1, delta: 1 })
    expect(search.dirs()[0]).toBe(base)
    const delta = search.delta()!
    expect(delta.changed).toEqual(['/blog/second'])
    expect(search.deltaDir(delta.name)).toBe(delta.dir)
    expect((await readSearchIndex(delta.dir)).fragments.map(({ url, meta }) => ({ url, meta }))).toEqual([{ url: '/blog/second', meta: { title: 'About second', date: '2025-01-01', delta: '1' } }])
    expect((await readSearchIndex(base!)).fragments.map((fragment) => [fragment.url, fragment.meta.delta])).toEqual([['/blog/first', undefined]])
    expect(await record()).toEqual({ folder: path.basename(base!), stamp: expect.any(String), delta: { folder: delta.name, stamp: searchStampOf(index), changed: ['/blog/second'] } })
    expect(logger.lines.some((line) => line.startsWith('info: Search index: a delta of 1 posts (1 changed since the base)'))).toBe(true)
    await search.close()
  })

  it('an edit and a delete: both URLs are listed, the delta holds the edited post’s new text, and the list grows until the next base', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'the old words'), 'a1')
    index.upsert(post('b', 'soon gone'), 'b1')
    index.upsert(post('c', 'kept as it is'), 'c1')
    const { search } = await opened(index)
    index.upsert(post('a', 'the new words'), 'a2')
    index.remove('b')
    search.changed()
    await search.idle()
    const first = search.delta()!
    expect(first.changed).toEqual(['/blog/a', '/blog/b'])
    expect((await readSearchIndex(first.dir)).fragments.map(({ url, content }) => ({ url, content }))).toEqual([{ url: '/blog/a', content: 'About a. the new words' }])

    // A later change: the earlier stale URLs stay listed (the base still holds their old records), the old delta is kept a moment.
    index.upsert(post('d', 'a newcomer'), 'd1')
    search.changed()
    await search.idle()
    const second = search.delta()!
    expect(second.changed).toEqual(['/blog/a', '/blog/b', '/blog/d'])
    expect((await readSearchIndex(second.dir)).fragments.map((fragment) => fragment.url)).toEqual(['/blog/a', '/blog/d'])
    expect(search.deltaDir(first.name)).toBe(first.dir)
    expect((await readdir(searchDir())).sort()).toEqual([path.basename(search.dirs()[0]!), first.name, second.name, 'current.json'].sort())
    await search.close()
  })

  it('past the bound the base is made again and the delta cleared', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'a1')
    const { search, writes } = await opened(index, { deltaBound: 2 })
    const [firstBase] = search.dirs()
    for (const slug of ['b', 'c']) {
      index.upsert(post(slug, 'more'), `${slug}1`)
      search.changed()
      await search.idle()
    }
    expect(writes).toEqual({ index: 1, delta: 2 })
    expect(search.delta()?.changed).toEqual(['/blog/b', '/blog/c'])
    index.upsert(post('d', 'past the bound'), 'd1')
    search.changed()
    await search.idle()
    // The delta first (the post findable at once), then the base, in the background.
    expect(writes).toEqual({ index: 2, delta: 3 })
    expect(search.delta()).toBeNull()
    const [base, previous] = search.dirs()
    expect(previous).toBe(firstBase)
    expect((await readSearchIndex(base!)).fragments.map((fragment) => [fragment.url, fragment.meta.delta])).toEqual([['/blog/a', undefined], ['/blog/b', undefined], ['/blog/c', undefined], ['/blog/d', undefined]])
    expect(await record()).toEqual({ folder: path.basename(base!), stamp: searchStampOf(index) })
    await search.close()
  })

  it('once the site has been quiet a while, the base is made again and the delta cleared; a change within it starts it again', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'a1')
    const { search, writes } = await opened(index, { quietMs: 300 })
    // Its timers are the test's from here: the quiet period passes only when the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      /** A change, its delay passed (20 ms), and its update done. */
      const change = async (slug: string, text: string) => {
        index.upsert(post(slug, text), `${slug}1`)
        search.changed()
        await vi.advanceTimersByTimeAsync(20)
        await search.idle()
      }
      await change('b', 'two')
      expect(search.delta()).not.toBeNull()
      await vi.advanceTimersByTimeAsync(299)
      // A change within the quiet period starts it again.
      await change('c', 'three')
      expect(writes).toEqual({ index: 1, delta: 2 })
      await vi.advanceTimersByTimeAsync(299)
      expect(search.delta()).not.toBeNull()
      expect(writes).toEqual({ index: 1, delta: 2 })
      // Quiet for 300 ms: the base is made again.
      await vi.advanceTimersByTimeAsync(1)
      await search.idle()
    } finally {
      vi.useRealTimers()
    }
    expect(search.delta()).toBeNull()
    expect(writes).toEqual({ index: 2, delta: 2 })
    expect((await readSearchIndex(search.dirs()[0]!)).pages).toBe(3)
    expect((await record()).delta).toBeUndefined()
    await search.close()
  })

  it('a start serves the base and delta the record names; a delta that fails to write leaves the pair as it was', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'a1')
    const first = await opened(index)
    index.upsert(post('b', 'two'), 'b1')
    first.search.changed()
    await first.search.idle()
    const [base] = first.search.dirs()
    const delta = first.search.delta()!
    await first.search.close()

    let fail = false
    const again = await opened(index, {
      write: (records, out, how) => (fail ? Promise.reject(new Error('disk full')) : writeSearchIndex(records, out, how)),
    })
    expect(again.search.dirs()).toEqual([base])
    expect(again.search.delta()).toEqual(delta)

    fail = true
    index.upsert(post('c', 'three'), 'c1')
    again.search.changed()
    await again.search.idle()
    expect(again.search.delta()).toEqual(delta)
    expect(again.logger.lines.some((line) => line.includes('Could not update the search index: Error: disk full'))).toBe(true)
    expect((await record()).delta?.folder).toBe(delta.name)
    expect((await readdir(searchDir())).sort()).toEqual([path.basename(base!), delta.name, 'current.json'].sort())
    await again.search.close()
  })
})
