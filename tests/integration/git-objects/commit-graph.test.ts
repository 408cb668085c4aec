import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CommitGraph } from '../../../server/git/history/commit-graph.ts'
import { gitResult, runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { commitReader, stepsArb, writeHistory } from './random-history.ts'
import { sharedRepository } from './shared-repository.ts'

/*
 * CommitGraph.compare and isAncestor against git on random histories (branches, merges, criss-cross
 * merges, unrelated roots, commits of the same second): ahead and behind are the commits
 * `git rev-list --left-right a...b` lists on each side, newest first; the base is one of
 * `git merge-base --all`, or null when git finds none; isAncestor is `git merge-base --is-ancestor`.
 */

const shared = sharedRepository()

describe('CommitGraph', () => {
  it('counts ahead and behind, and finds a merge base, as git does', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb({ roots: true, maxStep: 2 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), async (steps, pairs) => {
        const { commits, tips } = writeHistory(shared.repo.dir, steps, (file, n) => `file ${file} in commit ${n}\n`)
        const graph = new CommitGraph(commitReader(shared.reader))
        const candidates = [...tips, ...commits]
        for (const [i, j] of pairs) {
          const a = candidates[i % candidates.length]!
          const b = candidates[j % candidates.length]!
          const { ahead, behind, base } = await graph.compare(a, b)
          const sides = runGit(['rev-list', '--left-right', `${a}...${b}`], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\n').filter(Boolean)
          expect(new Set(ahead), `${a}...${b}`).toEqual(new Set(sides.filter((line) => line.startsWith('<')).map((line) => line.slice(1))))
          expect(new Set(behind), `${a}...${b}`).toEqual(new Set(sides.filter((line) => line.startsWith('>')).map((line) => line.slice(1))))
          for (const side of [ahead, behind]) {
            const times = await Promise.all(side.map(async (oid) => (await graph.get(oid)).committedAt))
            expect(times).toEqual([...times].sort((x, y) => y - x))
          }
          const bases = gitResult(['merge-base', '--all', a, b], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).stdout.toString().split('\n').filter(Boolean)
          if (bases.length === 0) expect(base).toBeNull()
          else expect(bases, `${a} ${b}`).toContain(base)
          const isAncestor = gitResult(['merge-base', '--is-ancestor', a, b], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).status === 0
          expect(await graph.isAncestor(a, b)).toBe(isAncestor)
        }
      }),
      { numRuns: 30 },
    )
  })
})
