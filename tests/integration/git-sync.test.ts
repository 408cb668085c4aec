import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RemoteError, RepositoryStateError } from '../../server/lib/errors.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { runGit } from '../support/git.ts'
import { ADA, GIT_ENV, post, recordingLogger } from './git-fixture.ts'
import { createRemoteWorld, type RemoteWorld } from './git-remote-world.ts'

const AUTH = { username: 'site-bot', token: 'tok_3f9a1c77e2b8d4' }
const MERGE = { author: { name: 'Watchio site', email: 'site@watchio.example' }, message: 'Merge remote branch' }

type World = RemoteWorld

let world: World | undefined
const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  world = undefined
})

async function setUp(options: { token?: string } = {}): Promise<World> {
  world = await createRemoteWorld({ cleanups, auth: AUTH, token: options.token })
  return world
}

async function save(w: World, file: string, text: string | null, message = `save ${file}`): Promise<string> {
  const commit = await w.repository.commitFiles({ changes: [{ path: w.site.file(file), content: text }], message, author: ADA })
  return commit!
}

function expectClean(w: World): void {
  expect(w.site.git('status', '--porcelain')).toBe('')
  w.site.git('fsck', '--full', '--strict')
  expect(existsSync(w.site.file('.git/watchio-pull.json'))).toBe(false)
}

describe('push', () => {
  it('puts a save on the remote branch with its author and message, sending the token as Basic auth', async () => {
    const w = await setUp()
    const commit = await save(w, 'content/blog/c.html', post('c', 'C'), 'blog: create "c" (c)')
    // Never fetched: where the remote is is unknown, so pushing refuses until a fetch says.
    expect(((await w.sync.push().catch((error: unknown) => error)) as RemoteError).kind).toBe('remote-moved')
    expect(await w.sync.fetch()).toBe(w.bare('rev-parse', 'main'))
    expect(await w.sync.push()).toBe('pushed')
    expect(w.bare('rev-parse', 'main')).toBe(commit)
    expect(w.bare('log', '-1', '--format=%an <%ae>|%s', 'main')).toBe('Ada Lovelace <ada@example.com>|blog: create "c" (c)')
    expect(w.server.requests.length).toBeGreaterThan(0)
    expect(w.server.requests.every((request) => request.authorized)).toBe(true)
    expect(await w.sync.push()).toBe('up-to-date')
    expect((await w.sync.state()).aheadCount).toBe(0)
  })

  it('refuses to push over a remote that moved since the last fetch, sending nothing', async () => {
    const w = await setUp()
    await w.sync.fetch()
    w.maintainerPush({ 'content/blog/m.html': post('m', 'M') }, 'maintainer adds m')
    const remoteBefore = w.bare('rev-parse', 'main')
    await save(w, 'content/blog/c.html', post('c', 'C'))
    const failure = await w.sync.push().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RemoteError)
    expect((failure as RemoteError).kind).toBe('remote-moved')
    expect(w.bare('rev-parse', 'main')).toBe(remoteBefore)
    expect(w.server.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/git-receive-pack'))).toHaveLength(0)
  })

  it('fails with kind auth and a message without the token when the credentials are wrong', async () => {
    const w = await setUp({ token: 'wrong-token-9c1d' })
    const failure = (await w.sync.fetch().catch((error: unknown) => error)) as RemoteError
    expect(failure).toBeInstanceOf(RemoteError)
    expect(failure.kind).toBe('auth')
    expect(failure.message).toMatch(/refused the credentials \(HTTP 401/)
    expect(failure.message).not.toContain('wrong-token-9c1d')
    expect(w.sync.redact(`x wrong-token-9c1d y ${Buffer.from(`${AUTH.username}:wrong-token-9c1d`).toString('base64')}`)).toBe('x *** y ***')
  })

  it('fails with kind network when the remote is down, and works once it is back', async () => {
    const w = await setUp()
    await w.server.stop()
    const failure = (await w.sync.fetch().catch((error: unknown) => error)) as RemoteError
    expect(failure.kind).toBe('network')
    expect(failure.message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+\/site\.git \(ECONNREFUSED\)/)
    await w.server.start()
    expect(await w.sync.fetch()).toBe(w.bare('rev-parse', 'main'))
  })
})

describe('pull', () => {
  it('fast-forwards to a maintainer\'s commits: files, index and branch, and says which files changed', async () => {
    const w = await setUp()
    const pushed = w.maintainerPush({ 'content/blog/a.html': post('a', 'A by maintainer'), 'content/blog/m.html': post('m', 'M') }, 'maintainer edits')
    expect(await w.sync.fetch()).toBe(pushed)
    expect((await w.sync.state()).behind).toBe(1)
    const result = await w.sync.pull(MERGE)
    expect(result.outcome).toBe('fast-forward')
    expect(result.commit).toBe(pushed)
    expect(result.changed.sort()).toEqual([w.site.file('content/blog/a.html'), w.site.file('content/blog/m.html')])
    expect(w.site.head()).toBe(pushed)
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A by maintainer'))
    expectClean(w)
    expect((await w.sync.pull(MERGE)).outcome).toBe('up-to-date')
  })

  it('merges changes to different files on both sides into a merge commit, losing nothing, and pushes it', async () => {
    const w = await setUp()
    await w.sync.fetch()
    const theirs = w.maintainerPush({ 'content/blog/b.html': post('b', 'B by maintainer'), 'content/blog/m.html': post('m', 'M') }, 'maintainer edits b')
    const mine = await save(w, 'content/blog/a.html', post('a', 'A by admin'))
    await w.sync.fetch()
    const result = await w.sync.pull(MERGE)
    expect(result.outcome).toBe('merged')
    expect(w.site.git('rev-parse', 'HEAD^1', 'HEAD^2').trim().split('\n')).toEqual([mine, theirs])
    expect(w.site.git('log', '-1', '--format=%an|%s')).toBe('Watchio site|Merge remote branch\n')
    expect(result.changed.sort()).toEqual([w.site.file('content/blog/b.html'), w.site.file('content/blog/m.html')])
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A by admin'))
    expect(w.site.read('content/blog/b.html')).toBe(post('b', 'B by maintainer'))
    expectClean(w)
    expect(await w.sync.push()).toBe('pushed')
    expect(w.bare('rev-parse', 'main')).toBe(w.site.head())
    w.maintainer('pull', '-q', '--ff-only')
    expect(w.maintainer('log', '--format=%s', '-3').split('\n')).toEqual(['Merge remote branch', 'save content/blog/a.html', 'maintainer edits b'])
  })

  it('stops at a file changed on both sides: nothing pulled, both versions kept, the remote author named; a resolution merges', async () => {
    const w = await setUp()
    await w.sync.fetch()
    const theirs = w.maintainerPush({ 'content/blog/a.html': post('a', 'A by maintainer'), 'content/blog/m.html': post('m', 'M') }, 'maintainer edits a')
    const mine = await save(w, 'content/blog/a.html', post('a', 'A by admin'))
    await w.sync.fetch()
    const result = await w.sync.pull(MERGE)
    expect(result.outcome).toBe('conflict')
    expect(result.changed).toEqual([])
    expect(w.site.head()).toBe(mine)
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A by admin'))
    expect(existsSync(w.site.file('content/blog/m.html'))).toBe(false)
    const [conflict] = result.conflicts
    expect(result.conflicts).toHaveLength(1)
    expect(conflict).toMatchObject({
      path: w.site.file('content/blog/a.html'),
      mine: w.site.git('rev-parse', 'HEAD:content/blog/a.html').trim(),
      theirs: w.bare('rev-parse', 'main:content/blog/a.html'),
      remote: { commit: theirs, author: { name: 'Maintainer', email: 'maintainer@example.com' } },
    })
    expect(await w.sync.push()).toBe('diverged')
    expect(w.bare('rev-parse', 'main')).toBe(theirs)
    const state = await w.sync.state()
    expect([state.aheadCount, state.behind]).toEqual([1, 1])

    // A resolution chosen against other blobs is ignored: the conflict stays.
    const stale = await w.sync.pull({ ...MERGE, resolutions: [{ path: conflict!.path, keep: 'theirs', mine: conflict!.base, theirs: conflict!.theirs }] })
    expect(stale.outcome).toBe('conflict')

    const resolved = await w.sync.pull({ ...MERGE, resolutions: [{ path: conflict!.path, keep: 'theirs', mine: conflict!.mine, theirs: conflict!.theirs }] })
    expect(resolved.outcome).toBe('merged')
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A by maintainer'))
    expect(w.site.read('content/blog/m.html')).toBe(post('m', 'M'))
    expect(w.site.git('rev-parse', 'HEAD^1', 'HEAD^2').trim().split('\n')).toEqual([mine, theirs])
    // The admin's version is still in history.
    expect(w.site.git('show', `${mine}:content/blog/a.html`)).toBe(post('a', 'A by admin'))
    expectClean(w)
    expect(await w.sync.push()).toBe('pushed')
    expect(w.bare('rev-parse', 'main')).toBe(w.site.head())
  })

  it('keeps the site\'s version of a conflicted file when told to', async () => {
    const w = await setUp()
    await w.sync.fetch()
    w.maintainerPush({ 'content/blog/a.html': null }, 'maintainer deletes a')
    await save(w, 'content/blog/a.html', post('a', 'A by admin'))
    await w.sync.fetch()
    const { conflicts } = await w.sync.pull(MERGE)
    expect(conflicts.map((conflict) => [conflict.theirs, conflict.remote?.author.name])).toEqual([[null, 'Maintainer']])
    const result = await w.sync.pull({ ...MERGE, resolutions: [{ ...conflicts[0]!, keep: 'mine' }] })
    expect(result.outcome).toBe('merged')
    expect(result.changed).toEqual([])
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A by admin'))
    expectClean(w)
  })

  it('refuses to overwrite a file someone changed by hand in the server\'s work tree', async () => {
    const w = await setUp()
    w.maintainerPush({ 'content/blog/b.html': post('b', 'B by maintainer') }, 'maintainer edits b')
    w.site.write('content/blog/b.html', post('b', 'hand edit, not committed'))
    await w.sync.fetch()
    const before = w.site.head()
    await expect(w.sync.pull(MERGE)).rejects.toThrow(/would overwrite uncommitted changes in the server's work tree \(content\/blog\/b\.html\)/)
    expect(w.site.head()).toBe(before)
    expect(w.site.read('content/blog/b.html')).toBe(post('b', 'hand edit, not committed'))
  })

  it('checks out an executable and a new folder as git does, and never writes a symlink or a submodule', async () => {
    const w = await setUp()
    w.maintainer('pull', '-q')
    execFileSync('mkdir', ['-p', path.join(w.maintainerDir, 'tools')])
    writeFileSync(path.join(w.maintainerDir, 'tools/run.sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 })
    execFileSync('ln', ['-s', '../README.md', path.join(w.maintainerDir, 'tools/readme-link')])
    w.maintainer('add', 'tools')
    w.maintainer('update-index', '--add', '--cacheinfo', `160000,${w.maintainer('rev-parse', 'HEAD')},tools/module`)
    w.maintainer('commit', '-q', '-m', 'tools')
    w.maintainer('push', '-q', 'origin', 'main')
    await w.sync.fetch()
    expect((await w.sync.pull(MERGE)).outcome).toBe('fast-forward')
    expect(statSync(w.site.file('tools/run.sh')).mode & 0o111).not.toBe(0)
    expect(existsSync(w.site.file('tools/readme-link'))).toBe(false)
    expect(() => lstatSync(w.site.file('tools/readme-link'))).toThrow(/ENOENT/)
    expect(existsSync(w.site.file('tools/module'))).toBe(false)
    // In the index, marked as deliberately absent (skip-worktree: "S"), so git status is clean.
    expect(w.site.git('ls-files', '-t', 'tools').trim().split('\n')).toEqual(['S tools/module', 'S tools/readme-link', 'H tools/run.sh'])
    expectClean(w)

    // Later pulls change and remove them like any file.
    w.maintainer('rm', '-q', 'tools/readme-link')
    execFileSync('ln', ['-s', '/etc/passwd', path.join(w.maintainerDir, 'tools/readme-link-2')])
    w.maintainer('add', 'tools/readme-link-2')
    w.maintainer('commit', '-q', '-m', 'tools again')
    w.maintainer('push', '-q', 'origin', 'main')
    await w.sync.fetch()
    expect((await w.sync.pull(MERGE)).outcome).toBe('fast-forward')
    expect(existsSync(w.site.file('tools/readme-link-2'))).toBe(false)
    expect(w.site.git('ls-files', '-t', 'tools').trim().split('\n')).toEqual(['S tools/module', 'S tools/readme-link-2', 'H tools/run.sh'])
    expectClean(w)
  })
})

describe('a pull interrupted by a crash', () => {
  it('is completed at the next open: branch moved, files and index match, the journal gone', async () => {
    const w = await setUp()
    const pushed = w.maintainerPush({ 'content/blog/a.html': post('a', 'A by maintainer'), 'content/blog/b.html': null }, 'maintainer edits')
    await w.sync.fetch()
    const before = w.site.head()
    await w.repository.close()
    // As if the process died after writing a.html but before deleting b.html and moving the branch.
    w.site.write('content/blog/a.html', post('a', 'A by maintainer'))
    writeFileSync(
      w.site.file('.git/watchio-pull.json'),
      JSON.stringify({ kind: 'pull', branchRef: 'refs/heads/main', from: before, to: pushed, paths: ['content/blog/a.html', 'content/blog/b.html'], startedAt: new Date().toISOString() }),
    )
    const logger = recordingLogger()
    const reopened = await ContentRepository.open({ dir: w.site.blogDir, logger })
    cleanups.push(() => reopened.close())
    expect(reopened.recovery.actions.join('\n')).toMatch(/^Pull completed: refs\/heads\/main at [0-9a-f]{40}; 2 file\(s\)/)
    expect(w.site.head()).toBe(pushed)
    expect(existsSync(w.site.file('content/blog/b.html'))).toBe(false)
    expectClean(w)
  })

  it('is rolled back when the branch moved elsewhere meanwhile', async () => {
    const w = await setUp()
    const pushed = w.maintainerPush({ 'content/blog/a.html': post('a', 'A by maintainer') }, 'maintainer edits a')
    await w.sync.fetch()
    const before = w.site.head()
    await w.repository.close()
    w.site.write('content/blog/a.html', post('a', 'A by maintainer'))
    w.site.write('content/blog/z.html', post('z', 'Z'))
    w.site.git('add', 'content/blog/z.html')
    w.site.git('commit', '-q', '-m', 'someone committed by hand')
    w.site.write('content/blog/a.html', post('a', 'A by maintainer'))
    writeFileSync(
      w.site.file('.git/watchio-pull.json'),
      JSON.stringify({ kind: 'pull', branchRef: 'refs/heads/main', from: before, to: pushed, paths: ['content/blog/a.html'], startedAt: new Date().toISOString() }),
    )
    const reopened = await ContentRepository.open({ dir: w.site.blogDir, logger: recordingLogger() })
    cleanups.push(() => reopened.close())
    expect(reopened.recovery.actions.join('\n')).toMatch(/^Pull rolled back/)
    expect(w.site.read('content/blog/a.html')).toBe(post('a', 'A one'))
    expect(w.site.git('log', '-1', '--format=%s').trim()).toBe('someone committed by hand')
    expectClean(w)
  })
})

describe('a follower (a read replica\'s clone)', () => {
  it('takes no writer lock, refuses commits, and only fast-forwards: a diverged branch stays as it is', async () => {
    const w = await setUp()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-follower-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const clone = (...args: string[]) => runGit(args, { cwd: dir, env: GIT_ENV }).trim()
    runGit(['clone', '-q', w.bareDir, dir], { env: GIT_ENV })
    const follower = await ContentRepository.open({ dir: path.join(dir, 'content/blog'), logger: recordingLogger(), follower: true })
    cleanups.push(() => follower.close())
    expect(existsSync(path.join(dir, '.git/watchio-writer.lock'))).toBe(false)
    const file = path.join(dir, 'content/blog/x.html')
    const refused = await follower.commitFiles({ changes: [{ path: file, content: post('x', 'X') }], message: 'x', author: ADA }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RepositoryStateError)
    expect(existsSync(file)).toBe(false)

    const remote = follower.connectRemote({ url: w.server.urlOf('site.git'), branch: 'main', username: AUTH.username, token: AUTH.token })
    const first = w.maintainerPush({ 'content/blog/m.html': post('m', 'M') }, 'maintainer adds m')
    await remote.fetch()
    expect(await remote.pull({ ...MERGE, fastForwardOnly: true })).toMatchObject({ outcome: 'fast-forward', commit: first, remoteCommit: first })

    // Someone commits in the clone by hand, and the remote moves on: nothing is merged or moved.
    writeFileSync(path.join(dir, 'content/blog/local.html'), post('local', 'L'))
    clone('add', '.')
    clone('commit', '-q', '-m', 'by hand')
    const local = clone('rev-parse', 'HEAD')
    const second = w.maintainerPush({ 'content/blog/n.html': post('n', 'N') }, 'maintainer adds n')
    await remote.fetch()
    expect(await remote.pull({ ...MERGE, fastForwardOnly: true })).toMatchObject({ outcome: 'diverged', commit: local, remoteCommit: second, changed: [] })
    expect(clone('rev-parse', 'HEAD')).toBe(local)
    expect(existsSync(path.join(dir, 'content/blog/n.html'))).toBe(false)
    expect(clone('status', '--porcelain')).toBe('')
  })
})
