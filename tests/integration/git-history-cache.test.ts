import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { CommitGraph, type CommitInfo } from '../../server/git/history/commit-graph.ts'
import { FileHistory } from '../../server/git/history/file-history.ts'
import { type CommitDiff, HISTORY_CACHE_FILE, HistoryCache } from '../../server/git/history/history-cache.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { waitFor } from '../support/wait-for.ts'
import { commitReader } from './git-objects/random-history.ts'
import { ADA, createTempRepo, post, recordingLogger, type TempRepo } from './git-fixture.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-history-cache-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function tempRepo(options?: Parameters<typeof createTempRepo>[0]): TempRepo {
  const repo = createTempRepo(options)
  cleanups.push(() => repo.remove())
  return repo
}

const oid = (n: number) => n.toString(16).padStart(40, '0')
const commitInfo = (n: number, parents: number[]): CommitInfo => ({
  oid: oid(n),
  tree: oid(1000 + n),
  parents: parents.map(oid),
  author: { name: 'Ada "the first" Lovelace', email: 'ada@example.com' },
  authoredAt: 1_700_000_000 + n,
  committedAt: 1_700_000_100 + n,
  message: `commit ${n}\n\nwith a body, "quotes" and ünïcode\n`,
})
const diffOf = (...changes: [string, string | null, string | null][]): CommitDiff =>
  new Map(
    changes.map(([file, before, after]) => [
      file,
      { path: file, before: before === null ? null : { mode: '100644', oid: before }, after: after === null ? null : { mode: '100644', oid: after } },
    ]),
  )
const identify = (_file: string, bytes: Uint8Array) => /^id: (.*)$/m.exec(Buffer.from(bytes).toString('utf8'))?.[1] ?? null

describe('HistoryCache', () => {
  it('keeps commits and diffs (a root one too) across a close and a reopen, written at close and not before the delay', async () => {
    const file = path.join(tempDir(), 'site', HISTORY_CACHE_FILE)
    const cache = await HistoryCache.open({ file, logger: recordingLogger() })
    const root = commitInfo(1, [])
    const child = commitInfo(2, [1])
    const merge = commitInfo(3, [2, 1])
    for (const info of [root, child, merge]) cache.addCommit(info)
    const rootDiff = diffOf(['a.html', null, oid(501)])
    const childDiff = diffOf(['a.html', oid(501), oid(502)], ['b.html', oid(503), null])
    cache.addDiff(root.oid, null, rootDiff)
    cache.addDiff(child.oid, root.oid, childDiff)
    cache.addDiff(merge.oid, child.oid, new Map())
    // Debounced: nothing on disk yet (the folder is created at the first write).
    expect(existsSync(file)).toBe(false)
    await cache.close()
    expect(existsSync(file)).toBe(true)

    const logger = recordingLogger()
    const reopened = await HistoryCache.open({ file, logger })
    expect(logger.lines).toEqual([])
    expect(reopened.size).toEqual({ commits: 3, diffs: 3 })
    for (const info of [root, child, merge]) expect(reopened.commit(info.oid)).toEqual(info)
    expect(reopened.diff(root.oid, null)).toEqual(rootDiff)
    expect(reopened.diff(child.oid, root.oid)).toEqual(childDiff)
    expect(reopened.diff(merge.oid, child.oid)).toEqual(new Map())
    expect(reopened.diff(merge.oid, root.oid)).toBeUndefined()
    expect(reopened.commit(oid(4))).toBeUndefined()
    await reopened.close()
  })

  it('ignores a garbage, truncated, edited or other-version file (logged, never thrown), and replaces it', async () => {
    const file = path.join(tempDir(), HISTORY_CACHE_FILE)
    const cache = await HistoryCache.open({ file, logger: recordingLogger() })
    cache.addCommit(commitInfo(1, []))
    cache.addCommit(commitInfo(2, [1]))
    cache.addDiff(oid(2), oid(1), diffOf(['a.html', oid(501), oid(502)]))
    await cache.close()
    const good = readFileSync(file, 'utf8')
    const [header, body] = good.split('\n') as [string, string]
    const resigned = (text: string) => {
      return `${JSON.stringify({ ...JSON.parse(header), sha256: createHash('sha256').update(text).digest('hex') })}\n${text}\n`
    }
    const bad: Record<string, string> = {
      garbage: '\u0000\u0001 not json at all',
      empty: '',
      truncated: good.slice(0, Math.floor(good.length * 0.6)),
      'hand edited': good.replace('a.html', 'b.html'),
      'another version': good.replace('"version":1', '"version":99'),
      // A valid checksum over a malformed entry: the entries are validated too.
      'malformed oid': resigned(body.replace(oid(502), 'not-an-oid')),
      'malformed commit': resigned(body.replace('"commits":[[', '"commits":[[42,')),
      'not an object': resigned('[1,2,3]'),
    }
    for (const [what, text] of Object.entries(bad)) {
      writeFileSync(file, text)
      const logger = recordingLogger()
      const loaded = await HistoryCache.open({ file, logger })
      expect(loaded.size, what).toEqual({ commits: 0, diffs: 0 })
      expect(logger.lines, what).toEqual([expect.stringMatching(/^warn: Ignored the history cache .*; it is rebuilt$/)])
      // Rebuilt: what is computed again is written over the bad file.
      loaded.addCommit(commitInfo(7, []))
      await loaded.close()
      const again = await HistoryCache.open({ file, logger })
      expect(again.size, what).toEqual({ commits: 1, diffs: 0 })
      await again.close()
    }
  })

  it('keeps a diff of over 1,000 changes in memory only (a root commit, a mass edit): recomputed after a restart', async () => {
    const file = path.join(tempDir(), HISTORY_CACHE_FILE)
    const cache = await HistoryCache.open({ file, logger: recordingLogger() })
    const big = diffOf(...Array.from({ length: 1001 }, (_, i): [string, null, string] => [`post-${i}.html`, null, oid(600 + i)]))
    cache.addDiff(oid(1), null, big)
    cache.addDiff(oid(2), oid(1), diffOf(['post-1.html', oid(601), oid(9)]))
    expect(cache.diff(oid(1), null)).toBe(big)
    await cache.close()
    const reopened = await HistoryCache.open({ file, logger: recordingLogger() })
    expect(reopened.diff(oid(1), null)).toBeUndefined()
    expect(reopened.diff(oid(2), oid(1))?.size).toBe(1)
    await reopened.close()
  })

  it('where it cannot write (a read-only folder), warns once and keeps working in memory', async () => {
    const blocker = path.join(tempDir(), 'not-a-folder')
    writeFileSync(blocker, 'a file where the folder should be')
    const logger = recordingLogger()
    const cache = await HistoryCache.open({ file: path.join(blocker, HISTORY_CACHE_FILE), logger })
    cache.addCommit(commitInfo(1, []))
    await cache.flush()
    cache.addCommit(commitInfo(2, [1]))
    await cache.close()
    expect(logger.lines).toEqual([
      expect.stringMatching(/^warn: Could not read the history cache .*not-a-folder.*ENOTDIR/),
      expect.stringMatching(/^warn: Could not write the history cache .*not-a-folder/),
    ])
    expect(cache.commit(oid(2))).toEqual(commitInfo(2, [1]))
  })

  it('with no file, works in memory and writes nothing', async () => {
    const cache = await HistoryCache.open({ file: null, logger: recordingLogger() })
    cache.addCommit(commitInfo(1, []))
    expect(cache.commit(oid(1))).toEqual(commitInfo(1, []))
    await cache.close()
  })
})

/** A repository with a post edited, renamed and edited again, among other posts' edits. */
function repoWithHistory(): TempRepo {
  const repo = tempRepo({ posts: { 'a.html': post('a', 'one'), 'b.html': post('b', 'one') } })
  const commit = (message: string) => {
    repo.git('add', '-A')
    repo.git('commit', '-q', '-m', message)
  }
  repo.write('content/blog/a.html', post('a', 'two'))
  commit('edit a')
  repo.write('content/blog/b.html', post('b', 'two'))
  commit('edit b')
  repo.git('mv', 'content/blog/a.html', 'content/blog/a-renamed.html')
  repo.write('content/blog/a-renamed.html', post('a', 'two').replace('slug: a', 'slug: a-renamed'))
  commit('rename a')
  repo.write('content/blog/a-renamed.html', post('a', 'three').replace('slug: a', 'slug: a-renamed'))
  commit('edit a again')
  return repo
}

const log = (repo: TempRepo, file: string) => repo.git('log', '--format=%s', '--', file).trim().split('\n')

describe('a file history over the cache', () => {
  it('once computed, is answered after a restart from the cache alone: no commit or tree read', async () => {
    const repo = repoWithHistory()
    const file = path.join(tempDir(), HISTORY_CACHE_FILE)
    const reader = new ObjectReader(path.join(repo.dir, '.git'))
    cleanups.push(() => reader.close())
    const readBlob = async (id: string) => (await reader.read(id))!.content
    const head = repo.head()
    const blob = repo.git('rev-parse', 'HEAD:content/blog/a-renamed.html').trim()
    const query = { head, path: 'content/blog/a-renamed.html', blob, identify }

    const first = await HistoryCache.open({ file, logger: recordingLogger() })
    const readCommit = commitReader(reader)
    const graph = new CommitGraph(async (id) => first.commit(id) ?? (first.addCommit(await readCommit(id)), first.commit(id)!))
    const computed = await new FileHistory({ cache: first, graph, readTree: async (id) => (await reader.read(id))!.content, readBlob }).versions(query)
    expect(computed.map((version) => version.commit.message.trim())).toEqual(['edit a again', 'rename a', 'edit a', 'Initial content'])
    await first.close()

    const second = await HistoryCache.open({ file, logger: recordingLogger() })
    const fail = async (id: string): Promise<never> => {
      throw new Error(`read ${id}: the cache should have answered`)
    }
    const fromCache = new FileHistory({
      cache: second,
      graph: new CommitGraph(async (id) => second.commit(id) ?? fail(id)),
      readTree: fail,
      // Identities of removed files are read from their blobs, as before the cache.
      readBlob,
    })
    expect(await fromCache.versions(query)).toEqual(computed)
    await second.close()
  })

  it('warm() computes every commit\'s diff against each parent, and stops when told', async () => {
    const repo = repoWithHistory()
    repo.git('checkout', '-q', '-b', 'side', 'HEAD~2')
    repo.write('content/blog/c.html', post('c', 'one'))
    repo.git('add', '-A')
    repo.git('commit', '-q', '-m', 'add c')
    repo.git('checkout', '-q', 'main')
    repo.git('merge', '-q', '--no-edit', 'side')
    const reader = new ObjectReader(path.join(repo.dir, '.git'))
    cleanups.push(() => reader.close())
    const make = () => {
      const cache = new HistoryCache({ file: null, logger: recordingLogger() })
      const history = new FileHistory({
        cache,
        graph: new CommitGraph(commitReader(reader)),
        readTree: async (id) => (await reader.read(id))!.content,
        readBlob: async (id) => (await reader.read(id))!.content,
      })
      return { cache, history }
    }
    const pairs = repo
      .git('rev-list', '--parents', 'HEAD')
      .trim()
      .split('\n')
      .flatMap((line) => {
        const [commit, ...parents] = line.split(' ')
        return parents.map((parent) => [commit!, parent] as const)
      })
    expect(pairs).toHaveLength(7) // 4 on main before the merge, 1 on the side branch, the merge's 2
    const { cache, history } = make()
    expect(await history.warm(repo.head(), async () => true)).toBe(pairs.length)
    for (const [commit, parent] of pairs) {
      const expected = repo.git('diff-tree', '-r', '--name-only', '--no-commit-id', parent, commit).trim().split('\n').sort()
      expect([...cache.diff(commit, parent)!.keys()].sort()).toEqual(expected)
    }
    expect(await history.warm(repo.head(), async () => true)).toBe(0)

    let allowed = 2
    const stopped = make()
    expect(await stopped.history.warm(repo.head(), async () => allowed-- > 0)).toBeLessThan(pairs.length)
    expect(stopped.cache.size.diffs).toBeLessThan(pairs.length)
  })

  it('ContentRepository: a commit made with the git CLI while it was closed is first after a reopen; the cache is in the given folder', async () => {
    const repo = repoWithHistory()
    const cacheDir = path.join(tempDir(), 'site')
    const file = repo.file('content/blog/a-renamed.html')
    const open = () => ContentRepository.open({ dir: repo.blogDir, logger: recordingLogger(), history: { cacheDir } })
    const first = await open()
    const before = await first.fileHistory({ path: file, identify })
    expect(before.map((entry) => entry.message)).toEqual(['edit a again', 'rename a', 'edit a', 'Initial content'])
    await first.close()
    expect(existsSync(path.join(cacheDir, HISTORY_CACHE_FILE))).toBe(true)
    expect(existsSync(path.join(repo.dir, '.git', HISTORY_CACHE_FILE))).toBe(false)

    repo.write('content/blog/a-renamed.html', post('a', 'four').replace('slug: a', 'slug: a-renamed'))
    repo.git('commit', '-q', '-am', 'edited by hand')
    const second = await open()
    cleanups.push(() => second.close())
    const after = await second.fileHistory({ path: file, identify })
    expect(after.map((entry) => entry.commit)).toEqual([repo.head(), ...before.map((entry) => entry.commit)])
    expect(after.map((entry) => entry.message)).toEqual(log(repo, 'content/blog/a-renamed.html').concat('edit a', 'Initial content'))
    // A save adds its commit, and its changes as the save knows them: what git diff-tree shows.
    const changes = [
      { path: file, content: post('a', 'five').replace('slug: a', 'slug: a-renamed') },
      { path: repo.file('content/blog/b.html'), content: null },
      { path: repo.file('content/blog/new/c.html'), content: post('c', 'one') },
      { path: repo.file('README.md'), content: repo.read('README.md') },
    ]
    await second.commitFiles({ changes, message: 'saved', author: ADA })
    // Closed before any history: the save alone put its diff in the cache.
    await second.close()
    const cached = await HistoryCache.open({ file: path.join(cacheDir, HISTORY_CACHE_FILE), logger: recordingLogger() })
    expect(cached.commit(repo.git('rev-parse', 'HEAD~1').trim())?.message).toBe('edited by hand\n')
    const parent = repo.git('rev-parse', 'HEAD~1').trim()
    const recorded = [...cached.diff(repo.head(), parent)!.values()].map(
      (change) => `${change.before?.mode ?? '000000'} ${change.after?.mode ?? '000000'} ${change.before?.oid ?? '0'.repeat(40)} ${change.after?.oid ?? '0'.repeat(40)} ${change.path}`,
    )
    const byGit = repo
      .git('diff-tree', '-r', '--no-commit-id', '--no-renames', '--abbrev=40', parent, 'HEAD')
      .trim()
      .split('\n')
      .map((line) => line.replace(/^:/, '').replace(/ [ADM]\t/, ' '))
    expect(recorded.sort()).toEqual(byGit.sort())
    expect(recorded).toHaveLength(3)
    const third = await open()
    cleanups.push(() => third.close())
    expect((await third.fileHistory({ path: file, identify })).map((entry) => entry.message)).toEqual(['saved', ...after.map((entry) => entry.message)])
  })

  it('ContentRepository with warm: fills the cache in the background after open (a fresh clone), and it is kept', async () => {
    const repo = repoWithHistory()
    const cacheDir = path.join(tempDir(), 'site')
    const logger = recordingLogger()
    const repository = await ContentRepository.open({ dir: repo.blogDir, logger, history: { cacheDir, warm: true } })
    await waitFor(() => {
      expect(logger.lines).toContainEqual(expect.stringMatching(/^info: History cache: 4 commit diffs computed in the background in \d+ ms$/))
      return true
    })
    await repository.close()
    const cached = await HistoryCache.open({ file: path.join(cacheDir, HISTORY_CACHE_FILE), logger })
    expect(cached.size).toEqual({ commits: 5, diffs: 4 })
    // Warm already: a second start computes nothing, and says nothing.
    const again = await ContentRepository.open({ dir: repo.blogDir, logger, history: { cacheDir, warm: true } })
    await again.close()
    expect(logger.lines.filter((line) => line.includes('computed in the background'))).toHaveLength(1)
  })
})
