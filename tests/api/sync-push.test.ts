import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../server/services/sync/content-sync-status.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { createSyncSite, REMOTE_AUTH, type SyncSite } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

/*
 * Pushing saves, over HTTP: GET /api/admin/sync's answer, a save never waiting for the remote,
 * the credentials sent and never shown. How the sync retries while the remote is down, and
 * what its status says meanwhile, is ContentSync's rule: tests/integration/content-sync-service.test.ts.
 */

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string }

let s: SyncSite
/** Every answer body read in this file, to check none carries the token. */
const answers: string[] = []

beforeAll(async () => {
  // Polling every second: it is also how fast a failed push is retried (never slower than polling).
  s = await createSyncSite({ env: { GIT_SYNC_INTERVAL: '1' } })
})

afterAll(async () => {
  await s?.cleanup()
})

async function status(): Promise<SyncStatus> {
  const { status: code, body, response } = await s.api.json<SyncStatus>('GET', '/api/admin/sync')
  expect(code).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  answers.push(JSON.stringify(body))
  return body
}

async function save(slug: string, title: string): Promise<AdminPost> {
  const { status: code, body } = await s.api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug, title }))
  answers.push(JSON.stringify(body))
  expect(code).toBe(201)
  return body
}

describe('pushing admin saves', () => {
  it('puts a save on the remote branch with its author and message, and says so in GET /api/admin/sync', async () => {
    await waitFor(async () => (await status()).lastFetchAt !== null)
    await save('pushed-post', 'Pushed post')
    await waitFor(() => s.bare('rev-parse', 'main') === headOfSite())
    expect(s.bare('log', '-1', '--format=%an <%ae>|%s', 'main')).toBe(
      `${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>|blog: create "Pushed post" (pushed-post)`,
    )
    expect(s.bare('show', '--name-only', '--format=', 'main')).toBe('content/blog/pushed-post.html')
    const body = await waitFor(async () => {
      const current = await status()
      return current.lastPushAt !== null && current.ahead === 0 && current
    })
    expect(body).toMatchObject({
      enabled: true,
      branch: 'main',
      remote: s.remote.urlOf('site.git'),
      remoteBranch: 'main',
      state: 'in-sync',
      ahead: 0,
      behind: 0,
      pending: [],
      lastError: null,
      conflicts: [],
    })
    // Every request to the git server carried the credentials.
    expect(s.remote.requests.every((request) => request.authorized)).toBe(true)
  })

  it('answers a save at once while the remote hangs, and pushes when it answers again', async () => {
    s.remote.hold()
    const requestsBefore = s.remote.requests.length
    // The answers never wait for the network: the remote answers nothing until released below.
    await save('while-hanging', 'While hanging')
    await save('while-hanging-2', 'While hanging 2')
    const waiting = await waitFor(async () => {
      const current = await status()
      return current.syncing && current.ahead === 2 && current
    })
    expect(waiting.lastPushAt).not.toBeNull()
    s.remote.release()
    await waitFor(() => s.bare('rev-parse', 'main') === headOfSite())
    expect(s.remote.requests.length).toBeGreaterThan(requestsBefore)
  })

  it('reports a refused token without ever showing it, in answers or in the log', async () => {
    s.remote.setToken('a-new-token-the-site-does-not-have')
    await save('refused-post', 'Refused post')
    const refused = await waitFor(async () => {
      const current = await status()
      return current.lastError?.includes('refused the credentials') && current
    })
    expect(refused.lastError).toMatch(/refused the credentials \(HTTP 401 Unauthorized\): check GIT_USERNAME and GIT_TOKEN/)
    expect(refused.ahead).toBe(1)
    s.remote.setToken(REMOTE_AUTH.token)
    await waitFor(() => s.bare('rev-parse', 'main') === headOfSite())

    // What the site sent was the token, as Basic auth; what it showed anywhere was never the token.
    const basic = Buffer.from(`${REMOTE_AUTH.username}:${REMOTE_AUTH.token}`).toString('base64')
    expect(s.remote.requests.some((request) => request.authorization === `Basic ${basic}`)).toBe(true)
    const list = await s.api.request('GET', '/api/admin/blog/posts')
    answers.push(await list.text())
    for (const text of [...answers, s.logs.join('\n')]) {
      expect(text).not.toContain(REMOTE_AUTH.token)
      expect(text).not.toContain(basic)
    }
    expect(s.logs.length).toBeGreaterThan(0)
  })

  it('pushes a media upload like a post save: one commit with the image alone', async () => {
    await waitFor(async () => (await status()).ahead === 0)
    const image = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2a6' } }).png().toBuffer()
    const { status: code, body } = await s.api.upload<{ url: string }>(image, { filename: 'pushed.png' })
    expect(code).toBe(201)
    await waitFor(() => s.bare('rev-parse', 'main') === headOfSite())
    expect(s.bare('show', '--name-only', '--format=%s', 'main')).toBe(`media: add ${body.url.slice('/media/'.length)}\n\ncontent${body.url}`)
  })

  it('answers GET /api/admin/sync only to a signed-in admin', async () => {
    expect((await new ApiClient(s.server.url).request('GET', '/api/admin/sync')).status).toBe(401)
  })
})

function headOfSite(): string {
  return git(s.site.repoDir, 'rev-parse', 'HEAD')
}
