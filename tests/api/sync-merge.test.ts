import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../server/services/content-sync-status.ts'
import { git } from '../support/git.ts'
import { createSyncSite, eventually, readText, type SyncSite } from '../support/sync-site.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

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
  await eventually(async () => (await status()).lastFetchAt !== null)
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
  it('merges changes to different posts into a merge commit that reaches the remote, nothing lost', async () => {
    const theirFile = 'content/blog/profiles-and-family-sharing.html'
    const theirs = s.maintainerPush(
      { [theirFile]: editInMaintainerClone(theirFile, (text) => text.replace(/^title: .*$/m, 'title: Profiles, retitled by a maintainer')) },
      'Retitle profiles post',
    )
    const mine = await update('subtitles-in-watchio', { title: 'Subtitles, retitled by an admin' })
    expect(mine.title).toBe('Subtitles, retitled by an admin')

    await eventually(() => s.bare('rev-parse', 'main') === siteHead() && git(s.site.repoDir, 'rev-list', '--merges', '--count', 'HEAD') === '1')
    const [first, second] = git(s.site.repoDir, 'rev-parse', 'HEAD^1', 'HEAD^2').split('\n')
    expect(git(s.site.repoDir, 'log', '-1', '--format=%s', first!)).toBe('blog: update "Subtitles, retitled by an admin" (subtitles-in-watchio)')
    expect(second).toBe(theirs)
    expect(git(s.site.repoDir, 'log', '-1', '--format=%s|%an', 'HEAD')).toMatch(/^Merge branch 'main' of http:\/\/127\.0\.0\.1:\d+\/site\.git\|Watchio site$/)
    // Both changes on both sides.
    expect(remoteFile(theirFile)).toContain('title: Profiles, retitled by a maintainer')
    expect(remoteFile('content/blog/subtitles-in-watchio.html')).toContain('title: Subtitles, retitled by an admin')
    await eventually(async () => (await post('profiles-and-family-sharing')).title === 'Profiles, retitled by a maintainer')
    await eventually(async () => (await (await fetch(new URL('/blog/profiles-and-family-sharing', s.server.url))).text()).includes('Profiles, retitled by a maintainer'))
    expect(git(s.site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
    expect((await status()).state).toBe('in-sync')
  })

  it('marks a post changed on both sides out of sync: both versions kept, the local commit unpushed, the remote author shown', async () => {
    const file = 'content/blog/tips-for-smooth-playback.html'
    const theirs = s.maintainerPush({ [file]: editInMaintainerClone(file, (text) => text.replace(/<\/p>\n/, '</p>\n<p>A tip from a maintainer.</p>\n')) }, 'Add a tip')
    const remoteBefore = s.bare('rev-parse', 'main')
    await update('tips-for-smooth-playback', { summary: 'Summary changed by the admin.' })
    const out = await eventually(async () => {
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

    // Saves go on meanwhile; they wait, unpushed, with the conflict.
    await update('watchio-faq', { title: 'FAQ, edited while out of sync' })
    await eventually(async () => (await status()).ahead === 2)
    expect(s.bare('rev-parse', 'main')).toBe(remoteBefore)
  })

  it('settles it with "keep theirs" as a merge commit by that admin, and pushes everything', async () => {
    const file = 'content/blog/tips-for-smooth-playback.html'
    const { status: code, body } = await s.api.json<SyncStatus>('POST', '/api/admin/sync/resolve', { slug: 'tips-for-smooth-playback', keep: 'theirs' })
    expect(code).toBe(200)
    expect(body.conflicts).toEqual([])
    // At once in the site: the maintainer's version is the post now.
    expect(siteFile(file)).toContain('A tip from a maintainer.')
    expect((await post('tips-for-smooth-playback')).sync).toBeUndefined()
    expect((await post('tips-for-smooth-playback')).content).toContain('A tip from a maintainer.')
    await eventually(() => s.bare('rev-parse', 'main') === siteHead())
    expect(git(s.site.repoDir, 'log', '-1', '--format=%an|%B', 'HEAD')).toContain(`${TEST_ADMIN.displayName}|Merge branch 'main'`)
    expect(git(s.site.repoDir, 'log', '-1', '--format=%B', 'HEAD')).toContain(`${file}: kept the remote version (${TEST_ADMIN.displayName})`)
    // The admin's version stays in history; the other save reached the remote too.
    expect(git(s.site.repoDir, 'log', '--format=%s', 'HEAD')).toContain('blog: update "Ten tips for smooth IPTV playback on Apple TV" (tips-for-smooth-playback)')
    expect(remoteFile('content/blog/watchio-faq.html')).toContain('title: FAQ, edited while out of sync')
    expect(await eventually(async () => (await status()).state === 'in-sync')).toBe(true)
  })

  it('settles another with "keep mine": the site\'s version goes to the remote', async () => {
    const file = 'content/blog/introducing-watchio.html'
    s.maintainerPush({ [file]: editInMaintainerClone(file, (text) => text.replace(/^title: .*$/m, 'title: Introducing, by the maintainer')) }, 'Retitle intro')
    await update('introducing-watchio', { title: 'Introducing, by the admin' })
    await eventually(async () => (await status()).state === 'out-of-sync')
    const { status: code } = await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'introducing-watchio', keep: 'mine' })
    expect(code).toBe(200)
    await eventually(() => s.bare('rev-parse', 'main') === siteHead())
    expect(remoteFile(file)).toContain('title: Introducing, by the admin')
    expect((await post('introducing-watchio')).title).toBe('Introducing, by the admin')
    s.maintainer('pull', '-q', '--no-rebase', 'origin', 'main')
    expect(readText(`${s.maintainerDir}/${file}`)).toContain('title: Introducing, by the admin')
    expect(git(s.site.repoDir, 'log', '--format=%s', 'HEAD')).toContain('Retitle intro')
  })

  it('answers 404 for a post that is not out of sync and 400 for a wrong choice', async () => {
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'watchio-faq', keep: 'mine' })).status).toBe(404)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { path: '../../etc/passwd', keep: 'mine' })).status).toBe(404)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'watchio-faq', keep: 'both' })).status).toBe(400)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { keep: 'mine' })).status).toBe(400)
    expect((await s.api.json('POST', '/api/admin/sync/resolve', { slug: 'Not A Slug', keep: 'mine' })).status).toBe(400)
  })
})
