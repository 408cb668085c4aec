import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ObjectReader } from '../../../server/git/objects/object-reader.ts'
import { gitCli, gitObjects, tempGitRepo } from '../../support/git-cli.ts'
import { objectsOfEveryType, relatedContentsArb, writeBlobs } from './git-packs.ts'
import { PROPERTY_TIMEOUT, treeArb, writeTrees } from './random-trees.ts'

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

describe('ObjectReader', PROPERTY_TIMEOUT, () => {
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
            const top = gitCli(repo.dir, ['commit-tree', gitCli(repo.dir, ['mktree'], entries).trim(), '-p', commit!, '-m', 'all']).trim()
            gitCli(repo.dir, ['update-ref', 'refs/heads/main', top])
            gitCli(repo.dir, ['update-ref', 'refs/tags/v1', tag!])
            gitCli(repo.dir, ['-c', `repack.useDeltaBaseOffset=${!refDeltas}`, 'repack', '-a', '-d', '-f', '-q', `--depth=${depth}`, '--window=20'])
            const loose = gitCli(repo.dir, ['hash-object', '-w', '--stdin'], 'loose after the repack\n').trim()
            const count = await expectReadsAll(reader, repo.dir)
            // A pack written after the reader listed them (fast-import, like a fetch) is found on a miss.
            writeBlobs(repo.dir, later)
            expect(await expectReadsAll(reader, repo.dir)).toBeGreaterThanOrEqual(count)
            // Every pack replaced by one new pack: the reader lists them again and reads on.
            gitCli(repo.dir, ['repack', '-a', '-d', '-f', '-q', '--depth=3'])
            const after = gitCli(repo.dir, ['hash-object', '-w', '--stdin'], 'written after the second repack\n').trim()
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
