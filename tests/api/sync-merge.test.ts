import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../server/services/sync/content-sync-status.ts'
import { git } from '../support/git.ts'
import { createSyncSite, readText, type SyncSite } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

/*
 * Changes on both sides, over HTTP: the status and the admin list while a post is out of sync,
 * and POST /api/admin/sync/resolve (its answer, who the merge commit is by, its refusals). The
 * sync's rules (a merge of different posts, both versions kept, saves waiting unpushed, keep
 * theirs or mine) are ContentSync's, tested on the service in
 * tests/integration/content-sync-service.test.ts.
 */

type AdminPost = Record<string, unknown> & {
  id: string
  slug: string
  version: string
  title: string
  content: string
  sync?: { state: string; path: string; remoteAuthor: { name: string; email: string } | null; remoteDate: string | null; remoteVersion: string | null; localVersion: string | null }
}

let s: SyncSite

beforeAll(async () => {
  // No polling and no webhook: a save's push finds the remote moved, and the sync fetches then.
  s = await createSyncSite({ env: { GIT_SYNC_INTERVAL: '0' } })
  await waitFor(async () => (await status()).lastFetchAt !== null)
})

afterAll(async () => {
  await s?.cleanup()
})

async function status(): Promise<SyncStatus> {
  return (await s.api.json<SyncStatus>('GET', '/api/admin/sync')).body
}
async function post(slug: string): Promise<AdminPost> {
  return (await s.api.postBySlug<AdminPost>(slug))!
}
async function update(slug: string, changes: Record<string, unknown>): Promise<AdminPost> {
  const current = await post(slug)
  const { status: code, body } = await s.api.json<AdminPost>('PUT', `/api/admin/blog/posts/${current.id}`, { ...current, ...changes })
  expect(code).toBe(200)
  return body
}
const siteHead = () => git(s.site.repoDir, 'rev-parse', 'HEAD')
const remoteFile = (file: string) => s.bare('show', `main:${file}`)
const siteFile = (file: string) => readText(`${s.site.repoDir}/${file}`)
const editInMaintainerClone = (file: string, edit: (text: string) => string) => edit(readText(`${s.maintainerDir}/${file}`))

describe('changes on both sides', () => {
  it('marks a post changed on both sides out of sync: both versions kept, the local commit unpushed, the remote author shown', async () => {
    const file = 'content/blog/tips-for-smooth-playback.html'
    const theirs = s.maintainerPush({ [file]: editInMaintainerClone(file, (text) => text.replace(/<\/p>\n/, '</p>\n<p>A tip from a maintainer.</p>\n')) }, 'Add a tip')
    const remoteBefore = s.bare('rev-parse', 'main')
    await update('tips-for-smooth-playback', { summary: 'Summary changed by the admin.' })
    const out = await waitFor(async () => {
      const current = await status()
      return current.state === 'out-of-sync' && current
    })
    expect(out.ahead).toBe(1)
    expect(out.behind).toBe(1)
    expect(out.conflicts).toEqual([
      {
        state: 'out-of-sync',
        slug: 'tips-for-smooth-playback',
        path: file,
        remoteAuthor: { name: 'Maintainer', email: 'maintainer@example.com' },
        remoteDate: new Date(Number(s.bare('log', '-1', '--format=%at', theirs)) * 1000).toISOString(),
        remoteVersion: s.bare('rev-parse', `main:${file}`),
        localVersion: git(s.site.repoDir, 'rev-parse', `HEAD:${file}`),
      },
    ])
    // The admin list flags that post, and only that one.
    const { body: list } = await s.api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    expect(list.filter((entry) => entry.sync).map((entry) => [entry.slug, entry.sync!.state, entry.sync!.remoteAuthor?.name])).toEqual([
      ['tips-for-smooth-playback', 'out-of-sync', 'Maintainer'],
    ])
    const outOfSync = await s.api.json<AdminPost[]>('GET', '/api/admin/blog/posts?state=out-of-sync')
    expect(outOfSync.body.map((entry) => entry.slug)).toEqual(['tips-for-smooth-playback'])
    // Nothing forced, nothing dropped: the remote still has the maintainer's commit, the site the admin's.
    expect(s.bare('rev-parse', 'main')).toBe(remoteBefore)
    expect(remoteFile(file)).toContain('A tip from a maintainer.')
    expect(siteFile(file)).toContain('Summary changed by the admin.')
    expect(siteFile(file)).not.toContain('A tip from a maintainer.')
  })

  it('settles it with "keep theirs" (200, the status without the conflict) as a merge commit by the signed-in admin', async () => {
    const file = 'content/blog/tips-for-smooth-playback.html'
    const { status: code, body } = await s.api.json<SyncStatus>('POST', '/api/admin/sync/resolve', { slug: 'tips-for-smooth-playback', keep: 'theirs' })
    expect(code).toBe(200)
    expect(body.conflicts).toEqual([])
    // At once in the site: the maintainer's version is the post now.
    expect((await post('tips-for-smooth-playback')).sync).toBeUndefined()
    expect((await post('tips-for-smooth-playback')).content).toContain('A tip from a maintainer.')
    await waitFor(() => s.bare('rev-parse', 'main') === siteHead())
    expect(git(s.site.repoDir, 'log', '-1', '--format=%an|%B', 'HEAD')).toContain(`${TEST_ADMIN.displayName}|Merge branch 'main'`)
    expect(git(s.site.repoDir, 'log', '-1', '--format=%B', 'HEAD')).toContain(`${file}: kept the remote version (${TEST_ADMIN.displayName})`)
    expect(await waitFor(async () => (await status()).state === 'in-sync')).toBe(true)
  })

  it('answers 404 for a post that is not out of sync and 400 for a wrong choice', async () => {
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'watchio-faq', keep: 'mine' })).status).toBe(404)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { path: '../../etc/passwd', keep: 'mine' })).status).toBe(404)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'watchio-faq', keep: 'both' })).status).toBe(400)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { keep: 'mine' })).status).toBe(400)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'Not A Slug', keep: 'mine' })).status).toBe(400)
  })
})
