/**
 * What a content author pushes to the git remote, the writer's sync takes as untrusted input
 * (the rules are tested directly in tests/unit/git-tree-rules.test.ts and
 * tests/integration/git-hostile-trees.test.ts; here, the HTTP side): symlinks are never written
 * into the work tree nor served, and a commit with a path git refuses is not checked out at all,
 * the site serving what it had while the sync status and the admins' problems name the commit
 * and the path; so is one git's fsck refuses for git's own files (a `.gitmodules` folder). What the sync does with such a commit (nothing checked out, its status and log,
 * a fix on top taken) is tested on ContentSync itself in tests/integration/content-sync-service.test.ts.
 */
import { lstatSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../server/services/sync/content-sync-status.ts'
import { runGit } from '../support/git.ts'
import { pushDotDotTree, pushFolder, pushSymlinks } from '../support/hostile-commits.ts'
import { createSyncSite, type SyncSite } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'

let s: SyncSite

beforeAll(async () => {
  s = await createSyncSite({ env: { GIT_SYNC_INTERVAL: '0' } })
  await waitFor(async () => {
    const { body } = await s.api.json<SyncStatus>('GET', '/api/admin/sync')
    return body.lastFetchAt !== null && !body.syncing
  })
})

afterAll(async () => {
  await s?.cleanup()
})

/** "Sync now", then the status once that run is over. */
async function syncNow(): Promise<SyncStatus> {
  const before = (await s.api.json<SyncStatus>('GET', '/api/admin/sync')).body.lastFetchAt
  await s.api.request('POST', '/api/admin/sync')
  return waitFor(async () => {
    const { body } = await s.api.json<SyncStatus>('GET', '/api/admin/sync')
    return body.lastFetchAt !== before && !body.syncing ? body : null
  })
}

const get = (urlPath: string) => fetch(new URL(urlPath, s.server.url))
const siteHead = () => runGit(['rev-parse', 'HEAD'], { cwd: s.site.repoDir }).trim()
const siteStatus = () => runGit(['status', '--porcelain'], { cwd: s.site.repoDir })

describe('symlinks pulled from the remote', () => {
  it('are pulled with their commit but never written into the work tree, read, or served', async () => {
    const media = 'content/media/2026/evil-0123456789-10x10.png'
    const pushed = pushSymlinks(s, { [media]: '/etc/passwd', 'content/blog/x.html': path.join(s.site.dataDir, 'admins.json') })

    const status = await syncNow()
    expect(status).toMatchObject({ state: 'in-sync', lastError: null, refused: null })
    expect(siteHead()).toBe(pushed)
    expect(() => lstatSync(path.join(s.site.repoDir, media))).toThrow(/ENOENT/)
    expect(() => lstatSync(path.join(s.site.repoDir, 'content/blog/x.html'))).toThrow(/ENOENT/)
    expect(siteStatus()).toBe('')
    expect((await get(`/${media.replace('content/', '')}`)).status).toBe(404)
    expect((await get('/api/blog/posts/x')).status).toBe(404)
    expect((await get('/blog/x')).status).toBe(404)
  })
})

describe('a commit with a path git refuses', () => {
  let hostile: string
  let head: string

  const pushHostile = () => pushDotDotTree(s)

  it('is not checked out: HEAD unmoved, nothing written, the status names the commit and the path, the log says how to fix it', async () => {
    head = siteHead()
    hostile = pushHostile()
    const status = await syncNow()
    expect(status.state).toBe('error')
    expect(status.refused).toEqual({ commit: hostile, path: '..', reason: 'is named "..", which points outside its folder' })
    expect(siteHead()).toBe(head)
    // The admins' problems list names the path and the commit.
    const problems = await s.api.json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')
    expect(problems.body).toContainEqual({
      path: '..',
      reason: `is named "..", which points outside its folder: commit ${hostile} from the git remote was not checked out. Remove or rename this path in a new commit and push it`,
    })
    // The site serves what it had.
    expect((await get('/api/blog/posts')).status).toBe(200)
  })

  it('is left behind once the remote has a commit without the path: the sync works again', async () => {
    // The maintainer cannot check the refused commit out either (git refuses `..` too): the fix
    // is a commit on top of it whose tree has no `..`.
    const tree = runGit(['rev-parse', `${hostile}~1^{tree}`], { cwd: s.maintainerDir }).trim()
    const fix = s.maintainer('commit-tree', tree, '-p', hostile, '-m', 'remove ..')
    s.maintainer('push', '-q', 'origin', `${fix}:refs/heads/main`)
    const status = await syncNow()
    expect(status).toMatchObject({ state: 'in-sync', refused: null, lastError: null })
    expect((await s.api.json<{ path: string }[]>('GET', '/api/admin/blog/problems')).body.map((problem) => problem.path)).not.toContain('..')
    expect(siteHead()).toBe(fix)
  })
})

describe('a commit with a .gitmodules folder (git’s fsck: gitmodulesBlob)', () => {
  it('is refused whole: HEAD unmoved, nothing written, the status and the problems name the path; a fix on top is pulled', async () => {
    const head = siteHead()
    const hostile = pushFolder(s, '.gitmodules')
    const status = await syncNow()
    expect(status.state).toBe('error')
    expect(status.refused).toEqual({ commit: hostile, path: '.gitmodules', reason: expect.stringMatching(/^is a folder named as git’s \.gitmodules .*\(gitmodulesBlob\)$/) })
    expect(siteHead()).toBe(head)
    expect(() => lstatSync(path.join(s.site.repoDir, '.gitmodules'))).toThrow(/ENOENT/)
    expect(siteStatus()).toBe('')
    const problems = await s.api.json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')
    expect(problems.body.find((problem) => problem.path === '.gitmodules')?.reason).toContain(`commit ${hostile} from the git remote was not checked out`)

    s.maintainer('rm', '-q', '-r', '.gitmodules')
    s.maintainer('commit', '-q', '-m', 'remove the .gitmodules folder')
    s.maintainer('push', '-q', 'origin', 'main')
    expect(await syncNow()).toMatchObject({ state: 'in-sync', refused: null, lastError: null })
    expect(siteHead()).toBe(s.maintainer('rev-parse', 'HEAD'))
  })
})
