import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PostIndex } from '../../server/content/post-index.ts'
import { SearchFolders } from '../../server/search/search-folders.ts'
import { type SearchRecord, searchStampOf } from '../../server/search/search-records.ts'
import { writeSearchIndex } from '../../server/search/write-search-index.ts'
import { SiteSearch } from '../../server/services/search/site-search.ts'
import { readSearchIndex } from '../support/read-search-index.ts'
import { recordingLogger } from '../support/recording-logger.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-search-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const post = (slug: string, text: string, publishDate = '2025-01-01') => ({
  id: `id-${slug}`,
  slug,
  title: `About ${slug}`,
  summary: '',
  publishDate,
  isPublished: true,
  featuredImageUrl: '',
  content: `<p>${text}</p>`,
})

const readIndex = readSearchIndex

/** A promise and what settles it: what holds a write until the test lets it go. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

describe('writeSearchIndex (real Pagefind)', () => {
  it('writes an index of the records, with their title and date, and none of the ready-made UIs', async () => {
    const records: SearchRecord[] = [
      { url: '/blog/a', content: 'About a. Streaming on Apple TV', language: 'en', meta: { title: 'About a', date: '2025-01-02' } },
      { url: '/blog/b', content: 'About b. Playlists and EPG', language: 'en', meta: { title: 'About b', date: '2025-01-03' } },
    ]
    const out = path.join(dir, 'index')
    expect(await writeSearchIndex(records, out)).toEqual({ records: 2 })
    const index = await readIndex(out)
    expect(index.pages).toBe(2)
    expect(index.fragments.map(({ url, content, meta }) => ({ url, content, meta }))).toEqual([
      { url: '/blog/a', content: 'About a. Streaming on Apple TV', meta: { title: 'About a', date: '2025-01-02' } },
      { url: '/blog/b', content: 'About b. Playlists and EPG', meta: { title: 'About b', date: '2025-01-03' } },
    ])
    const files = await readdir(out)
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind']))
    expect(files.filter((name) => name.includes('-ui') || name === 'wasm.unknown.pagefind')).toEqual([])
  })

  it('stops sending records once its signal is aborted, and closes Pagefind with none in flight, quietly', async () => {
    const errors = vi.spyOn(console, 'error')
    const stop = new AbortController()
    const out = path.join(dir, 'stopped')
    async function* records(): AsyncIterable<SearchRecord> {
      for (let i = 0; i < 5000; i++) {
        // The site closes while the records are being read: two batches in.
        if (i === 2500) stop.abort(new Error('closed'))
        yield { url: `/blog/p${i}`, content: `Post ${i} about streaming`, language: 'en', meta: { title: `P${i}`, date: '2025-01-01' } }
      }
    }
    await expect(writeSearchIndex(records(), out, { signal: stop.signal })).rejects.toThrow('closed')
    expect(errors).not.toHaveBeenCalled()
    // Nothing written, and Pagefind still works for the next index.
    expect(await readdir(out).catch(() => [])).toEqual([])
    expect(await writeSearchIndex([{ url: '/blog/a', content: 'A', language: 'en', meta: { title: 'A', date: '2025-01-01' } }], path.join(dir, 'next'))).toEqual({ records: 1 })
  })

  it('in the background, Pagefind\'s process runs at a lower priority than the server', async () => {
    /** The niceness of this process's Pagefind children, read from /proc while the records are handed over. */
    const niceness = async () => {
      const found: number[] = []
      for (const task of await readdir(`/proc/${process.pid}/task`)) {
        for (const child of (await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8')).split(' ').filter(Boolean)) {
          const stat = await readFile(`/proc/${child}/stat`, 'utf8').catch(() => '')
          if (stat.includes('(pagefind')) found.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
        }
      }
      return found
    }
    const seen: number[][] = []
    async function* records(): AsyncGenerator<SearchRecord> {
      seen.push(await niceness())
      yield { url: '/blog/a', content: 'About a', language: 'en', meta: { title: 'About a', date: '2025-01-02' } }
    }
    await writeSearchIndex(records(), path.join(dir, 'background'), { background: true })
    await writeSearchIndex(records(), path.join(dir, 'foreground'))
    const own = getPriority()
    // Another test file's Pagefind may run in this process too (worker threads): ours is among them.
    expect(seen[0]).toContain(Math.max(10, own))
    expect(seen[1]).toContain(own)
  })

  it('two indexes asked for at once in one process are written one after the other, both whole', async () => {
    const record = (url: string): SearchRecord => ({ url, content: `Text of ${url}`, language: 'en', meta: { title: url, date: '2025-01-01' } })
    const [a, b] = await Promise.all([writeSearchIndex([record('/blog/a')], path.join(dir, 'a')), writeSearchIndex([record('/blog/b'), record('/blog/c')], path.join(dir, 'b'))])
    expect([a.records, b.records]).toEqual([1, 2])
    expect((await readIndex(path.join(dir, 'a'))).pages).toBe(1)
    expect((await readIndex(path.join(dir, 'b'))).pages).toBe(2)
  })

  it('writes an index of no posts (an empty blog): the search finds nothing rather than failing to load', async () => {
    const out = path.join(dir, 'empty')
    await writeSearchIndex([], out)
    expect((await readdir(out)).sort()).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json']))
  })
})

describe('SiteSearch', () => {
  const open = (index: PostIndex, options: Partial<ConstructorParameters<typeof SiteSearch>[0]> = {}) => {
    const logger = recordingLogger()
    const search = new SiteSearch({ posts: index, folders: new SearchFolders(path.join(dir, 'search')), logger, delayMs: 20, startDelayMs: 0, ...options })
    return { search, logger }
  }

  it('changes in a burst are one update, and one update runs at a time', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'v1')
    let running = 0
    let most = 0
    let writes = 0
    // The burst's update (the second write) is held until the test lets it go.
    const burstWriting = deferred()
    const burstGoes = deferred()
    const write: typeof writeSearchIndex = async (records, out) => {
      running++
      writes++
      most = Math.max(most, running)
      try {
        if (writes === 2) {
          burstWriting.resolve()
          await burstGoes.promise
        }
        return await writeSearchIndex(records, out)
      } finally {
        running--
      }
    }
    const { search } = open(index, { write })
    await search.open()
    await search.idle()
    expect(writes).toBe(1)
    for (let n = 0; n < 5; n++) {
      index.upsert(post(`burst-${n}`, 'text'), `b${n}`)
      search.changed()
    }
    await burstWriting.promise
    // A change while the burst's update runs; its delay is passed on the test's timers, so its
    // update is asked for now. Asked for, it starts nothing (it reads no post) until the burst's is done.
    const lists = vi.spyOn(index, 'list')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      index.upsert(post('during', 'text'), 'd1')
      search.changed()
      vi.advanceTimersByTime(20)
    } finally {
      vi.useRealTimers()
    }
    expect(lists).not.toHaveBeenCalled()
    lists.mockRestore()
    burstGoes.resolve()
    await search.idle()
    expect(writes).toBe(3)
    expect(most).toBe(1)
    // The base of the first post, and a delta of the six since.
    expect((await readIndex(search.dirs()[0]!)).pages).toBe(1)
    expect((await readIndex(search.delta()!.dir)).pages).toBe(6)
    await search.close()
  })

  it('serves the old index whole while a new one is written, and keeps it when writing fails', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'v1')
    let fail = false
    const half = deferred()
    const checked = deferred()
    const write: typeof writeSearchIndex = async (records, out) => {
      if (!fail) return writeSearchIndex(records, out)
      // Half an index written; the process gives up once the test has looked at what is served meanwhile.
      await writeFile(path.join(out, 'pagefind-entry.json'), '{"half":')
      half.resolve()
      await checked.promise
      throw new Error('disk full')
    }
    const { search, logger } = open(index, { write })
    await search.open()
    await search.idle()
    const served = search.dirs()[0]!
    fail = true
    index.upsert(post('b', 'two'), 'v2')
    search.changed()
    await half.promise
    expect(search.dirs()[0]).toBe(served)
    expect((await readIndex(served)).pages).toBe(1)
    checked.resolve()
    await search.idle()
    expect(search.dirs()[0]).toBe(served)
    expect(logger.lines.some((line) => line.includes('Could not update the search index: Error: disk full'))).toBe(true)
    // The half-written folder is gone; the record still names the old index.
    expect((await readdir(path.join(dir, 'search'))).sort()).toEqual([path.basename(served), 'current.json'].sort())
    await search.close()
  })

  it('a start keeps an index made from the same posts (its own, else the build\'s), and makes one when the posts changed', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    index.upsert(post('a', 'one'), 'v1')
    let writes = 0
    const write: typeof writeSearchIndex = (records, out) => (writes++, writeSearchIndex(records, out))
    const build = { dir: path.join(dir, 'dist', 'client', 'pagefind'), stampFile: path.join(dir, 'dist', 'client-search.json') }
    await writeSearchIndex([], build.dir)
    await writeFile(build.stampFile, JSON.stringify({ stamp: searchStampOf(index) }))

    const fromBuild = open(index, { write, build }).search
    await fromBuild.open()
    await fromBuild.idle()
    expect(writes).toBe(0)
    expect(fromBuild.dirs()).toEqual([build.dir])
    await fromBuild.close()

    index.upsert(post('b', 'two'), 'v2')
    const stale = open(index, { write, build }).search
    await stale.open()
    expect(stale.dirs()).toEqual([build.dir]) // the stale build's index, while the new one is made
    await stale.idle()
    expect(writes).toBe(1)
    const own = stale.dirs()[0]!
    expect(own.startsWith(path.join(dir, 'search'))).toBe(true)
    await stale.close()

    const again = open(index, { write, build }).search
    await again.open()
    await again.idle()
    expect(writes).toBe(1)
    expect(again.dirs()).toEqual([own])
    await again.close()
  })

  it('changed() only sets a timer, and an update of 2,000 posts reads at most 100 of them between two turns of the event loop', async () => {
    const index = new PostIndex({ today: '2025-06-01' })
    const words = 'streaming player playlist channel guide remote subtitle audio picture favourite '.repeat(30)
    for (let n = 0; n < 2000; n++) index.upsert(post(`post-${n}`, `${words} number${n}`), `v${n}`)
    let writes = 0
    const { search } = open(index, { write: (records, out, how) => (writes++, writeSearchIndex(records, out, how)) })
    // Posts read in the turn of the event loop running now: a turn that reads them ends when the
    // next setImmediate callback runs (searchRecordsOf waits for one after each chunk).
    const contentOf = index.contentOf.bind(index)
    let readInTurn = 0
    let mostInTurn = 0
    let read = 0
    const reads = vi.spyOn(index, 'contentOf').mockImplementation((slug) => {
      if (readInTurn === 0) setImmediate(() => (readInTurn = 0))
      readInTurn++
      read++
      mostInTurn = Math.max(mostInTurn, readInTurn)
      return contentOf(slug)
    })
    const lists = vi.spyOn(index, 'list')
    const timers = vi.spyOn(globalThis, 'setTimeout')
    search.changed()
    expect(timers).toHaveBeenCalledTimes(1)
    timers.mockRestore()
    expect(lists).not.toHaveBeenCalled()
    expect(read).toBe(0)
    expect(writes).toBe(0)
    await search.idle()
    reads.mockRestore()
    expect((await readIndex(search.dirs()[0]!)).pages).toBe(2000)
    expect(read).toBe(2000)
    // A save's callbacks wait behind at most one chunk of 100 posts, never the 2,000.
    expect(mostInTurn).toBeGreaterThan(0)
    expect(mostInTurn).toBeLessThanOrEqual(100)
    await search.close()
  })
})
