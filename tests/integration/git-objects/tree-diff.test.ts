import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffTrees, type TreeChange } from '../../../server/git/history/tree-diff.ts'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { applyEdits, editsArb, treeArb, writeTrees } from './random-trees.ts'
import { sharedRepository } from './shared-repository.ts'

/*
 * diffTrees against `git diff-tree -r --no-renames --raw`: the same paths, in the same order, with
 * the same modes and ids on each side, for random trees and random edits of them (files changed,
 * added, removed, modes changed, a file turned into a folder and back).
 */

const shared = sharedRepository()

const ZERO = '0'.repeat(40)

const readTree = async (oid: string) => {
  const object = await shared.reader.read(oid)
  if (object?.type !== 'tree') throw new Error(`No tree ${oid}`)
  return object.content
}

/** Our changes in diff-tree's raw form: `<mode> <mode> <oid> <oid> <path>`. */
function raw(changes: TreeChange[]): string[] {
  return changes.map(({ path, before, after }) => `${before?.mode ?? '000000'} ${after?.mode ?? '000000'} ${before?.oid ?? ZERO} ${after?.oid ?? ZERO} ${path}`)
}

function gitDiffTree(before: string, after: string): string[] {
  const fields = runGit(['diff-tree', '-r', '-z', '--no-renames', '--raw', '--abbrev=40', before, after], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\0')
  const lines: string[] = []
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [modeA, modeB, oidA, oidB] = fields[i]!.slice(1).split(' ')
    lines.push(`${modeA} ${modeB} ${oidA} ${oidB} ${fields[i + 1]}`)
  }
  return lines
}

describe('diffTrees', () => {
  it('lists what git diff-tree -r lists, in its order, for random trees and edits', async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, editsArb, async (tree, edits) => {
        const [before, after] = writeTrees(shared.repo.dir, [tree, applyEdits(tree, edits)]) as [string, string]
        expect(raw(await diffTrees(readTree, before, after))).toEqual(gitDiffTree(before, after))
        expect(raw(await diffTrees(readTree, after, before))).toEqual(gitDiffTree(after, before))
      }),
      { numRuns: 25 },
    )
  })

  it('lists every file of a tree against no tree, as git diff-tree -r against the empty tree', async () => {
    const empty = runGit(['hash-object', '-t', 'tree', '-w', '--stdin'], { cwd: shared.repo.dir, input: '', env: MAINTAINER_GIT_ENV }).trim()
    await fc.assert(
      fc.asyncProperty(treeArb, async (tree) => {
        const [oid] = writeTrees(shared.repo.dir, [tree]) as [string]
        expect(raw(await diffTrees(readTree, null, oid))).toEqual(gitDiffTree(empty, oid))
        expect(raw(await diffTrees(readTree, oid, null))).toEqual(gitDiffTree(oid, empty))
        expect(await diffTrees(readTree, oid, oid)).toEqual([])
      }),
      { numRuns: 20 },
    )
  })
})
