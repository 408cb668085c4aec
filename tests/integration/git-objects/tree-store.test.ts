import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { looseObjectPath } from '../../../server/git/store/loose-objects.ts'
import { decodeTree, encodeLooseObject } from '../../../server/git/formats/object-format.ts'
import { ObjectReader } from '../../../server/git/store/object-reader.ts'
import { type PathEdits, TreeStore } from '../../../server/git/store/tree-store.ts'
import { runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { type FlatTree, type Leaf, lsTree, nameArb, treeArb, writeTrees } from './random-trees.ts'

/*
 * TreeStore.edit against git's own way of editing a tree: `git read-tree` of the base into a
 * scratch index, `git update-index` of the same paths, `git write-tree`. Both must name the same
 * tree, every tree we wrote must pass `git fsck --strict`, and lookup must find what
 * `git ls-tree -r` lists. One store serves every run, so its cache is exercised too.
 */

let repo: ReturnType<typeof tempGitRepo>
let reader: ObjectReader
let store: TreeStore
/** Blobs an edit may stage. */
let blobs: string[]

beforeAll(() => {
  repo = tempGitRepo()
  reader = new ObjectReader(repo.gitdir)
  const objectsDir = path.join(repo.gitdir, 'objects')
  store = new TreeStore({
    readTree: async (oid) => {
      const object = await reader.read(oid)
      if (object?.type !== 'tree') throw new Error(`No tree ${oid}`)
      return decodeTree(object.content)
    },
    writeTree: async (content) => {
      const { oid, deflated } = await encodeLooseObject('tree', content)
      const file = looseObjectPath(objectsDir, oid)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, deflated)
      return oid
    },
  })
  blobs = ['one\n', 'two\n', '', 'x\n'].map((text) => runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: text, env: MAINTAINER_GIT_ENV }).trim())
})

afterAll(async () => {
  await reader.close()
  repo.remove()
})

/** The tree git writes for `base` (null: none) with the edits applied through a scratch index. */
function gitEdit(base: string | null, edits: PathEdits): string {
  const env = { GIT_INDEX_FILE: path.join(repo.gitdir, 'scratch-index') }
  runGit(base === null ? ['read-tree', '--empty'] : ['read-tree', base], { cwd: repo.dir, env: { ...MAINTAINER_GIT_ENV, ...env } })
  const lines = [...edits].map(([file, oid]) => (oid === null ? `0 ${'0'.repeat(40)}\t${file}\0` : `100644 ${oid}\t${file}\0`))
  runGit(['update-index', '-z', '--index-info'], { cwd: repo.dir, input: lines.join(''), env: { ...MAINTAINER_GIT_ENV, ...env } })
  return runGit(['write-tree'], { cwd: repo.dir, env: { ...MAINTAINER_GIT_ENV, ...env } }).trim()
}

interface RawEdit {
  kind: 'change' | 'delete' | 'add' | 'add-nested'
  pick: number
  names: string[]
  blob: number
}

const editArb: fc.Arbitrary<RawEdit> = fc.record({
  kind: fc.constantFrom('change' as const, 'delete' as const, 'add' as const, 'add-nested' as const),
  pick: fc.nat(),
  names: fc.array(nameArb, { minLength: 1, maxLength: 3 }),
  blob: fc.nat(),
})

/**
 * Edits of `tree` that git and TreeStore can both apply: existing files changed or deleted, new
 * files in existing or new folders, never a path that is a file on one side and a folder on the
 * other (TreeStore refuses those, see below).
 */
function pathEdits(tree: FlatTree, raw: RawEdit[]): Map<string, string | null> {
  const edits = new Map<string, string | null>()
  const files = [...tree.keys()].sort()
  const taken = new Set(files)
  const folders = new Set([''])
  for (const file of files) {
    const parts = file.split('/')
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/') + '/')
  }
  const folderList = [...folders].sort()
  for (const edit of raw) {
    const blob = blobs[edit.blob % blobs.length]!
    if (edit.kind === 'change' || edit.kind === 'delete') {
      if (files.length === 0) continue
      edits.set(files[edit.pick % files.length]!, edit.kind === 'delete' ? null : blob)
      continue
    }
    const names = edit.kind === 'add' ? edit.names.slice(0, 1) : edit.names
    const folder = folderList[edit.pick % folderList.length]!
    const full = folder + names.join('/')
    // Every new prefix must be free (or already a folder), and the path itself unused.
    let clash = taken.has(full) || folders.has(`${full}/`)
    for (let i = 1; i < names.length && !clash; i++) clash = taken.has(folder + names.slice(0, i).join('/'))
    if (clash) continue
    edits.set(full, blob)
    taken.add(full)
    for (let i = 1; i < names.length; i++) folders.add(folder + names.slice(0, i).join('/') + '/')
  }
  return edits
}

describe('TreeStore.edit', () => {
  it('writes the tree git writes for the same edits, which git fsck --strict accepts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(treeArb, { freq: 8 }), fc.array(editArb, { maxLength: 8 }), async (tree, raw) => {
        const base = tree === null ? null : writeTrees(repo.dir, [tree])[0]!
        const edits = pathEdits(tree ?? new Map(), raw)
        const ours = await store.edit(base, edits)
        expect(ours).toBe(gitEdit(base, edits))
        expect(runGit(['cat-file', '-t', ours], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()).toBe('tree')
        // Blob lookups agree with git's listing; folders, submodules and absent paths are not blobs.
        for (const [file, { mode, oid }] of lsTree(repo.dir, ours)) {
          expect(await store.lookup(ours, file), file).toBe(mode === '160000' ? null : oid)
          const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : null
          if (folder !== null) expect(await store.lookup(ours, folder)).toBeNull()
          expect(await store.lookup(ours, `${file}/inside`)).toBeNull()
        }
      }),
      { numRuns: 30 },
    )
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })

  // As saves make them: each edit on the tree the last one wrote, whose bytes the store keeps, so
  // an edit that only changes ids (the usual save) copies them with the new ids in (replaceTreeIds).
  it('writes the tree git writes along a chain of edits, each on the tree the last one wrote', async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, fc.array(fc.array(editArb, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 }), async (tree, rounds) => {
        let base: string | null = writeTrees(repo.dir, [tree])[0]!
        let flat: FlatTree = tree
        for (const raw of rounds) {
          const edits = pathEdits(flat, raw)
          const ours = await store.edit(base, edits)
          expect(ours).toBe(gitEdit(base, edits))
          base = ours
          flat = new Map([...lsTree(repo.dir, ours)].map(([file, { mode }]) => [file, { mode: mode as Leaf['mode'], content: '' }]))
        }
      }),
      { numRuns: 30 },
    )
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })

  it('writes the empty tree when every file is deleted, and answers null on no tree at all', async () => {
    const [base] = writeTrees(repo.dir, [new Map([['a/b', { mode: '100644', content: 'x' }]])])
    const empty = await store.edit(base!, new Map([['a/b', null]]))
    expect(empty).toBe(gitEdit(base!, new Map([['a/b', null]])))
    expect(runGit(['cat-file', '-s', empty], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()).toBe('0')
    expect(await store.lookup(null, 'a/b')).toBeNull()
  })

  // Where git's --index-info would silently replace a folder by a file or the other way round.
  it('refuses to write a file over a folder or inside a file', async () => {
    const [base] = writeTrees(repo.dir, [new Map([['a/b', { mode: '100644', content: 'x' }], ['f', { mode: '100644', content: 'y' }]])])
    await expect(store.edit(base!, new Map([['a', blobs[0]!]]))).rejects.toThrow(/a is a folder in the repository/)
    await expect(store.edit(base!, new Map([['f/inner', blobs[0]!]]))).rejects.toThrow(/f is a file in the repository/)
  })
})
