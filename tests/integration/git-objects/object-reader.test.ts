import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ObjectReader } from '../../../server/git/store/object-reader.ts'
import { gitObjects, runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { objectsOfEveryType, relatedContentsArb, writeBlobs } from './git-packs.ts'
import { treeArb, writeTrees } from './random-trees.ts'

/*
 * ObjectReader against `git cat-file --batch` on random repositories: objects of every type
 * (an annotated tag included), loose and packed by `git repack` with OFS_DELTA or REF_DELTA chains
 * of random depth, a pack that appears after the reader listed the packs (a fetch), and packs
 * replaced under it by a second repack. (git-history.test.ts reads one fixed gc'd history.)
 */

async function expectReadsAll(reader: ObjectReader, dir: string): Promise<number> {
  const objects = gitObjects(dir)
  for (const [oid, { type, content }] of objects) {
    const object = await reader.read(oid)
    expect(object?.type, oid).toBe(type)
    expect(object!.content.equals(content), oid).toBe(true)
  }
  return objects.size
}

describe('ObjectReader', () => {
  it('reads every object as git does: loose, packed whole or as OFS or REF deltas, new packs and replaced ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        relatedContentsArb,
        treeArb,
        relatedContentsArb,
        fc.record({ refDeltas: fc.boolean(), depth: fc.integer({ min: 1, max: 50 }) }),
        async (contents, tree, later, { refDeltas, depth }) => {
          const repo = tempGitRepo()
          const reader = new ObjectReader(repo.gitdir)
          try {
            const [, , commit, tag] = objectsOfEveryType(repo.dir)
            const blobs = writeBlobs(repo.dir, contents)
            const [folder] = writeTrees(repo.dir, [tree])
            // Reachable, so that repack packs them: a commit of a tree holding them all, and the tag.
            const entries = [...new Set(blobs)].map((oid, i) => `100644 blob ${oid}\tblob-${i}\n`).join('') + `040000 tree ${folder}\tfolder\n`
            const top = runGit(['commit-tree', runGit(['mktree'], { cwd: repo.dir, input: entries, env: MAINTAINER_GIT_ENV }).trim(), '-p', commit!, '-m', 'all'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()
            runGit(['update-ref', 'refs/heads/main', top], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
            runGit(['update-ref', 'refs/tags/v1', tag!], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
            runGit(['-c', `repack.useDeltaBaseOffset=${!refDeltas}`, 'repack', '-a', '-d', '-f', '-q', `--depth=${depth}`, '--window=20'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
            const loose = runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'loose after the repack\n', env: MAINTAINER_GIT_ENV }).trim()
            const count = await expectReadsAll(reader, repo.dir)
            // A pack written after the reader listed them (fast-import, like a fetch) is found on a miss.
            writeBlobs(repo.dir, later)
            expect(await expectReadsAll(reader, repo.dir)).toBeGreaterThanOrEqual(count)
            // Every pack replaced by one new pack: the reader lists them again and reads on.
            runGit(['repack', '-a', '-d', '-f', '-q', '--depth=3'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
            const after = runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'written after the second repack\n', env: MAINTAINER_GIT_ENV }).trim()
            await reader.refresh()
            await expectReadsAll(reader, repo.dir)
            expect((await reader.read(after))?.content.toString()).toBe('written after the second repack\n')
            expect((await reader.read(loose))?.type).toBe('blob')
            expect(await reader.read('0'.repeat(40))).toBeNull()
          } finally {
            await reader.close()
            repo.remove()
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    )
  })
})
