/**
 * ContentRepository.onCommit: each commit the repository makes for a caller (a save, a review
 * branch's commit) is announced once, as soon as it exists, inside the caller's transaction; a
 * save that changes nothing and a pull (the remote's commits, the merge with them) are not.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository, type MadeCommit } from '../../server/git/content-repository.ts'
import { ADA, createTempRepo, post, recordingLogger } from './git-fixture.ts'
import { createRemoteWorld } from './git-remote-world.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function openRepository(posts: Record<string, string> = { 'a.html': post('a', 'A') }) {
  const repo = createTempRepo({ posts })
  cleanups.push(() => repo.remove())
  const logger = recordingLogger()
  const repository = await ContentRepository.open({ dir: repo.blogDir, logger })
  cleanups.push(() => repository.close())
  const told: MadeCommit[] = []
  repository.onCommit((made) => told.push(made))
  return { repo, repository, logger, told }
}

describe('ContentRepository.onCommit', () => {
  it('tells of each save once, with its commit, while the transaction still holds the repository; a save that changes nothing is not told', async () => {
    const { repo, repository, told } = await openRepository()
    const file = repo.file('content/blog/a.html')
    const first = await repository.commitFiles({ changes: [{ path: file, content: post('a', 'A two') }], message: 'Edit a', author: ADA })
    expect(told).toEqual([{ commit: first, sideBranch: null }])

    const inside = await repository.transaction(async (tx) => {
      const saved = await tx.commitFiles({ changes: [{ path: repo.file('content/blog/b.html'), content: post('b', 'B') }], message: 'Add b', author: ADA })
      // Told already: what a listener starts that takes the repository runs after this work.
      return { saved, toldBeforeEnd: told.length }
    })
    expect(inside.toldBeforeEnd).toBe(2)
    expect(told.at(-1)).toEqual({ commit: inside.saved!.commit, sideBranch: null })

    expect(await repository.commitFiles({ changes: [{ path: file, content: post('a', 'A two') }], message: 'Same', author: ADA })).toBeNull()
    expect(told).toHaveLength(2)
  })

  it('tells of a review branch commit once, naming the branch; not of one that changes nothing', async () => {
    const { repo, repository, told } = await openRepository()
    const change = { changes: [{ path: repo.file('content/blog/a.html'), content: post('a', 'A in review') }], message: 'Review a', author: ADA }
    const commit = await repository.transaction((tx) => repository.sideBranches().commit({ branch: 'cms/a', ...change, tx }))
    expect(told).toEqual([{ commit, sideBranch: 'cms/a' }])
    expect(await repository.sideBranches().commit({ branch: 'cms/a', ...change })).toBeNull()
    expect(told).toHaveLength(1)
    expect(repo.git('rev-parse', 'cms/a').trim()).toBe(commit)
  })

  it('a listener that throws fails no save: the commit stands, the others are told, the log says why', async () => {
    const { repo, repository, logger, told } = await openRepository()
    repository.onCommit(() => {
      throw new Error('listener broke')
    })
    const after: string[] = []
    const stop = repository.onCommit((made) => after.push(made.commit))
    const commit = await repository.commitFiles({ changes: [{ path: repo.file('content/blog/c.html'), content: post('c', 'C') }], message: 'Add c', author: ADA })
    expect(repo.head()).toBe(commit)
    expect(told.map((made) => made.commit)).toEqual([commit])
    expect(after).toEqual([commit])
    expect(logger.lines.some((line) => line.includes('listener broke'))).toBe(true)
    stop()
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/c.html'), content: null }], message: 'Drop c', author: ADA })
    expect(after).toEqual([commit])
    expect(told).toHaveLength(2)
  })

  it('does not tell of a pull: neither the remote\'s commits nor the merge with them', async () => {
    const world = await createRemoteWorld({ cleanups })
    const told: MadeCommit[] = []
    world.repository.onCommit((made) => told.push(made))
    await world.sync.fetch()
    world.maintainerPush({ 'content/blog/m.html': post('m', 'M') }, 'maintainer adds m')
    const mine = await world.repository.commitFiles({ changes: [{ path: world.site.file('content/blog/a.html'), content: post('a', 'A by admin') }], message: 'edit a', author: ADA })
    await world.sync.fetch()
    const pulled = await world.sync.pull({ author: { name: 'Watchio site', email: 'site@watchio.example' }, message: 'Merge remote branch' })
    expect(pulled.outcome).toBe('merged')
    expect(told).toEqual([{ commit: mine, sideBranch: null }])
  })
})
