/**
 * Every admin route against every role: a table of role × route → status, over the real server.
 * Admins and editors pass every gate (their answer is the route's own: 200, 201, 204, or 404
 * where no git remote is configured); authors read, preview, create drafts and upload, and get
 * 403 for what the rules keep from them (others' posts, media removal, redirects, the site's
 * copy, settling sync conflicts). The table is checked against the routers themselves, so a
 * route added later without a row fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../core/contract/index.ts'
import { type ApiClient, newPostBody } from '../support/admin-client.ts'
import { contentRouters, routesOf } from '../support/admin-routers.ts'
import { makeImage } from '../support/media-files.ts'
import type { SignedInServer } from '../support/signed-in-server.ts'
import { signedInTeam } from '../support/team-accounts.ts'

let running: SignedInServer
let as: Record<Role, ApiClient>

beforeAll(async () => {
  ;({ running, as } = await signedInTeam())
})

afterAll(() => running?.close())

let made = 0
/** A post the admin created (published unless told), for one row and one role. */
async function adminPost(overrides: Record<string, unknown> = {}): Promise<{ id: string; version: string; slug: string }> {
  made += 1
  const { status, body } = await as.admin.json<{ id: string; version: string; slug: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: `table-post-${made}`, ...overrides }))
  expect(status).toBe(201)
  return body
}

async function firstCommitOf(id: string): Promise<string> {
  const { body } = await as.admin.json<{ id: string }[]>('GET', `/api/admin/blog/posts/${id}/history`)
  return body.at(-1)!.id
}

type Row = { route: string; call: (api: ApiClient) => Promise<number>; admin: number; editor?: number; author: number }
const status = async (promise: Promise<{ status: number }>) => (await promise).status

const ROWS: Row[] = [
  { route: 'GET /api/admin/site', call: (api) => status(api.json('GET', '/api/admin/site')), admin: 200, author: 200 },
  { route: 'GET /api/admin/blog/posts', call: (api) => status(api.json('GET', '/api/admin/blog/posts')), admin: 200, author: 200 },
  { route: 'GET /api/admin/blog/problems', call: (api) => status(api.json('GET', '/api/admin/blog/problems')), admin: 200, author: 200 },
  { route: 'GET /api/admin/blog/posts/:id', call: async (api) => status(api.json('GET', `/api/admin/blog/posts/${(await adminPost()).id}`)), admin: 200, author: 200 },
  { route: 'POST /api/admin/blog/posts', call: (api) => status(api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: `draft-${++made}`, isPublished: false }))), admin: 201, author: 201 },
  // Publishing on create: the same route, refused to authors.
  { route: 'POST /api/admin/blog/posts', call: (api) => status(api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: `live-${++made}`, isPublished: true }))), admin: 201, author: 403 },
  { route: 'PUT /api/admin/blog/posts/:id', call: async (api) => status(api.json('PUT', `/api/admin/blog/posts/${(await adminPost()).id}`, newPostBody({ slug: `renamed-${++made}`, title: 'Changed' }))), admin: 200, author: 403 },
  { route: 'POST /api/admin/blog/preview', call: (api) => status(api.json('POST', '/api/admin/blog/preview', newPostBody())), admin: 200, author: 200 },
  { route: 'GET /api/admin/blog/posts/:id/history', call: async (api) => status(api.json('GET', `/api/admin/blog/posts/${(await adminPost()).id}/history`)), admin: 200, author: 200 },
  {
    route: 'GET /api/admin/blog/posts/:id/history/:commit',
    call: async (api) => {
      const { id } = await adminPost()
      return status(api.json('GET', `/api/admin/blog/posts/${id}/history/${await firstCommitOf(id)}`))
    },
    admin: 200,
    author: 200,
  },
  {
    route: 'POST /api/admin/blog/posts/:id/restore',
    call: async (api) => {
      const post = await adminPost()
      const first = await firstCommitOf(post.id)
      const { body } = await as.admin.json<{ version: string }>('PUT', `/api/admin/blog/posts/${post.id}`, newPostBody({ slug: post.slug, title: 'Second' }))
      return status(api.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: first, version: body.version }))
    },
    admin: 200,
    author: 403,
  },
  {
    route: 'GET /api/admin/blog/posts/:id/history/:commit/compare',
    call: async (api) => {
      const { id } = await adminPost()
      return status(api.json('GET', `/api/admin/blog/posts/${id}/history/${await firstCommitOf(id)}/compare`))
    },
    admin: 200,
    author: 200,
  },
  { route: 'GET /api/admin/blog/deleted', call: (api) => status(api.json('GET', '/api/admin/blog/deleted')), admin: 200, author: 200 },
  {
    route: 'POST /api/admin/blog/deleted/:id/restore',
    call: async (api) => {
      const { id } = await adminPost({ isPublished: false })
      expect((await as.admin.request('DELETE', `/api/admin/blog/posts/${id}`)).status).toBe(204)
      return status(api.json('POST', `/api/admin/blog/deleted/${id}/restore`, {}))
    },
    admin: 201,
    author: 403,
  },
  { route: 'GET /api/admin/sync', call: (api) => status(api.json('GET', '/api/admin/sync')), admin: 200, author: 200 },
  // No git remote here: "sync now" is a 404 for every role (a pull or push changes nobody's post).
  { route: 'POST /api/admin/sync', call: (api) => status(api.json('POST', '/api/admin/sync')), admin: 404, author: 404 },
  { route: 'POST /api/admin/sync/resolve', call: (api) => status(api.json('POST', '/api/admin/sync/resolve', { slug: 'x', keep: 'mine' })), admin: 404, author: 403 },
  { route: 'DELETE /api/admin/blog/posts/:id', call: async (api) => status(api.json('DELETE', `/api/admin/blog/posts/${(await adminPost()).id}`)), admin: 204, author: 403 },
  { route: 'POST /api/admin/media', call: async (api) => status(api.upload(await makeImage({ width: 8, height: 8, ext: 'png', seed: ++made }), { filename: 'dot.png' })), admin: 201, author: 201 },
  { route: 'GET /api/admin/media', call: (api) => status(api.json('GET', '/api/admin/media')), admin: 200, author: 200 },
  {
    route: 'DELETE /api/admin/media/:id',
    call: async (api) => {
      const { body } = await as.admin.upload<{ id: string }>(await makeImage({ width: 8, height: 8, ext: 'png', seed: ++made }), { filename: 'dot.png' })
      return status(api.json('DELETE', `/api/admin/media/${body.id}`))
    },
    admin: 204,
    author: 403,
  },
  { route: 'GET /api/admin/redirects', call: (api) => status(api.json('GET', '/api/admin/redirects')), admin: 200, author: 200 },
  { route: 'POST /api/admin/redirects', call: (api) => status(api.json('POST', '/api/admin/redirects', { from: `/moved-${++made}`, to: '/blog' })), admin: 201, author: 403 },
  {
    route: 'DELETE /api/admin/redirects',
    call: async (api) => {
      const from = `/gone-${++made}`
      expect((await as.admin.json('POST', '/api/admin/redirects', { from, to: '/blog' })).status).toBe(201)
      return status(api.json('DELETE', `/api/admin/redirects?from=${encodeURIComponent(from)}`))
    },
    admin: 204,
    author: 403,
  },
  // Every role sees the tags in use (the editor suggests them); renaming one changes others' posts.
  { route: 'GET /api/admin/tags', call: (api) => status(api.json('GET', '/api/admin/tags')), admin: 200, author: 200 },
  {
    route: 'POST /api/admin/tags/rename',
    call: async (api) => {
      const tag = `Table tag ${++made}`
      await adminPost({ tags: [tag] })
      return status(api.json('POST', '/api/admin/tags/rename', { from: tag, to: `${tag} renamed` }))
    },
    admin: 200,
    author: 403,
  },
  { route: 'GET /api/admin/site/pages', call: (api) => status(api.json('GET', '/api/admin/site/pages')), admin: 200, author: 403 },
  { route: 'GET /api/admin/site/pages/:name', call: (api) => status(api.json('GET', '/api/admin/site/pages/pricing')), admin: 200, author: 403 },
  {
    route: 'PUT /api/admin/site/pages/:name',
    call: async (api) => {
      const { body } = await as.admin.json<{ values: unknown; version: string | null }>('GET', '/api/admin/site/pages/pricing')
      return status(api.json('PUT', '/api/admin/site/pages/pricing', { values: body.values, version: body.version }))
    },
    admin: 200,
    author: 403,
  },
  {
    route: 'POST /api/admin/site/pages/:name/preview',
    call: async (api) => status(api.json('POST', '/api/admin/site/pages/pricing/preview', { values: (await as.admin.json<{ values: unknown }>('GET', '/api/admin/site/pages/pricing')).body.values })),
    admin: 200,
    author: 403,
  },
  { route: 'GET /api/admin/site/pages/:name/history', call: (api) => status(api.json('GET', '/api/admin/site/pages/pricing/history')), admin: 200, author: 403 },
  // The fixture site has no site copy in git: no version to open or restore (404, 400) for those who may.
  { route: 'GET /api/admin/site/pages/:name/history/:commit', call: (api) => status(api.json('GET', `/api/admin/site/pages/pricing/history/${'0'.repeat(40)}`)), admin: 404, author: 403 },
  { route: 'POST /api/admin/site/pages/:name/restore', call: (api) => status(api.json('POST', '/api/admin/site/pages/pricing/restore', {})), admin: 400, author: 403 },
]

describe('role × route → status', () => {
  it('has a row for every admin route (auth routes aside)', () => {
    const routes = routesOf(contentRouters()).map(({ method, path }) => `${method} ${path}`)
    expect(new Set(ROWS.map((row) => row.route))).toEqual(new Set(routes))
  })

  it.each(ROWS.map((row, at) => [`${row.route} (#${at + 1})`, row] as const))('%s', async (_name, row) => {
    const answers: Record<Role, number> = { admin: 0, editor: 0, author: 0 }
    for (const role of ['admin', 'editor', 'author'] as const) answers[role] = await row.call(as[role])
    expect(answers).toEqual({ admin: row.admin, editor: row.editor ?? row.admin, author: row.author })
  })

  it('tells an author what they lack, in words', async () => {
    const { status, body } = await as.author.json<string>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'an-attempt', isPublished: true }))
    expect(status).toBe(403)
    expect(body).toMatch(/Authors cannot publish: save the post as a draft and submit it for review/)
    const redirect = await as.author.json<string>('POST', '/api/admin/redirects', { from: '/x', to: '/blog' })
    expect(redirect.body).toMatch(/Only admins and editors may do this/)
  })
})
