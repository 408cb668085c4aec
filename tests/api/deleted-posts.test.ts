import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

/*
 * Deleted posts over HTTP: the list (from git), a deleted post's history, restoring one (one
 * commit, live at once) and the refusals. Which posts count as deleted and the restore's rules
 * are DeletedPosts' and AdminPosts': tests/integration/deleted-posts-service.test.ts.
 */

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string; content: string }
interface DeletedPost {
  id: string
  slug: string
  title: string
  summary: string
  deleted: { commit: string; author: { name: string; email: string }; date: string }
  lastVersion: { commit: string; author: { name: string }; date: string }
}

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
let gone: AdminPost
let deletion = ''
let lastVersion = ''

const head = () => git(site.repoDir, 'rev-parse', 'HEAD')
const publicStatus = async (urlPath: string) => (await fetch(new URL(urlPath, server.url))).status

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  gone = (await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'gone-post', title: 'Gone post', content: '<p>Once</p>', isPublished: true }))).body
  gone = (await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${gone.id}`, { ...gone, content: '<p>Twice</p>' })).body
  lastVersion = head()
  expect((await api.request('DELETE', `/api/admin/blog/posts/${gone.id}`, { headers: { 'If-Match': `"${gone.version}"` } })).status).toBe(204)
  deletion = head()
})

afterAll(() => close?.())

describe('GET /api/admin/blog/deleted', () => {
  it('lists the deleted post with who deleted it and when, and its last version', async () => {
    const { status, body } = await api.json<DeletedPost[]>('GET', '/api/admin/blog/deleted')
    expect(status).toBe(200)
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({
      id: gone.id,
      slug: 'gone-post',
      title: 'Gone post',
      deleted: { commit: deletion, author: { name: TEST_ADMIN.displayName, email: `${TEST_ADMIN.username}@watchio.example` } },
      lastVersion: { commit: lastVersion, author: { name: TEST_ADMIN.displayName } },
    })
    expect(new Date(body[0]!.deleted.date).toISOString()).toBe(body[0]!.deleted.date)
    expect((await new ApiClient(server.url).request('GET', '/api/admin/blog/deleted')).status).toBe(401)
  })

  it('serves its history: the deletion, then each version', async () => {
    const { status, body } = await api.json<{ id: string; change: { kind: string } }[]>('GET', `/api/admin/blog/posts/${gone.id}/history`)
    expect(status).toBe(200)
    expect(body.map((entry) => [entry.id, entry.change.kind])).toEqual([
      [deletion, 'deleted'],
      [lastVersion, 'edited'],
      [expect.any(String), 'created'],
    ])
    expect((await api.request('GET', `/api/admin/blog/posts/${gone.id}/history/${deletion}`)).status).toBe(404)
    expect((await api.json('GET', `/api/admin/blog/posts/${gone.id}/history/${lastVersion}`)).body).toMatchObject({ content: '<p>Twice</p>' })
  })
})

describe('POST /api/admin/blog/deleted/{id}/restore', () => {
  it('refuses while another post has its slug, saying which, and changes nothing', async () => {
    const other = (await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'gone-post', title: 'Took the slug' }))).body
    const before = commitCount(site.repoDir)
    const response = await api.request('POST', `/api/admin/blog/deleted/${gone.id}/restore`, { json: {} })
    expect(response.status).toBe(409)
    expect(await response.text()).toBe('"Gone post" cannot be restored: its slug "gone-post" is used by the post "Took the slug" now. Change that post\'s slug first.')
    expect(commitCount(site.repoDir)).toBe(before)
    const removed = await api.request('DELETE', `/api/admin/blog/posts/${other.id}`, { headers: { 'If-Match': `"${other.version}"` } })
    expect(removed.status).toBe(204)
  })

  it('restores it as one commit by the admin, its last version, live at once; then it is no longer deleted', async () => {
    const before = commitCount(site.repoDir)
    const { status, body, response } = await api.json<AdminPost>('POST', `/api/admin/blog/deleted/${gone.id}/restore`, {})
    expect(status).toBe(201)
    expect(response.headers.get('location')).toBe(`/api/admin/blog/posts/${gone.id}`)
    expect(body).toMatchObject({ id: gone.id, slug: 'gone-post', title: 'Gone post', content: '<p>Twice</p>' })
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect(git(site.repoDir, 'log', '-1', '--format=%an|%s')).toBe(`${TEST_ADMIN.displayName}|blog: restore "Gone post" (gone-post) to ${lastVersion.slice(0, 7)}`)
    expect(await publicStatus('/blog/gone-post')).toBe(200)
    const { body: deleted } = await api.json<DeletedPost[]>('GET', '/api/admin/blog/deleted')
    expect(deleted.map((post) => post.id)).not.toContain(gone.id)
    const { body: history } = await api.json<{ id: string; change: { kind: string } }[]>('GET', `/api/admin/blog/posts/${gone.id}/history`)
    expect(history.map((entry) => entry.change.kind)).toEqual(['restored', 'edited', 'created'])
  })

  it('refuses a post that is not deleted (its id is live), a bad commit, an unknown post, and without a session', async () => {
    const live = await api.request('POST', `/api/admin/blog/deleted/${gone.id}/restore`, { json: {} })
    expect(live.status).toBe(409)
    expect(await live.text()).toMatch(/^This post is not deleted: "Gone post" \(gone-post\) has its id/)
    expect((await api.request('POST', '/api/admin/blog/deleted/nosuchpost/restore', { json: {} })).status).toBe(404)
    expect((await new ApiClient(server.url).request('POST', `/api/admin/blog/deleted/${gone.id}/restore`, { json: {} })).status).toBe(401)
    const other = (await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'other-gone' }))).body
    await api.request('DELETE', `/api/admin/blog/posts/${other.id}`, { headers: { 'If-Match': `"${other.version}"` } })
    expect((await api.request('POST', `/api/admin/blog/deleted/${other.id}/restore`, { json: { commit: 'main' } })).status).toBe(400)
    expect((await api.request('POST', `/api/admin/blog/deleted/${other.id}/restore`, { json: { commit: 'f'.repeat(40) } })).status).toBe(404)
  })
})
