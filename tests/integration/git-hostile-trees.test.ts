/**
 * Commits from the git remote are a content author's input. Trees written by hand with the git
 * CLI (`git hash-object -t tree --literally`, which skips git's own checks) and pushed to a real
 * `git http-backend`: a path git refuses (`..`, `.git` and its NTFS/HFS forms, an odd mode) makes
 * the whole commit refused, by a writer's pull, a merge, a replica's fast-forward and a recovery;
 * a zero-padded folder mode is read as git reads it, and packing keeps working after it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RefusedTreeError } from '../../server/lib/errors.ts'
import { runGit, runGitBytes } from '../support/git.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { ADA, GIT_ENV, post, recordingLogger } from './git-fixture.ts'
import { createRemoteWorld, type RemoteWorld } from './git-remote-world.ts'

const MERGE = { author: { name: 'Watchio site', email: 'site@watchio.example' }, message: 'Merge remote branch' }

type World = RemoteWorld

const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function setUp(): Promise<World> {
  // Packing only when asked (`repository.pack()`).
  return createRemoteWorld({ cleanups, packing: { looseObjects: Number.MAX_SAFE_INTEGER, looseBytes: Number.MAX_SAFE_INTEGER } })
}

type RawEntry = [mode: string, name: string, oid: string]

/** A tree object with exactly these entries, in this order, as written: no check of git's. */
function writeTree(w: World, entries: RawEntry[]): string {
  const bytes = Buffer.concat(entries.map(([mode, name, oid]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(oid, 'hex')])))
  return runGit(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], { cwd: w.maintainerDir, env: GIT_ENV, input: bytes }).trim()
}

/** A tree's entries as git stores them (`git cat-file tree`, parsed). */
function readTree(w: World, oid: string): RawEntry[] {
  const bytes = runGitBytes(['cat-file', 'tree', oid], { cwd: w.maintainerDir, env: GIT_ENV })
  const entries: RawEntry[] = []
  for (let at = 0; at < bytes.length; ) {
    const space = bytes.indexOf(0x20, at)
    const nul = bytes.indexOf(0, space)
    entries.push([bytes.toString('latin1', at, space), bytes.toString('utf8', space + 1, nul), bytes.toString('hex', nul + 1, nul + 21)])
    at = nul + 21
  }
  return entries
}

const blob = (w: World, text: string) => runGit(['hash-object', '-w', '--stdin'], { cwd: w.maintainerDir, env: GIT_ENV, input: text }).trim()

/** Git's order: a folder's name compared as if it ended in '/'. */
function sorted(entries: RawEntry[]): RawEntry[] {
  const key = ([mode, name]: RawEntry) => Buffer.from(mode.endsWith('40000') ? `${name}/` : name, 'utf8')
  return [...entries].sort((a, b) => Buffer.compare(key(a), key(b)))
}

/**
 * A commit on the remote's main whose tree is the current one with `edit` applied to the entries
 * of the folder `folder` ('' for the root), pushed with the git CLI. Returns the commit.
 */
function pushEditedTree(w: World, folder: string, edit: (entries: RawEntry[]) => RawEntry[], message: string): string {
  // Built on the remote's tip without a checkout: git itself refuses to check out such trees.
  w.maintainer('fetch', '-q', 'origin')
  const rebuild = (tree: string, names: string[]): string => {
    const entries = readTree(w, tree)
    if (names.length === 0) return writeTree(w, edit(entries))
    const [name, ...rest] = names
    return writeTree(w, entries.map(([mode, entryName, oid]): RawEntry => (entryName === name ? [mode, entryName, rebuild(oid, rest)] : [mode, entryName, oid])))
  }
  const tree = rebuild(w.maintainer('rev-parse', 'origin/main^{tree}'), folder === '' ? [] : folder.split('/'))
  const commit = w.maintainer('commit-tree', tree, '-p', 'origin/main', '-m', message)
  w.maintainer('push', '-q', 'origin', `${commit}:refs/heads/main`)
  return commit
}

/** An entry added to a folder, in git's order. */
const adding = (entry: RawEntry) => (entries: RawEntry[]) => sorted([...entries, entry])

/** A folder holding one file, for a hostile folder name. */
function folderWith(w: World, name: string, text: string): string {
  return writeTree(w, [['100644', name, blob(w, text)]])
}

function expectNothingWritten(w: World, head: string): void {
  expect(w.site.head()).toBe(head)
  expect(w.site.git('status', '--porcelain', '--ignored')).toBe('')
  expect(readdirSync(path.dirname(w.site.dir)).filter((name) => name.startsWith('escaped'))).toEqual([])
  expect(existsSync(w.site.file('.git/evil'))).toBe(false)
  expect(existsSync(w.site.file('.git/hooks/post-checkout'))).toBe(false)
  expect(existsSync(w.site.file('.git/watchio-pull.json'))).toBe(false)
  expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A one'))
}

describe('a pulled commit with a path git refuses is refused whole', () => {
  const cases: [label: string, folder: string, entry: (w: World) => RawEntry, shown: string, reason: RegExp][] = [
    ['a folder named ".." at the root', '', (w) => ['40000', '..', folderWith(w, 'escaped.txt', 'beside the repository')], '..', /outside its folder/],
    ['a folder named ".git" at the root', '', (w) => ['40000', '.git', folderWith(w, 'evil', 'in the git folder')], '.git', /git’s own folder/],
    ['a ".GIT" folder deep down', 'content/blog', (w) => ['40000', '.GIT', writeTree(w, [['40000', 'hooks', folderWith(w, 'post-checkout', '#!/bin/sh\n')]])], 'content/blog/.GIT', /git’s own folder/],
    ['an NTFS ".git." folder', 'content', (w) => ['40000', '.git.', folderWith(w, 'evil', 'x')], 'content/.git.', /git’s own folder/],
    ['an NTFS short name "git~1"', '', (w) => ['40000', 'git~1', folderWith(w, 'evil', 'x')], 'git~1', /git’s own folder/],
    ['an HFS ".g\\u200cit" folder', '', (w) => ['40000', '.g\u200cit', folderWith(w, 'evil', 'x')], '.g\\u{200c}it', /git’s own folder/],
    ['a file with a backslash', 'content/blog', (w) => ['100644', '..\\..\\escaped.html', blob(w, 'x')], 'content/blog/..\\..\\escaped.html', /backslash/],
    ['an odd file mode', 'content/blog', (w) => ['100600', 'c.html', blob(w, post('c', 'C'))], 'content/blog/c.html', /mode 100600/],
    // git's fsck (gitmodulesBlob...): tests/integration/git-fsck-dotfiles.test.ts holds the rules against git's own.
    ['a ".gitmodules" folder at the root', '', (w) => ['40000', '.gitmodules', folderWith(w, 'x', 'a folder')], '.gitmodules', /\(gitmodulesBlob\)$/],
    ['a "GITMOD~1" folder deep down', 'content/blog', (w) => ['40000', 'GITMOD~1', folderWith(w, 'x', 'a folder')], 'content/blog/GITMOD~1', /\(gitmodulesBlob\)$/],
    ['a ".gitmodules" symbolic link', '', (w) => ['120000', '.gitmodules', blob(w, '/etc/passwd')], '.gitmodules', /\(gitmodulesSymlink\)$/],
    ['a ".gitmodules" whose url is an option', '', (w) => ['100644', '.gitmodules', blob(w, '[submodule "x"]\n\tpath = x\n\turl = --upload-pack=touch /tmp/pwned\n')], '.gitmodules', /\(gitmodulesUrl\)$/],
    ['a ".gitignore" symbolic link', 'content', (w) => ['120000', '.gitignore', blob(w, '/etc/passwd')], 'content/.gitignore', /\(gitignoreSymlink\)$/],
  ]

  it.each(cases)('%s: nothing written, HEAD unmoved, the commit and path named', async (_label, folder, entry, shown, reason) => {
    const w = await setUp()
    const head = w.site.head()
    // A good change in the same commit: refused with it.
    pushEditedTree(w, 'content/blog', (entries) => entries.map(([mode, name, oid]): RawEntry => (name === 'a.html' ? [mode, name, blob(w, post('a', 'A two'))] : [mode, name, oid])), 'good')
    const hostile = pushEditedTree(w, folder, adding(entry(w)), 'hostile')
    await w.sync.fetch()
    const error = await w.sync.pull(MERGE).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RefusedTreeError)
    expect(error).toMatchObject({ commit: hostile, path: shown, reason: expect.stringMatching(reason) })
    expect((error as Error).message).toBe(`Commit ${hostile} was not checked out: ${shown} ${(error as RefusedTreeError).reason}`)
    expectNothingWritten(w, head)
  })

  it('refuses it in a merge with local commits, and once the remote fixes it, pulls the fix', async () => {
    const w = await setUp()
    const saved = await w.repository.commitFiles({ changes: [{ path: w.site.file('content/blog/b.html'), content: post('b', 'B saved') }], message: 'save b', author: ADA })
    const hostile = pushEditedTree(w, '', adding(['40000', '..', folderWith(w, 'escaped.txt', 'x')]), 'hostile')
    await w.sync.fetch()
    await expect(w.sync.pull(MERGE)).rejects.toMatchObject({ commit: hostile, path: '..' })
    expectNothingWritten(w, saved!)

    // The fix: a new commit on the branch without the path (the refused one stays in history).
    pushEditedTree(w, '', (entries) => entries.filter(([, name]) => name !== '..'), 'remove ..')
    pushEditedTree(w, 'content/blog', adding(['100644', 'c.html', blob(w, post('c', 'C'))]), 'add c')
    await w.sync.fetch()
    const pulled = await w.sync.pull(MERGE)
    expect(pulled.outcome).toBe('merged')
    expect(pulled.changed.map((file) => path.relative(w.site.dir, file))).toEqual(['content/blog/c.html'])
    expect(w.site.read('content/blog/c.html')).toBe(post('c', 'C'))
    expect(readdirSync(path.dirname(w.site.dir)).filter((name) => name.startsWith('escaped'))).toEqual([])
    expect(w.site.git('status', '--porcelain')).toBe('')
  })

  it('refuses it in a read replica\'s fast-forward', async () => {
    const w = await setUp()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-follower-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    runGit(['clone', '-q', w.bareDir, path.join(dir, 'clone')], { env: GIT_ENV })
    const follower = await ContentRepository.open({ dir: path.join(dir, 'clone/content/blog'), logger: recordingLogger(), follower: true })
    cleanups.push(() => follower.close())
    const remote = follower.connectRemote({ url: w.server.urlOf('site.git'), branch: 'main', username: null, token: null })
    cleanups.push(() => remote.close())
    const head = runGit(['rev-parse', 'HEAD'], { cwd: path.join(dir, 'clone') }).trim()
    const hostile = pushEditedTree(w, '', adding(['40000', '.git', folderWith(w, 'config', '[core]\n\thooksPath = /tmp\n')]), 'hostile')
    await remote.fetch()
    await expect(remote.pull({ ...MERGE, fastForwardOnly: true })).rejects.toMatchObject({ commit: hostile, path: '.git' })
    expect(runGit(['rev-parse', 'HEAD'], { cwd: path.join(dir, 'clone') }).trim()).toBe(head)
    expect(readFileSync(path.join(dir, 'clone/.git/config'), 'utf8')).not.toContain('hooksPath')
    expect(runGit(['status', '--porcelain'], { cwd: path.join(dir, 'clone') })).toBe('')
  })

  it('is rolled back at start when a crash left a journal naming it (written before trees were checked)', async () => {
    const w = await setUp()
    const head = w.site.head()
    const hostile = pushEditedTree(w, '', adding(['40000', '..', folderWith(w, 'escaped.txt', 'x')]), 'hostile')
    await w.sync.fetch()
    await w.repository.close()
    writeFileSync(
      w.site.file('.git/watchio-pull.json'),
      JSON.stringify({ kind: 'pull', branchRef: 'refs/heads/main', from: head, to: hostile, paths: ['content/blog/a.html'], startedAt: new Date().toISOString() }),
    )
    const reopened = await ContentRepository.open({ dir: w.site.blogDir, logger: recordingLogger() })
    cleanups.push(() => reopened.close())
    expect(reopened.recovery.actions.join('\n')).toMatch(new RegExp(`^Pull rolled back \\(${hostile} is refused: \\.\\. is named "\\.\\."`))
    expectNothingWritten(w, head)
  })
})

describe('a .gitmodules git accepts', () => {
  it('is pulled and checked out as the file it is', async () => {
    const w = await setUp()
    const text = '[submodule "theme"]\n\tpath = themes/theme\n\turl = https://github.com/example/theme.git\n'
    const pulled = pushEditedTree(w, '', adding(['100644', '.gitmodules', blob(w, text)]), 'a submodule, declared')
    await w.sync.fetch()
    expect((await w.sync.pull(MERGE)).outcome).toBe('fast-forward')
    expect(w.site.head()).toBe(pulled)
    expect(w.site.read('.gitmodules')).toBe(text)
  })
})

describe('a zero-padded folder mode (040000)', () => {
  it('is read as a folder: the pull reports only what changed, and packing still packs every loose object', async () => {
    const w = await setUp()
    // The root tree with `content` written as 040000, and one post changed under it.
    pushEditedTree(w, 'content/blog', (entries) => entries.map(([mode, name, oid]): RawEntry => (name === 'b.html' ? [mode, name, blob(w, post('b', 'B two'))] : [mode, name, oid])), 'b two')
    const padded = pushEditedTree(w, '', (entries) => entries.map(([mode, name, oid]): RawEntry => [mode === '40000' ? '040000' : mode, name, oid]), 'padded')
    expect(readTree(w, runGit(['rev-parse', `${padded}^{tree}`], { cwd: w.maintainerDir }).trim()).map(([mode]) => mode)).toContain('040000')
    await w.sync.fetch()
    const pulled = await w.sync.pull(MERGE)
    expect(pulled.outcome).toBe('fast-forward')
    expect(pulled.changed.map((file) => path.relative(w.site.dir, file))).toEqual(['content/blog/b.html'])
    expect(w.site.read('content/blog/b.html')).toBe(post('b', 'B two'))
    expect(w.site.head()).toBe(padded)

    // A save on top writes git's own form again; a pull of the padded tree saw nothing else change.
    await w.repository.commitFiles({ changes: [{ path: w.site.file('content/blog/a.html'), content: post('a', 'A saved') }], message: 'save a', author: ADA })
    const report = await w.repository.pack()
    expect(report).not.toBeNull()
    expect(Number(/^count: (\d+)$/m.exec(w.site.git('count-objects', '-v'))![1])).toBe(0)
    // git's fsck accepts the repository (it only warns about the padded mode) and a second run works too.
    w.site.git('fsck', '--full', '--no-dangling')
    await w.repository.commitFiles({ changes: [{ path: w.site.file('content/blog/a.html'), content: post('a', 'A again') }], message: 'save a again', author: ADA })
    expect(await w.repository.pack()).not.toBeNull()
    expect(Number(/^count: (\d+)$/m.exec(w.site.git('count-objects', '-v'))![1])).toBe(0)
    expect(w.site.git('status', '--porcelain')).toBe('')
  })
})
