import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IndexFile, type IndexUpdate, readIndexObjects } from '../../../server/git/store/index-file.ts'
import { parseIndex, serializeIndex } from '../../../server/git/formats/index-format.ts'
import { runGit, runGitBytes, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { applyEdits, editsArb, type FlatTree, lsTree, treeArb, writeTrees } from './random-trees.ts'

/*
 * The index file (index-file.ts) against the git CLI, both ways:
 * - an index git wrote (`git read-tree`, conflicts staged with `update-index --index-info`,
 *   skip-worktree flags, versions 2, 3 and 4) is read as `git ls-files --stage` lists it;
 * - an index we updated is read back by git: `git ls-files --stage` lists the new entries,
 *   `git write-tree` makes the expected tree, untouched entries keep their flags, and an entry
 *   staged with a file's stats carries those stats (`git ls-files --debug`), so git sees the file
 *   clean without reading it.
 */

let repo: ReturnType<typeof tempGitRepo>
let index: IndexFile
const indexPath = () => path.join(repo.gitdir, 'index')

beforeAll(() => {
  repo = tempGitRepo()
  index = new IndexFile(indexPath(), path.join(repo.gitdir, 'watchio-tmp'))
})

afterAll(() => repo.remove())

interface Staged {
  mode: string
  oid: string
  stage: number
  path: string
}

/** `git ls-files --stage`: every entry, in index order. */
function lsFiles(): Staged[] {
  return runGit(['ls-files', '--stage', '-z'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t')
      const [mode, oid, stage] = line.slice(0, tab).split(' ')
      return { mode: mode!, oid: oid!, stage: Number(stage), path: line.slice(tab + 1) }
    })
}

/** `git ls-files -v`'s tag of each path (H, S for skip-worktree, h for assume-unchanged, M for unmerged...). */
function tags(): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of runGit(['ls-files', '-v', '-z'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean)) out.set(line.slice(2), line[0]!)
  return out
}

function emptyWorkTree(): void {
  for (const name of readdirSync(repo.dir)) if (name !== '.git') rmSync(path.join(repo.dir, name), { recursive: true, force: true })
}

/** An index git writes for `tree`, in `version`, with conflicts on `conflicted` and skip-worktree on `skipped`. */
function gitIndex(tree: string, options: { version: number; conflicted: string[]; skipped: string[]; blob: string }): void {
  runGit(['read-tree', tree], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  if (options.conflicted.length > 0) {
    const lines = options.conflicted.flatMap((file) => [`0 ${'0'.repeat(40)}\t${file}\0`, ...[1, 2, 3].map((stage) => `100644 ${options.blob} ${stage}\t${file}\0`)])
    runGit(['update-index', '-z', '--index-info'], { cwd: repo.dir, input: lines.join(''), env: MAINTAINER_GIT_ENV })
  }
  if (options.skipped.length > 0) runGit(['update-index', '-z', '--skip-worktree', '--stdin'], { cwd: repo.dir, input: options.skipped.map((file) => `${file}\0`).join(''), env: MAINTAINER_GIT_ENV })
  runGit(['update-index', '--index-version', String(options.version)], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
}

const scenarioArb = fc.record({
  tree: treeArb,
  edits: editsArb,
  version: fc.constantFrom(2, 3, 4),
  conflicts: fc.array(fc.nat(), { maxLength: 3 }),
  skips: fc.array(fc.nat(), { maxLength: 3 }),
  /** Per updated path: whether it is staged with the stats of a work-tree file holding its content. */
  stats: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
})

describe('IndexFile', () => {
  it('reads an index git wrote, and writes one git reads back as the expected tree, flags and stats kept', async () => {
    const conflictBlob = runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'conflict\n', env: MAINTAINER_GIT_ENV }).trim()
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ tree, edits, version, conflicts, skips, stats }) => {
        emptyWorkTree()
        const target: FlatTree = applyEdits(tree, edits)
        const [before, after] = writeTrees(repo.dir, [tree, target]) as [string, string]
        const beforeEntries = lsTree(repo.dir, before)
        const afterEntries = lsTree(repo.dir, after)
        const paths = [...beforeEntries.keys()]
        const changed = new Set([...paths.filter((file) => !afterEntries.has(file)), ...[...afterEntries].filter(([file, entry]) => beforeEntries.get(file)?.oid !== entry.oid || beforeEntries.get(file)?.mode !== entry.mode).map(([file]) => file)])
        const unchanged = paths.filter((file) => !changed.has(file))
        const changedBefore = paths.filter((file) => changed.has(file))
        const conflicted = [...new Set(conflicts.filter(() => changedBefore.length > 0).map((n) => changedBefore[n % changedBefore.length]!))]
        const skipped = [...new Set(skips.filter(() => unchanged.length > 0).map((n) => unchanged[n % unchanged.length]!))]
        gitIndex(before, { version, conflicted, skipped, blob: conflictBlob })

        // Read: what git wrote.
        const staged = lsFiles()
        for (const file of new Set(staged.map((entry) => entry.path))) {
          const stages = staged.filter((entry) => entry.path === file)
          expect(await index.stagedOid(file), file).toBe(stages.some((entry) => entry.stage !== 0) ? 'conflict' : stages[0]!.oid)
        }
        expect(await index.stagedOid('not/in/the/index')).toBeNull()
        const tagsBefore = tags()

        // Write: every path that differs, in the order a caller might give them.
        const updates: IndexUpdate[] = []
        const withStats = new Map<string, bigint[]>()
        ;[...changed].sort().forEach((file, i) => {
          const entry = afterEntries.get(file)
          if (!entry) return updates.push({ path: file, oid: null })
          if (entry.mode === '120000' || entry.mode === '160000') return updates.push({ path: file, oid: entry.oid, mode: Number.parseInt(entry.mode, 8) })
          if (!stats[i % stats.length] && entry.mode === '100644') return updates.push({ path: file, oid: entry.oid })
          // The work-tree file, its content the blob's and executable as the mode says.
          const absolute = path.join(repo.dir, file)
          mkdirSync(path.dirname(absolute), { recursive: true })
          writeFileSync(absolute, runGitBytes(['cat-file', 'blob', entry.oid], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }))
          chmodSync(absolute, entry.mode === '100755' ? 0o755 : 0o644)
          const fileStats = lstatSync(absolute, { bigint: true })
          withStats.set(file, [fileStats.ctimeNs, fileStats.mtimeNs, fileStats.dev, fileStats.ino, fileStats.uid, fileStats.gid, fileStats.size])
          return updates.push({ path: file, oid: entry.oid, stats: fileStats })
        })
        await index.update(updates)

        expect(lsFiles()).toEqual([...afterEntries].map(([file, entry]) => ({ mode: entry.mode, oid: entry.oid, stage: 0, path: file })).sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path))))
        expect(runGit(['write-tree'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()).toBe(after)
        const tagsAfter = tags()
        for (const file of unchanged) expect(tagsAfter.get(file), file).toBe(tagsBefore.get(file))
        for (const file of withStats.keys()) expect(tagsAfter.get(file)).toBe('H')
        if (withStats.size > 0) {
          expect(debugStats([...withStats.keys()])).toEqual(new Map([...withStats].map(([file, values]) => [file, statsAsGitShowsThem(values)])))
          // Real stats: git trusts them and reads none of these files to know they are clean.
          const dirty = runGit(['diff-files', '--name-only', '-z'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0')
          for (const file of withStats.keys()) expect(dirty).not.toContain(file)
        }
        runGit(['fsck', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
      }),
      { numRuns: 20 },
    )
  })

  // As saves do: one path restaged at a time, each write edited in place from the last one.
  it('restages one path after another, each file the bytes serializeIndex makes and git reads', async () => {
    emptyWorkTree()
    runGit(['read-tree', '--empty'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    const files = ['a.html', 'blog/b.html', 'blog/c-with-a-longer-name.html', 'blog/d.html', 'z']
    const stage = (file: string, text: string): IndexUpdate => {
      const absolute = path.join(repo.dir, file)
      mkdirSync(path.dirname(absolute), { recursive: true })
      writeFileSync(absolute, text)
      return { path: file, oid: runGit(['hash-object', '-w', '--', file], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim(), stats: lstatSync(absolute, { bigint: true }) }
    }
    await index.update(files.map((file) => stage(file, `${file}\n`)))
    for (let i = 0; i < 12; i++) {
      const file = files[(i * 3) % files.length]!
      const update = stage(file, `${file} edit ${i}${'!'.repeat(i)}\n`)
      await index.update([update])
      const bytes = readFileSync(indexPath())
      expect(serializeIndex(parseIndex(bytes, indexPath()).entries).equals(bytes)).toBe(true)
      expect(lsFiles().find((entry) => entry.path === file)?.oid).toBe(update.oid)
      expect(runGit(['diff-files', '--name-only', '-z'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })).toBe('')
    }
    expect(lsFiles().map((entry) => entry.path)).toEqual(files)
    runGit(['fsck', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })

  it('stores a path longer than the 12-bit name length as git does', async () => {
    emptyWorkTree()
    runGit(['read-tree', '--empty'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    const blob = runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'deep\n', env: MAINTAINER_GIT_ENV }).trim()
    const deep = `${'folder/'.repeat(700)}file.html`
    expect(Buffer.byteLength(deep)).toBeGreaterThan(0xfff)
    await index.update([{ path: deep, oid: blob }, { path: 'short', oid: blob }])
    expect(lsFiles()).toEqual([{ mode: '100644', oid: blob, stage: 0, path: deep }, { mode: '100644', oid: blob, stage: 0, path: 'short' }])
    expect(await index.stagedOid(deep)).toBe(blob)
    runGit(['update-index', '--index-version', '4'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    expect(await index.stagedOid(deep)).toBe(blob)
  })
})

describe('readIndexObjects', () => {
  it("names the staged blobs, the cache tree's trees and the resolve-undo blobs, as git lists them", async () => {
    const blob = runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'side\n', env: MAINTAINER_GIT_ENV }).trim()
    await fc.assert(
      fc.asyncProperty(treeArb, fc.array(fc.nat(), { maxLength: 3 }), async (tree, picks) => {
        const [root] = writeTrees(repo.dir, [tree]) as [string]
        runGit(['read-tree', root], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
        // A conflict resolved by update-index leaves its stages in the resolve-undo extension.
        const files = [...lsTree(repo.dir, root)].filter(([, entry]) => entry.mode === '100644').map(([file]) => file)
        const resolved = [...new Set(picks.filter(() => files.length > 0).map((n) => files[n % files.length]!))]
        if (resolved.length > 0) {
          runGit(['update-index', '-z', '--index-info'], { cwd: repo.dir, input: resolved.flatMap((file) => [`0 ${'0'.repeat(40)}\t${file}\0`, `100644 ${blob} 2\t${file}\0`, `100644 ${blob} 3\t${file}\0`]).join(''), env: MAINTAINER_GIT_ENV })
          runGit(['update-index', '-z', '--index-info'], { cwd: repo.dir, input: resolved.map((file) => `100644 ${blob} 0\t${file}\0`).join(''), env: MAINTAINER_GIT_ENV })
        }
        // write-tree leaves a complete cache tree behind.
        const written = runGit(['write-tree'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()
        const expected = new Set([written])
        for (const line of runGit(['ls-tree', '-r', '-t', '-z', '--format=%(objecttype) %(objectname)', written], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean)) {
          const [type, oid] = line.split(' ')
          if (type === 'tree') expected.add(oid!)
        }
        for (const entry of lsFiles()) if (entry.mode !== '160000') expected.add(entry.oid)
        const undo = runGit(['ls-files', '--resolve-undo', '-z'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean)
        expect(undo.length).toBe(resolved.length * 2)
        for (const line of undo) expected.add(line.split(' ')[1]!)
        expect(new Set(await readIndexObjects(indexPath()))).toEqual(expected)
      }),
      { numRuns: 15 },
    )
  })
})

/** ctime, mtime, dev, ino, uid, gid, size as an index entry stores them (32 bits each, seconds and nanoseconds). */
function statsAsGitShowsThem([ctime, mtime, dev, ino, uid, gid, size]: bigint[]): string {
  const time = (ns: bigint) => `${(ns / 1_000_000_000n) & 0xffffffffn}:${ns % 1_000_000_000n}`
  const low = (value: bigint) => String(value & 0xffffffffn)
  return `${time(ctime!)} ${time(mtime!)} ${low(dev!)} ${low(ino!)} ${low(uid!)} ${low(gid!)} ${low(size!)}`
}

/** The same fields as `git ls-files --debug` prints them, for the given paths. */
function debugStats(files: string[]): Map<string, string> {
  const out = new Map<string, string>()
  // --debug has no -z: paths are matched by the order ls-files lists them in.
  const listed = runGit(['ls-files', '-z', '--', ...files], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean)
  const debug = runGit(['ls-files', '--debug', '--', ...files], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\n')
  let entry = 0
  for (let i = 0; i < debug.length; i++) {
    if (!debug[i]!.startsWith('  ctime: ')) continue
    const field = (at: number, name: string) => new RegExp(`${name}: (\\S+)`).exec(debug[at]!)![1]!
    out.set(listed[entry++]!, `${field(i, 'ctime')} ${field(i + 1, 'mtime')} ${field(i + 2, 'dev')} ${field(i + 2, 'ino')} ${field(i + 3, 'uid')} ${field(i + 3, 'gid')} ${field(i + 4, 'size')}`)
  }
  return out
}
