/**
 * The content sync's rules on the ContentSync service itself, built by the composition root (server/compose/)
 * (admin-services.ts: the posts read from a real repository whose transactions AdminPosts takes too)
 * over a real remote (`git http-backend`, a maintainer's clone with the git CLI), without HTTP.
 * The git side (fetch, push, merge, checkout) is tested in git-sync.test.ts; what the API adds
 * (GET /api/admin/sync, the webhook, resolve's statuses) in tests/api/sync-*.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ContentChange } from '../../server/services/content/blog-content.ts'
import { InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { serializeSiteFile } from '../../server/content/site-file.ts'
import { pushDotDotTree } from '../support/hostile-commits.ts'
import { waitFor } from '../support/wait-for.ts'
import { createSyncedServices, SITE_AUTHOR, type SyncedServices, syncRun } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'

type World = SyncedServices

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const POSTS = { 'a.html': postText({ slug: 'a', title: 'A', body: 'A one' }), 'b.html': postText({ slug: 'b', title: 'B', body: 'B one' }) }

/** A synced site that has made its first run (as at start): it knows where the remote is. */
async function setUp(): Promise<World & { changes: ContentChange[] }> {
  const w = await createSyncedServices(cleanups, { posts: POSTS })
  const changes: ContentChange[] = []
  w.content.onChange((change) => void changes.push(change))
  await syncRun(w)
  return { ...w, changes }
}

const remoteHead = (w: World) => w.remote.bare('rev-parse', 'main')
const pushed = (w: World) => waitFor(() => remoteHead(w) === w.repo.head())
async function update(w: World, slug: string, fields: Record<string, unknown>) {
  const current = w.posts.get(w.content.index.bySlugAny(slug)!.id)
  return (await w.posts.update(current.id, { ...current, ...fields }, ADA)).post
}
/** A maintainer's edit of one post and an admin's of the same post: the sync stops, out of sync. */
async function conflictOn(w: World, slug: string): Promise<{ theirs: string; mine: string }> {
  const theirs = w.remote.maintainerPush({ [`content/blog/${slug}.html`]: postText({ slug, title: slug.toUpperCase(), body: `${slug} by the maintainer` }) }, `Edit ${slug}`)
  await update(w, slug, { title: `${slug} by the admin` })
  await waitFor(async () => (await w.sync.status()).state === 'out-of-sync')
  return { theirs, mine: w.repo.head() }
}

describe('ContentSync', () => {
  it('brings a maintainer\'s change of the site\'s copy to it with the pull, no folder watcher needed', async () => {
    const w = await setUp()
    const pricing = structuredClone(SITE_DEFAULTS.pricing)
    pricing.plans[1]!.annualPrice.amount = 1.99
    w.remote.maintainerPush({ 'content/site/pricing.yaml': serializeSiteFile('pricing', pricing) }, 'The pricing copy')
    expect(w.siteCopy.content().pricing.plans[1]!.annualPrice.amount).not.toBe(1.99)
    await syncRun(w)
    expect(w.siteCopy.content().pricing.plans[1]!.annualPrice.amount).toBe(1.99)
  })

  it('pulls a maintainer\'s new post and edit into the index, telling its listeners what changed', async () => {
    const w = await setUp()
    const commit = w.remote.maintainerPush(
      { 'content/blog/m.html': postText({ slug: 'm', title: 'From a maintainer', body: 'Merged.' }), 'content/blog/b.html': postText({ slug: 'b', title: 'B, retitled', body: 'B one' }) },
      'Add m, retitle b',
    )
    expect(w.content.index.bySlugAny('m')).toBeUndefined()
    await syncRun(w)
    expect(w.repo.head()).toBe(commit)
    expect(w.content.index.get('m')).toMatchObject({ title: 'From a maintainer', content: '<p>Merged.</p>' })
    expect(w.content.index.get('b')?.title).toBe('B, retitled')
    expect(w.changes.flatMap((change) => change.updated).sort()).toEqual(['b', 'm'])
    expect(w.changes.some((change) => change.publishedListChanged)).toBe(true)
    expect(w.repo.git('status', '--porcelain', '--', 'content/blog')).toBe('')
    expect(w.logger.lines).toContainEqual(`info: Sync: fast-forwarded to main of ${w.remote.sync.url} (2 file(s) changed)`)
    expect(await w.sync.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0, lastError: null })

    // A deletion leaves the index too.
    w.remote.maintainerPush({ 'content/blog/m.html': null }, 'Remove m')
    await syncRun(w)
    expect(w.content.index.bySlugAny('m')).toBeUndefined()
    expect(w.changes.at(-1)?.removed).toEqual(['m'])
  })

  it('pushes after a save: the commit, its author and message on the remote, and says so in its status', async () => {
    const w = await setUp()
    const { post } = await w.posts.create({ title: 'Pushed post', slug: 'pushed-post', summary: 'S.', content: '<p>P</p>' }, ADA)
    await pushed(w)
    expect(w.remote.bare('log', '-1', '--format=%an <%ae>|%s', 'main')).toBe(`${ADA.name} <${ADA.email}>|blog: create "Pushed post" (pushed-post)`)
    expect(w.remote.bare('show', '--name-only', '--format=', 'main')).toBe('content/blog/pushed-post.html')
    const status = await waitFor(async () => {
      const current = await w.sync.status()
      return !current.syncing && current
    })
    expect(status).toMatchObject({ enabled: true, branch: 'main', remoteBranch: 'main', state: 'in-sync', ahead: 0, behind: 0, pending: [], lastError: null, conflicts: [] })
    expect(status.lastPushAt).not.toBeNull()
    expect(w.posts.get(post.id).version).toBe(post.version)
  })

  it('keeps saves while the remote is down, says why with the commits waiting, and pushes them in order once it is back', async () => {
    const w = await setUp()
    await w.remote.server.stop()
    const titles = ['Offline one', 'Offline two']
    for (const [i, title] of titles.entries()) await w.posts.create({ title, slug: `offline-${i}`, summary: 'S.', content: '<p>O</p>' }, ADA)
    const waiting = await waitFor(async () => {
      const current = await w.sync.status()
      return current.ahead === 2 && current.lastError !== null && !current.syncing && current
    })
    expect(waiting.state).toBe('error')
    expect(waiting.lastError).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+\/site\.git \(ECONNREFUSED\)/)
    expect(waiting.pending.map((commit) => commit.message)).toEqual(titles.map((title, i) => `blog: create "${title}" (offline-${i})`).reverse())
    expect(waiting.nextRetryAt).not.toBeNull()
    expect(w.logger.lines.join('\n')).toMatch(/Sync with .* failed, retrying in \d+ s: Could not reach/)

    await w.remote.server.start()
    // No new save: the retry (a second later, then two...) pushes them.
    await pushed(w)
    expect(w.remote.bare('log', '-2', '--format=%s', 'main').split('\n')).toEqual(titles.map((title, i) => `blog: create "${title}" (offline-${i})`).reverse())
    const back = await waitFor(async () => {
      const current = await w.sync.status()
      return current.lastError === null && current.ahead === 0 && current
    })
    expect(back).toMatchObject({ state: 'in-sync', nextRetryAt: null })
  })

  it('merges changes to different posts into a merge commit by the site, and pushes it: nothing lost', async () => {
    const w = await setUp()
    const theirs = w.remote.maintainerPush({ 'content/blog/a.html': postText({ slug: 'a', title: 'A, by the maintainer', body: 'A one' }) }, 'Retitle a')
    await update(w, 'b', { title: 'B, by the admin' })
    const mine = w.repo.head()
    await waitFor(() => w.repo.git('rev-list', '--merges', '--count', 'HEAD').trim() === '1')
    await pushed(w)
    expect(w.repo.git('rev-parse', 'HEAD^1', 'HEAD^2').trim().split('\n')).toEqual([mine, theirs])
    expect(w.repo.git('log', '-1', '--format=%s|%an <%ae>').trim()).toBe(`Merge branch 'main' of ${w.remote.sync.url}|${SITE_AUTHOR.name} <${SITE_AUTHOR.email}>`)
    expect(w.remote.bare('show', 'main:content/blog/a.html')).toContain('title: A, by the maintainer')
    expect(w.remote.bare('show', 'main:content/blog/b.html')).toContain('title: B, by the admin')
    expect(w.content.index.get('a')?.title).toBe('A, by the maintainer')
    expect(w.repo.git('status', '--porcelain', '--', 'content/blog')).toBe('')
    expect((await w.sync.status()).state).toBe('in-sync')
  })

  it('stops at a post changed on both sides: both versions kept, nothing pushed, the post marked; saves go on, unpushed', async () => {
    const w = await setUp()
    const remoteBefore = remoteHead(w)
    const { theirs, mine } = await conflictOn(w, 'a')
    const file = 'content/blog/a.html'
    const status = await w.sync.status()
    expect(status).toMatchObject({ ahead: 1, behind: 1 })
    const conflict = {
      state: 'out-of-sync',
      path: file,
      remoteAuthor: { name: 'Maintainer', email: 'maintainer@example.com' },
      remoteDate: new Date(Number(w.remote.bare('log', '-1', '--format=%at', theirs)) * 1000).toISOString(),
      remoteVersion: w.remote.bare('rev-parse', `main:${file}`),
      localVersion: w.repo.git('rev-parse', `HEAD:${file}`).trim(),
    }
    expect(status.conflicts).toEqual([{ ...conflict, slug: 'a' }])
    // The admin list's sync field, on that post only; its out-of-sync filter has it alone.
    expect(w.sync.stateOf('a')).toEqual(conflict)
    expect(w.sync.stateOf('b')).toBeUndefined()
    expect(w.posts.list().posts.filter((card) => card.sync).map((card) => card.slug)).toEqual(['a'])
    expect(w.posts.list({ state: 'out-of-sync' }).posts.map((card) => card.slug)).toEqual(['a'])
    // Nothing forced, nothing dropped.
    expect(w.repo.head()).toBe(mine)
    expect(w.remote.bare('rev-parse', 'main')).toBe(theirs)
    expect(w.remote.bare('show', `main:${file}`)).toContain('a by the maintainer')
    expect(w.repo.read(file)).toContain('title: a by the admin')
    expect(w.repo.read(file)).not.toContain('a by the maintainer')
    expect(remoteBefore).not.toBe(theirs)

    await update(w, 'b', { title: 'B, edited while out of sync' })
    await waitFor(async () => (await w.sync.status()).ahead === 2)
    expect(w.remote.bare('rev-parse', 'main')).toBe(theirs)
  })

  it('settles it with "keep theirs" as a merge commit by the admin who chose, at once, and pushes everything', async () => {
    const w = await setUp()
    const { mine } = await conflictOn(w, 'a')
    await update(w, 'b', { title: 'B, edited while out of sync' })
    const file = 'content/blog/a.html'
    const status = await w.sync.resolve({ file: w.sync.fileOf('a'), keep: 'theirs', author: ADA })
    expect(status.conflicts).toEqual([])
    // At once: the maintainer's version is the post now.
    expect(w.repo.read(file)).toContain('a by the maintainer')
    expect(w.sync.stateOf('a')).toBeUndefined()
    expect(w.content.index.get('a')?.content).toBe('<p>a by the maintainer</p>')
    expect(w.repo.git('log', '-1', '--format=%an|%B').trim()).toBe(
      `${ADA.name}|Merge branch 'main' of ${w.remote.sync.url}\n\nChanged on both sides, resolved in the admin:\n  ${file}: kept the remote version (${ADA.name})`,
    )
    await pushed(w)
    // The admin's version stays in history; the other save reached the remote too.
    expect(w.repo.git('log', '--format=%H').trim().split('\n')).toContain(mine)
    expect(w.remote.bare('show', 'main:content/blog/b.html')).toContain('title: B, edited while out of sync')
    await waitFor(async () => (await w.sync.status()).state === 'in-sync')
  })

  it('settles it with "keep mine": the site\'s version goes to the remote, the maintainer\'s commit stays in history', async () => {
    const w = await setUp()
    await conflictOn(w, 'a')
    await w.sync.resolve({ file: w.sync.fileOf('a'), keep: 'mine', author: ADA })
    await pushed(w)
    expect(w.remote.bare('show', 'main:content/blog/a.html')).toContain('title: a by the admin')
    expect(w.content.index.get('a')?.title).toBe('a by the admin')
    expect(w.repo.git('log', '-1', '--format=%B').trim()).toContain(`content/blog/a.html: kept the site's version (${ADA.name})`)
    expect(w.repo.git('log', '--format=%s').trim().split('\n')).toContain('Edit a')
  })

  it('refuses a choice for a post that is not out of sync, and a choice that is neither mine nor theirs', async () => {
    const w = await setUp()
    await expect(w.sync.resolve({ file: w.sync.fileOf('b'), keep: 'mine', author: ADA })).rejects.toThrow(NotFoundError)
    await conflictOn(w, 'a')
    await expect(w.sync.resolve({ file: w.sync.fileOf('a'), keep: 'both', author: ADA })).rejects.toThrow(InvalidInputError)
    await expect(w.sync.resolve({ file: '../../etc/passwd', keep: 'mine', author: ADA })).rejects.toThrow(NotFoundError)
    expect((await w.sync.status()).state).toBe('out-of-sync')
  })

  it('refuses a remote commit with a path git refuses: nothing checked out, the status names it, the log says how to fix it; a fix on top is taken', async () => {
    const w = await setUp()
    const head = w.repo.head()
    const hostile = pushDotDotTree(w.remote)
    await syncRun(w)
    const status = await w.sync.status()
    expect(status.state).toBe('error')
    expect(status.refused).toEqual({ commit: hostile, path: '..', reason: 'is named "..", which points outside its folder' })
    expect(w.sync.refused()).toEqual(status.refused)
    expect(status.lastError).toBe(`Commit ${hostile} was not checked out: .. is named "..", which points outside its folder`)
    expect(w.repo.head()).toBe(head)
    expect(w.repo.git('status', '--porcelain')).toBe('')
    expect(existsSync(w.repo.file('.git/watchio-pull.json'))).toBe(false)
    expect(readdirSync(path.dirname(w.repo.dir)).filter((name) => name.startsWith('escaped'))).toEqual([])
    expect(w.logger.lines.join('\n')).toContain(
      `error: Sync: refused commit ${hostile} of main at ${w.remote.sync.url}: .. is named "..", which points outside its folder. ` +
        'Nothing of it was checked out; the site still serves what it had. To fix it, remove or rename .. in a new commit on main and push it',
    )

    const tree = w.remote.maintainer('rev-parse', `${hostile}~1^{tree}`)
    const fix = w.remote.maintainer('commit-tree', tree, '-p', hostile, '-m', 'remove ..')
    w.remote.maintainer('push', '-q', 'origin', `${fix}:refs/heads/main`)
    await syncRun(w)
    expect(await w.sync.status()).toMatchObject({ state: 'in-sync', refused: null, lastError: null })
    expect(w.repo.head()).toBe(fix)
    expect(w.repo.git('status', '--porcelain')).toBe('')
    expect(readdirSync(path.dirname(w.repo.dir)).filter((name) => name.startsWith('escaped'))).toEqual([])
  })
})
