import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { changedEntries, entryStarts } from '../../../server/git/packing/changed-entries.ts'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { applyEdits, editsArb, treeArb, writeTrees } from './random-trees.ts'
import { sharedRepository } from './shared-repository.ts'

/*
 * changedEntries (one tree object against its base, as packing compares them) against
 * `git diff-tree` without -r, folder by folder: the entries it reports are those git lists as
 * added, modified or type-changed, and the same-named base entry is there exactly where git pairs
 * the two (modified or type-changed, not a file replaced by a folder).
 */

const shared = sharedRepository()

const read = async (oid: string) => (await shared.reader.read(oid))!.content

/** git diff-tree (one level) from `base` to `tree`: each entry on the `tree` side, and whether git paired it with a base entry. */
function gitChanges(base: string, tree: string): string[] {
  const fields = runGit(['diff-tree', '-z', '--raw', '--no-renames', '--abbrev=40', base, tree], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\0')
  const out: string[] = []
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, modeB, , oidB, status] = fields[i]!.slice(1).split(' ')
    if (status === 'D') continue
    out.push(`${modeB} ${oidB} ${fields[i + 1]} ${status === 'A' ? 'new' : 'paired'}`)
  }
  return out.sort()
}

describe('changedEntries', () => {
  it('reports the entries git diff-tree lists on the new side, paired as git pairs them, in every common folder', async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, editsArb, async (tree, edits) => {
        const [before, after] = writeTrees(shared.repo.dir, [tree, applyEdits(tree, edits)]) as [string, string]
        const folders = (oid: string) => new Map([['', oid], ...[...lsTreeFolders(oid)]])
        const beforeFolders = folders(before)
        for (const [folder, oid] of folders(after)) {
          const baseOid = beforeFolders.get(folder)
          if (baseOid === undefined) continue
          const bytes = await read(oid)
          const baseBytes = await read(baseOid)
          const { changes, starts } = changedEntries(bytes, { bytes: baseBytes, starts: entryStarts(baseBytes) })
          const ours = changes
            .map(({ entry, sameName }) => {
              const mode = bytes.toString('latin1', entry.start, entry.nameStart - 1).padStart(6, '0')
              return `${mode} ${bytes.toString('hex', entry.nameEnd + 1, entry.end)} ${bytes.toString('utf8', entry.nameStart, entry.nameEnd)} ${sameName ? 'paired' : 'new'}`
            })
            .sort()
          expect(ours, folder).toEqual(gitChanges(baseOid, oid))
          expect(starts.length).toBe(lsTreeCount(oid) + 1)
        }
      }),
      { numRuns: 30 },
    )
  })
})

/** Every folder under a tree: path → tree id. */
function lsTreeFolders(tree: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of runGit(['ls-tree', '-r', '-d', '-z', tree], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean)) {
    const tab = line.indexOf('\t')
    const [, type, oid] = line.slice(0, tab).split(' ')
    if (type === 'tree') out.set(line.slice(tab + 1), oid!)
  }
  return out
}

function lsTreeCount(tree: string): number {
  return runGit(['ls-tree', '-z', tree], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean).length
}

