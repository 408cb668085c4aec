import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import { scryptCalls } from '../support/scrypt-calls.ts'

// The server runs in this process: its password checks are counted (scrypt runs and their cost).
vi.mock('node:crypto', async (original) => (await import('../support/scrypt-calls.ts')).countingScrypt(await original()))

let site: TempSite
let server: RunningServer
let close: () => Promise<void>

beforeAll(async () => {
  // The server seeds its first admin itself, from the variables, at the default cost this file counts.
  const env = { TRUST_PROXY: 'true', ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password }
  ;({ site, server, close } = await signedInServer({ env, signIn: false }))
})

afterAll(() => close?.())

const client = () => new ApiClient(server.url)

describe('sign-in, me, sign-out', () => {
  it('answers 401 on /api/auth/me when signed out', async () => {
    const response = await client().request('GET', '/api/auth/me')
    expect(response.status).toBe(401)
  })

  it('signs in with the seeded account and then knows who is signed in', async () => {
    const api = client()
    const login = await api.login()
    expect(login.status).toBe(200)
    const me = await api.json('GET', '/api/auth/me')
    expect(me.status).toBe(200)
    expect(me.body).toEqual({ username: TEST_ADMIN.username, displayName: TEST_ADMIN.displayName, role: 'admin' })
    expect(me.response.headers.get('cache-control')).toBe('no-store')
  })

  it('sets a signed, HttpOnly, SameSite=Strict, Path=/ cookie that is not Secure over plain HTTP', async () => {
    const login = await client().login()
    const cookies = login.headers.getSetCookie()
    const session = cookies.find((line) => line.startsWith('watchio.sid='))!
    const signature = cookies.find((line) => line.startsWith('watchio.sid.sig='))
    expect(session).toBeDefined()
    expect(signature).toBeDefined()
    expect(session).toMatch(/; path=\//i)
    expect(session).toMatch(/; httponly/i)
    expect(session).toMatch(/; samesite=strict/i)
    expect(session).not.toMatch(/; secure/i)
    expect(session).not.toMatch(/expires=|max-age=/i)
    // 256 random bits, base64url.
    expect(session.split(';')[0]!.split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('uses a Secure __Host- cookie behind a TLS proxy (TRUST_PROXY)', async () => {
    const login = await client().request('POST', '/api/auth/login', {
      json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      headers: { 'X-Forwarded-Proto': 'https' },
    })
    expect(login.status).toBe(200)
    const session = login.headers.getSetCookie().find((line) => line.startsWith('__Host-watchio.sid='))!
    expect(session).toMatch(/; secure/i)
    expect(session).toMatch(/; path=\//i)
    expect(session).not.toMatch(/; domain=/i)
  })

  it('refuses a cookie whose signature does not match', async () => {
    const api = await client().signIn()
    api.setCookieHeader(api.cookieHeader.replace(/watchio\.sid=[^;]+/, `watchio.sid=${'A'.repeat(43)}`))
    expect((await api.request('GET', '/api/auth/me')).status).toBe(401)
  })

  it('gives a new session id at every sign-in and ends the one it replaces', async () => {
    const api = await client().signIn()
    const first = api.cookieHeader
    await api.signIn()
    expect(api.cookieHeader).not.toBe(first)
    const replay = client()
    replay.setCookieHeader(first)
    expect((await replay.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await api.request('GET', '/api/auth/me')).status).toBe(200)
  })

  it('ends the session on the server at logout: a cookie captured before gets 401 afterwards', async () => {
    const api = await client().signIn()
    const captured = api.cookieHeader
    const logout = await api.request('POST', '/api/auth/logout')
    expect(logout.status).toBe(204)
    const replay = client()
    replay.setCookieHeader(captured)
    expect((await replay.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await replay.request('GET', '/api/admin/blog/posts')).status).toBe(401)
  })

  it('ends sessions opened with a password that has since changed', async () => {
    const api = await client().signIn()
    const store = new AccountStore(accountsFilePath(site.dataDir))
    const original = (await store.get(TEST_ADMIN.username))!.passwordHash
    await store.setPasswordHash(TEST_ADMIN.username, await hashPassword('another password entirely'))
    try {
      expect((await api.request('GET', '/api/auth/me')).status).toBe(401)
    } finally {
      await store.setPasswordHash(TEST_ADMIN.username, original!)
    }
  })

  it('answers 400 for a body without username or password, 403 for one that is not JSON', async () => {
    expect((await client().request('POST', '/api/auth/login', { json: { username: 'x' } })).status).toBe(400)
    expect((await client().request('POST', '/api/auth/login', { json: { password: 'x' } })).status).toBe(400)
    expect((await client().request('POST', '/api/auth/login', { json: [1, 2] })).status).toBe(400)
    const form = await client().request('POST', '/api/auth/login', {
      body: 'username=editor&password=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(403)
  })
})

describe('an unknown username and a wrong password look the same', () => {
  it('answers the same status and body', async () => {
    const wrongPassword = await client().login(TEST_ADMIN.username, 'not the password')
    const unknownUser = await client().login('nobody-here', 'not the password')
    expect(wrongPassword.status).toBe(401)
    expect(unknownUser.status).toBe(401)
    expect(await unknownUser.text()).toBe(await wrongPassword.text())
    expect(wrongPassword.headers.getSetCookie()).toEqual(unknownUser.headers.getSetCookie())
  })

  it('does the same work: one scrypt at the default cost, whether the username exists or not', async () => {
    const work = async (username: string, address: string) => {
      scryptCalls.splice(0)
      const response = await client().request('POST', '/api/auth/login', { json: { username, password: 'wrong' }, headers: { 'X-Forwarded-For': address } })
      expect(response.status).toBe(401)
      return scryptCalls.splice(0)
    }
    const known = await work(TEST_ADMIN.username, '10.9.0.1')
    expect(known).toEqual([{ N: 2 ** 17, r: 8, p: 1, keyLength: 32 }])
    expect(await work('ghost-1', '10.9.0.2')).toEqual(known)
  })
})

describe('every admin route needs a session', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/blog/posts'],
    ['GET', '/api/admin/blog/posts/abc123'],
    ['POST', '/api/admin/blog/posts', newPostBody()],
    ['PUT', '/api/admin/blog/posts/abc123', newPostBody()],
    ['DELETE', '/api/admin/blog/posts/abc123'],
  ]

  for (const [method, path, json] of routes) {
    it(`${method} ${path}: 401 signed out, not 401 signed in`, async () => {
      const signedOut = await client().request(method, path, json === undefined ? {} : { json })
      expect(signedOut.status).toBe(401)
      const api = await client().signIn()
      const signedIn = await api.request(method, path, json === undefined ? {} : { json })
      expect(signedIn.status).not.toBe(401)
      expect(signedIn.status).toBeLessThan(500)
    })
  }
})
