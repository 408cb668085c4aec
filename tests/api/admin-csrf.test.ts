import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { rawRequest } from '../support/raw-http.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
let postId: string

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  const { body } = await api.json<{ id: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'csrf-target' }))
  postId = body.id
})

afterAll(() => close?.())

describe('requests from other sites are refused and change nothing', () => {
  it('whatever the case of the path: the routers match without case, and so do the checks', async () => {
    const before = commitCount(site.repoDir)
    const headers = { Origin: 'https://evil.example' }
    for (const variant of ['/API/ADMIN/blog/posts', '/api/Admin/blog/posts', '/Api/admin/blog/posts']) {
      const forged = await api.request('POST', variant, { json: newPostBody({ slug: `forged-${before}` }), headers })
      expect(forged.status, variant).toBe(403)
      // Read as the admin it is, it is still the signed-in area: never cached.
      const read = await api.request('GET', variant)
      if (read.status === 200) expect(read.headers.get('cache-control'), variant).toBe('no-store')
    }
    expect(commitCount(site.repoDir)).toBe(before)
  })

  const attacks: [string, Record<string, string>][] = [
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
  ]
  for (const [name, headers] of attacks) {
    it(`${name}: create, update, delete, login and logout all get 403`, async () => {
      const before = commitCount(site.repoDir)
      const calls = [
        api.request('POST', '/api/admin/blog/posts', { json: newPostBody({ slug: 'forged' }), headers }),
        api.request('PUT', `/api/admin/blog/posts/${postId}`, { json: newPostBody({ slug: 'csrf-target', title: 'Forged' }), headers }),
        api.request('DELETE', `/api/admin/blog/posts/${postId}`, { headers }),
        api.request('POST', '/api/auth/logout', { headers }),
        new ApiClient(server.url).request('POST', '/api/auth/login', { json: { username: 'editor', password: 'x' }, headers }),
      ]
      for (const response of await Promise.all(calls)) expect(response.status).toBe(403)
      expect(commitCount(site.repoDir)).toBe(before)
      expect((await api.request('GET', '/api/auth/me')).status).toBe(200)
    })
  }

  it('compares Origin with SITE_URL only: a foreign Origin that matches Host (DNS rebinding) gets 403', async () => {
    const before = commitCount(site.repoDir)
    const { port } = new URL(server.url)
    const forged = [
      { Origin: 'http://evil.example', Host: 'evil.example' },
      { Origin: `http://127.0.0.1:${port}`, Host: `127.0.0.1:${port}` },
    ]
    for (const headers of forged) {
      const body = JSON.stringify(newPostBody({ slug: 'rebound' }))
      const create = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/admin/blog/posts',
        headers: { ...headers, Cookie: api.cookieHeader, 'Content-Type': 'application/json' },
        body,
      })
      expect(create.status).toBe(403)
      const login = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'editor', password: 'x' }),
      })
      expect(login.status).toBe(403)
    }
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('refuses a body that is not JSON (what an HTML form can send) with 403', async () => {
    const before = commitCount(site.repoDir)
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await api.request('POST', '/api/admin/blog/posts', {
        body: JSON.stringify(newPostBody({ slug: 'form-post' })),
        headers: { 'Content-Type': type },
      })
      expect(response.status).toBe(403)
    }
    const noType = await api.request('PUT', `/api/admin/blog/posts/${postId}`, { body: JSON.stringify(newPostBody()) })
    expect(noType.status).toBe(403)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('lets the site itself through: same Origin and Sec-Fetch-Site, bodiless logout and delete', async () => {
    const browser = await new ApiClient(server.url).asBrowser().signIn()
    const created = await browser.json<{ id: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'from-the-site' }))
    expect(created.status).toBe(201)
    expect((await browser.request('DELETE', `/api/admin/blog/posts/${created.body.id}`)).status).toBe(204)
    expect((await browser.request('POST', '/api/auth/logout')).status).toBe(204)
  })

  it('lets through a request that says nothing of where it comes from (curl, scripts)', async () => {
    const response = await api.request('PUT', `/api/admin/blog/posts/${postId}`, {
      json: newPostBody({ slug: 'csrf-target', title: 'From a script' }),
    })
    expect(response.status).toBe(200)
  })
})
