import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

/*
 * The history routes' contract: statuses, shapes, the ETag of a version, a restore's answer and
 * the public site right after it. Which commits a history holds (following renames, a
 * maintainer's git mv), the versions, and a restore's rules (one commit on top, none when
 * already current, a slug taken, bad commits) are PostHistory's and AdminPosts': tested on the
 * services in tests/integration/post-history-service.test.ts.
 */

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string; content: string }
interface HistoryEntry {
  id: string
  author: { name: string; email: string }
  date: string
  message: string
  slug: string
  change: { kind: string; fields: string[]; restoredFrom?: { commit: string } }
}

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
/** The post under test, through: create, update, rename, update. */
let post: AdminPost
const commits: Record<'create' | 'update' | 'rename' | 'after', string> = { create: '', update: '', rename: '', after: '' }

const head = () => git(site.repoDir, 'rev-parse', 'HEAD')
const publicStatus = async (urlPath: string) => (await fetch(new URL(urlPath, server.url))).status

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  const save = async (method: string, url: string, body: Record<string, unknown>) => {
    const { status, body: saved } = await api.json<AdminPost>(method, url, body)
    if (status !== 200 && status !== 201) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(saved)}`)
    return saved
  }
  post = await save('POST', '/api/admin/blog/posts', newPostBody({ slug: 'history-first', title: 'First title', content: '<p>Version one</p>' }))
  commits.create = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, title: 'Second title', content: '<p>Version two</p>' })
  commits.update = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, slug: 'history-renamed' })
  commits.rename = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, title: 'Third title', content: '<p>Version three</p>' })
  commits.after = head()
})

afterAll(() => close?.())

describe('GET /api/admin/blog/posts/{id}/history', () => {
  it('lists the commits that changed the post, newest first, following its rename, each by the admin who saved', async () => {
    const { status, body } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${post.id}/history`)
    expect(status).toBe(200)
    expect(body.map((entry) => entry.id)).toEqual([commits.after, commits.rename, commits.update, commits.create])
    expect(body[1]).toMatchObject({ message: 'blog: rename "Second title" (history-first → history-renamed)', slug: 'history-renamed' })
    // What each changed, in words the admin shows (and the commit's body says).
    expect(body.map((entry) => entry.change)).toEqual([
      { kind: 'edited', fields: ['title', 'content'] },
      { kind: 'edited', fields: ['slug'] },
      { kind: 'edited', fields: ['title', 'content'] },
      { kind: 'created', fields: [] },
    ])
    expect(git(site.repoDir, 'log', '-1', '--format=%b', commits.rename)).toBe('Slug.')
    for (const entry of body) {
      expect(Object.keys(entry).sort()).toEqual(['author', 'change', 'date', 'id', 'message', 'slug'])
      expect(entry.author).toEqual({ name: TEST_ADMIN.displayName, email: `${TEST_ADMIN.username}@watchio.example` })
      expect(new Date(entry.date).toISOString()).toBe(entry.date)
    }
  })

  it('answers 404 for an unknown or malformed post id, 401 without a session', async () => {
    expect((await api.request('GET', '/api/admin/blog/posts/nosuchpost/history')).status).toBe(404)
    expect((await api.request('GET', '/api/admin/blog/posts/..%2F..%2Fetc/history')).status).toBe(404)
    const anonymous = new ApiClient(server.url)
    expect((await anonymous.request('GET', `/api/admin/blog/posts/${post.id}/history`)).status).toBe(401)
    expect((await anonymous.request('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create}`)).status).toBe(401)
    expect((await anonymous.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: { commit: commits.create } })).status).toBe(401)
  })
})

describe('GET /api/admin/blog/posts/{id}/history/{commit}', () => {
  it('answers the post as that commit left it, with that file version as its ETag', async () => {
    const { status, body, response } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create}`)
    expect(status).toBe(200)
    const blob = git(site.repoDir, 'rev-parse', `${commits.create}:content/blog/history-first.html`)
    expect(body).toMatchObject({ id: post.id, slug: 'history-first', title: 'First title', content: '<p>Version one</p>', version: blob })
    expect(Object.keys(body).sort()).toEqual(Object.keys(post).sort())
    expect(response.headers.get('etag')).toBe(`"${blob}"`)
  })

  it('answers 400 for a malformed commit id and 404 for a commit outside the post\'s history', async () => {
    const response = await api.request('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create.slice(0, 7)}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/commit must be a full commit id/)
    expect((await api.request('GET', `/api/admin/blog/posts/${post.id}/history/..%2F..`)).status).toBe(400)
    const initial = git(site.repoDir, 'rev-list', '--max-parents=0', 'HEAD')
    expect((await api.request('GET', `/api/admin/blog/posts/${post.id}/history/${initial}`)).status).toBe(404)
  })
})

describe('GET /api/admin/blog/posts/{id}/history/{commit}/compare', () => {
  it('answers the fields that differ, old and new, and the content as the page renders it with the words marked', async () => {
    const { status, body } = await api.json<{ from: Record<string, unknown>; fields: unknown[]; content: unknown }>(
      'GET',
      `/api/admin/blog/posts/${post.id}/history/${commits.create}/compare`,
    )
    expect(status).toBe(200)
    expect(body.from).toMatchObject({ commit: commits.create, slug: 'history-first', author: { name: TEST_ADMIN.displayName } })
    expect(body.fields).toEqual([
      { name: 'title', before: 'First title', after: 'Third title' },
      { name: 'slug', before: 'history-first', after: 'history-renamed' },
    ])
    expect(body.content).toEqual({ html: '<p>Version <del>one</del><ins>three</ins></p>', inserted: 1, removed: 1 })
  })

  it('answers 400 for a malformed commit, 404 outside the history or for an unknown post, 401 without a session', async () => {
    expect((await api.request('GET', `/api/admin/blog/posts/${post.id}/history/abc/compare`)).status).toBe(400)
    expect((await api.request('GET', `/api/admin/blog/posts/${post.id}/history/${'0'.repeat(40)}/compare`)).status).toBe(404)
    expect((await api.request('GET', `/api/admin/blog/posts/nosuchpost/history/${commits.create}/compare`)).status).toBe(404)
    expect((await new ApiClient(server.url).request('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create}/compare`)).status).toBe(401)
  })
})

describe('POST /api/admin/blog/posts/{id}/restore', () => {
  it('restores a version from before a rename as one new commit by the admin, live at once', async () => {
    const before = commitCount(site.repoDir)
    const { status, body } = await api.json<AdminPost>('POST', `/api/admin/blog/posts/${post.id}/restore`, {
      commit: commits.update,
      version: post.version,
    })
    expect(status).toBe(200)
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect(git(site.repoDir, 'log', '-1', '--format=%an <%ae>')).toBe(`${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>`)
    const oldBlob = git(site.repoDir, 'rev-parse', `${commits.update}:content/blog/history-first.html`)
    expect(body).toMatchObject({ id: post.id, slug: 'history-first', title: 'Second title', content: '<p>Version two</p>', version: oldBlob })
    expect(Object.keys(body).sort()).toEqual(Object.keys(post).sort())
    // Live at once, the old URL back and the renamed one redirected to it.
    expect(await publicStatus('/blog/history-first')).toBe(200)
    const renamed = await fetch(new URL('/blog/history-renamed', server.url), { redirect: 'manual' })
    expect([renamed.status, renamed.headers.get('location')]).toEqual([301, '/blog/history-first'])
    expect(await (await fetch(new URL('/api/blog/posts/history-first', server.url))).json()).toMatchObject({ title: 'Second title' })
    const { body: history } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${post.id}/history`)
    expect(history.map((entry) => entry.id)).toEqual([head(), commits.after, commits.rename, commits.update, commits.create])
    expect(history[0]!.change).toMatchObject({ kind: 'restored', fields: ['title', 'slug', 'content'], restoredFrom: { commit: commits.update } })
    expect(git(site.repoDir, 'log', '-1', '--format=%(trailers:key=Restored-from,valueonly)')).toBe(commits.update)
    post = body
  })

  it('refuses a stale version with 409', async () => {
    const stale = await api.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: commits.after, version: '0'.repeat(40) })
    expect(stale.status).toBe(409)
  })

  it('answers 400 for a missing or malformed commit and 404 for one outside the history or an unknown post', async () => {
    expect((await api.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: {} })).status).toBe(400)
    expect((await api.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: { commit: 'main' } })).status).toBe(400)
    expect((await api.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: { commit: 'f'.repeat(40) } })).status).toBe(404)
    expect((await api.request('POST', '/api/admin/blog/posts/nosuchpost/restore', { json: { commit: commits.create } })).status).toBe(404)
  })
})
