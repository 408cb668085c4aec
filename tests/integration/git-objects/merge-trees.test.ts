import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { looseObjectPath } from '../../../server/git/store/loose-objects.ts'
import { mergeTrees, type ResolveConflict } from '../../../server/git/history/merge-trees.ts'
import { encodeLooseObject, encodeTree } from '../../../server/git/formats/object-format.ts'
import { ObjectReader } from '../../../server/git/store/object-reader.ts'
import { gitResult, runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { applyEdits, editArb, type FlatTree, lsTree, treeArb, writeTrees } from './random-trees.ts'

/*
 * mergeTrees (whole files only: no line merging, no rename detection) against
 * `git merge-tree --write-tree` where git saw no rename, and against its documented rules:
 * - where we merge cleanly, git merges cleanly to the very same tree, and where git finds a
 *   conflict, so do we (git also merges some files we leave to the admin: text edited on both
 *   sides in different places, a mode changed on one side and the content on the other);
 * - per path, a change on one side only is taken, the same change on both is fine, different
 *   changes are a conflict settled by `resolve` (checked on trees with no path that is a file on
 *   one side and a folder on another, where the rule per path says it all).
 */

let repo: ReturnType<typeof tempGitRepo>
let reader: ObjectReader
let objects: Parameters<typeof mergeTrees>[0]

beforeAll(() => {
  repo = tempGitRepo()
  reader = new ObjectReader(repo.gitdir)
  objects = {
    readTree: async (oid) => (await reader.read(oid))!.content,
    writeTree: async (entries) => {
      const { oid, deflated } = await encodeLooseObject('tree', encodeTree(entries))
      const file = looseObjectPath(path.join(repo.gitdir, 'objects'), oid)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, deflated)
      return oid
    },
  }
})

afterAll(async () => {
  await reader.close()
  repo.remove()
})

/**
 * git merge-tree of two commits of these trees on a base commit (none: unrelated histories).
 * `renamed`: git saw a rename, which mergeTrees does not look for by design (git 2.39's
 * merge-tree still detects renames with merge.renames=false, so such cases are told apart).
 */
function gitMerge(base: string | null, ours: string, theirs: string): { clean: boolean; tree: string; renamed: boolean } {
  const commit = (tree: string, parents: string[]) => runGit(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-m', 'side'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()
  const baseCommit = base === null ? null : commit(base, [])
  const parents = baseCommit === null ? [] : [baseCommit]
  const args = ['-c', 'merge.renames=false', '-c', 'merge.directoryRenames=false', 'merge-tree', '--write-tree']
  if (base === null) args.push('--allow-unrelated-histories')
  const result = gitResult([...args, commit(ours, parents), commit(theirs, parents)], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr)
  const output = result.stdout.toString()
  return { clean: result.status === 0, tree: output.split('\n')[0]!, renamed: /\brenamed?\b/i.test(output) }
}

const sidesArb = fc.record({ base: treeArb, ours: fc.array(editArb, { maxLength: 5 }), theirs: fc.array(editArb, { maxLength: 5 }), unrelated: fc.boolean() })

describe('mergeTrees', () => {
  it('merges cleanly only what git merge-tree merges cleanly, to the same tree', async () => {
    await fc.assert(
      fc.asyncProperty(sidesArb, async ({ base, ours, theirs, unrelated }) => {
        const [b, o, t] = writeTrees(repo.dir, [base, applyEdits(base, ours), applyEdits(base, theirs)]) as [string, string, string]
        const trees = { base: unrelated ? null : b, ours: o, theirs: t }
        const merge = await mergeTrees(objects, trees, () => null)
        const git = gitMerge(trees.base, o, t)
        if (git.renamed) return
        if (merge.conflicts.length === 0) {
          expect(git.clean).toBe(true)
          expect(merge.tree ?? runGit(['hash-object', '-t', 'tree', '--stdin'], { cwd: repo.dir, input: '', env: MAINTAINER_GIT_ENV }).trim()).toBe(git.tree)
        }
        if (!git.clean) expect(merge.conflicts).not.toEqual([])
      }),
      { numRuns: 25 },
    )
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })

  it('takes one-sided changes, and settles each differing change as resolve says, path by path', async () => {
    const simpleEdit = editArb.filter((edit) => edit.kind === 'change' || edit.kind === 'delete' || edit.kind === 'add')
    await fc.assert(
      fc.asyncProperty(treeArb, fc.array(simpleEdit, { maxLength: 6 }), fc.array(simpleEdit, { maxLength: 6 }), fc.boolean(), async (base, ourEdits, theirEdits, preferOurs) => {
        const sides = [base, applyEdits(base, ourEdits), applyEdits(base, theirEdits)] as const
        fc.pre(!fileAndFolder(sides))
        const [b, o, t] = writeTrees(repo.dir, [...sides]) as [string, string, string]
        const listed = [b, o, t].map((tree) => lsTree(repo.dir, tree))
        const [lb, lo, lt] = listed as [Entries, Entries, Entries]
        // Each conflict settled by the side its path's length picks, so both answers occur.
        const pick = (file: string) => ((file.length % 2 === 0) === preferOurs ? 'ours' : 'theirs')
        const asked: string[] = []
        const resolve: ResolveConflict = (conflict) => {
          asked.push(conflict.path)
          expect(conflict.base).toEqual(lb.get(conflict.path) ?? null)
          expect(conflict.ours).toEqual(lo.get(conflict.path) ?? null)
          expect(conflict.theirs).toEqual(lt.get(conflict.path) ?? null)
          return pick(conflict.path)
        }
        const merge = await mergeTrees(objects, { base: b, ours: o, theirs: t }, resolve)
        expect(merge.conflicts).toEqual([])
        const expected = new Map<string, { mode: string; oid: string }>()
        const conflicts: string[] = []
        for (const file of new Set([...lb.keys(), ...lo.keys(), ...lt.keys()])) {
          const [x, y, z] = [lb.get(file), lo.get(file), lt.get(file)]
          let result = same(y, z) ? y : same(x, y) ? z : same(x, z) ? y : undefined
          if (!same(y, z) && !same(x, y) && !same(x, z)) {
            conflicts.push(file)
            result = pick(file) === 'ours' ? y : z
          }
          if (result) expected.set(file, result)
        }
        expect(asked.sort()).toEqual(conflicts.sort())
        expect(merge.tree === null ? new Map() : lsTree(repo.dir, merge.tree)).toEqual(expected)
        // Left undecided, the same paths come back as conflicts.
        const undecided = await mergeTrees(objects, { base: b, ours: o, theirs: t }, () => null)
        expect(undecided.conflicts.map((conflict) => conflict.path).sort()).toEqual(conflicts.sort())
      }),
      { numRuns: 25 },
    )
  })
})

describe('mergeTrees on a folder deleted on one side and edited on the other', () => {
  // The module merges "folders changed on both sides entry by entry", and git reports a
  // modify/delete conflict on the file. mergeTrees instead reports one conflict on the folder,
  // its sides folder entries (mode 040000), which remote-sync hands to the admin as a conflicting
  // file (path content/blog, "mine" a tree id) with no remote commit found for it.
  it('reports the conflict on the edited file, as git does', async () => {
    const [b, o, t] = writeTrees(repo.dir, [new Map([['a/a', { mode: '100644', content: '' }]]), new Map([['a/a', { mode: '100644', content: ' ' }]]), new Map()]) as [string, string, string]
    const baseCommit = runGit(['commit-tree', b, '-m', 'b'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()
    const side = (tree: string) => runGit(['commit-tree', tree, '-p', baseCommit, '-m', 'side'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()
    const git = gitResult(['merge-tree', '--write-tree', '--name-only', side(o), side(t)], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    expect(git.stdout.toString()).toMatch(/CONFLICT \(modify\/delete\): a\/a deleted/)
    const merge = await mergeTrees(objects, { base: b, ours: o, theirs: t }, () => null)
    expect(merge.conflicts.map((conflict) => conflict.path)).toEqual(['a/a'])
  })
})

type Entries = Map<string, { mode: string; oid: string }>

function same(a: { mode: string; oid: string } | undefined, b: { mode: string; oid: string } | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.mode === b.mode && a.oid === b.oid)
}

/** Whether a path is a file in one of the trees and a folder in another. */
function fileAndFolder(trees: readonly FlatTree[]): boolean {
  const files = new Set(trees.flatMap((tree) => [...tree.keys()]))
  for (const file of files) {
    const parts = file.split('/')
    for (let i = 1; i < parts.length; i++) if (files.has(parts.slice(0, i).join('/'))) return true
  }
  return false
}
