import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { git } from '../support/git.ts'
import { createSyncSite, readText, type SyncSite, WEBHOOK_SECRET } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string }

let s: SyncSite

beforeAll(async () => {
  // No polling: only the webhook (and the first sync at start) can bring remote changes.
  s = await createSyncSite({ env: { GIT_SYNC_INTERVAL: '0' } })
  await waitFor(async () => (await s.api.json<{ lastFetchAt: string | null; syncing: boolean }>('GET', '/api/admin/sync')).body.lastFetchAt !== null)
})

afterAll(async () => {
  await s?.cleanup()
})

const publicPage = async (urlPath: string) => {
  const response = await fetch(new URL(urlPath, s.server.url))
  return { status: response.status, text: await response.text() }
}
const fetchesSoFar = () => s.remote.requests.filter((request) => request.url.includes('git-upload-pack')).length
type SyncClock = { syncing: boolean; lastFetchAt: string | null }
const syncClock = async (): Promise<SyncClock> => {
  const { body } = await s.api.json<SyncClock>('GET', '/api/admin/sync')
  return { syncing: body.syncing, lastFetchAt: body.lastFetchAt }
}
/** Once no sync runs (the first one, at start, may still be pushing): the clock to compare with. */
const idleSyncClock = () => waitFor(async () => {
  const clock = await syncClock()
  return clock.syncing ? null : clock
})

describe('POST /api/hooks/git', () => {
  it('refuses a missing, malformed or wrong signature with 401, and fetches nothing', async () => {
    const clock = await idleSyncClock()
    const before = fetchesSoFar()
    const body = JSON.stringify({ ref: 'refs/heads/main' })
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['wrong secret', { 'X-Hub-Signature-256': `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}` }],
      ['sha1 format', { 'X-Hub-Signature': `sha1=${createHmac('sha1', WEBHOOK_SECRET).update(body).digest('hex')}` }],
      ['truncated', { 'X-Hub-Signature-256': `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex').slice(0, 63)}` }],
      ['other body', { 'X-Hub-Signature-256': `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(`${body} `).digest('hex')}` }],
    ]
    for (const [name, headers] of cases) {
      const response = await fetch(new URL('/api/hooks/git', s.server.url), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
      expect(response.status, name).toBe(401)
    }
    // Even from another site, with a form body: still 401 (the signature is what counts), not 403.
    const form = await fetch(new URL('/api/hooks/git', s.server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'payload=x',
    })
    expect(form.status).toBe(401)
    // A webhook that asks for a sync starts it before it answers, and a sync fetches before it
    // stops: not syncing and the same lastFetchAt as before shows that none was asked for.
    expect(await syncClock()).toEqual(clock)
    expect(fetchesSoFar()).toBe(before)
  })

  it('answers ping with pong, without fetching', async () => {
    const clock = await idleSyncClock()
    const before = fetchesSoFar()
    const response = await s.webhook({ event: 'ping' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('pong')
    // As above: no sync running and no newer fetch than before.
    expect(await syncClock()).toEqual(clock)
    expect(fetchesSoFar()).toBe(before)
  })

  it('brings a maintainer\'s new post and an edit of another to the API and the pages at once', async () => {
    const { body: list } = await s.api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    const edited = list.find((post) => post.slug === 'subtitles-in-watchio')!
    const editedFile = `content/blog/${edited.slug}.html`
    const original = readText(`${s.maintainerDir}/${editedFile}`)
    const pushed = s.maintainerPush(
      {
        'content/blog/from-a-maintainer.html': s.postFile({ id: 'maint0001', slug: 'from-a-maintainer', title: 'From a maintainer', body: 'Reviewed and merged.' }),
        [editedFile]: original.replace(/^title: .*$/m, 'title: Subtitles, edited in a pull request'),
      },
      'Add a post, retitle another',
    )
    expect(await (await fetch(new URL('/api/blog/posts/from-a-maintainer', s.server.url))).status).toBe(404)

    const hook = await s.webhook()
    expect(hook.status).toBe(202)

    await waitFor(async () => (await fetch(new URL('/api/blog/posts/from-a-maintainer', s.server.url))).status === 200)
    // (The folder watcher may see the new files a moment before the pull moves the branch.)
    await waitFor(() => git(s.site.repoDir, 'rev-parse', 'HEAD') === pushed)
    expect(git(s.site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
    const post = await (await fetch(new URL('/api/blog/posts/from-a-maintainer', s.server.url))).json()
    expect(post).toMatchObject({ id: 'maint0001', title: 'From a maintainer', content: '<p>Reviewed and merged.</p>' })
    await waitFor(async () => (await publicPage('/blog/from-a-maintainer')).text.includes('Reviewed and merged.'))
    await waitFor(async () => (await publicPage('/blog')).text.includes('From a maintainer'))
    await waitFor(async () => (await publicPage(`/blog/${edited.slug}`)).text.includes('Subtitles, edited in a pull request'))
    await waitFor(async () => (await publicPage('/sitemap.xml')).text.includes('/blog/from-a-maintainer<'))
    const { body: after } = await s.api.json<AdminPost>('GET', `/api/admin/blog/posts/${edited.id}`)
    expect(after.title).toBe('Subtitles, edited in a pull request')
    expect(after.version).not.toBe(edited.version)
    // The pages were regenerated by the pull itself: the log says what it did.
    expect(s.logs.join('\n')).toMatch(/Sync: fast-forwarded to main of http:\/\/127\.0\.0\.1:\d+\/site\.git \(2 file\(s\) changed\)/)
  })
})
