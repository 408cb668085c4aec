import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { siteDirOf } from '../../server/config.ts'
import { credentialOf } from '../../server/services/sign-in/sign-in-session.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'
import { cheapHash } from '../support/team-accounts.ts'

/**
 * A person who signs in with a passkey alone (no password) may set a password without a current
 * one, but only from a session that signed in within the last 10 minutes. Signing in with a
 * passkey is another part's; here the accounts file and the sessions file are changed while the
 * server is stopped, as if `keyholder` had signed in with one: one session just now, one 11
 * minutes ago.
 */
let site: TempSite
let server: RunningServer | undefined
let fresh: ApiClient
let stale: ApiClient
const PASSWORD = 'the right password 42'

beforeAll(async () => {
  site = await createTempSite()
  const store = new AccountStore(accountsFilePath(site.dataDir))
  await store.add({ username: 'keyholder', displayName: 'Key Holder', email: 'key@watchio.example', passwordHash: cheapHash(PASSWORD), role: 'author' })
  server = await startTestServer(site)
  const freshCookie = await signIn()
  const staleCookie = await signIn()
  await server.close()
  server = undefined

  const now = new Date().toISOString()
  const passkeyOnly = await store.update('keyholder', (account) => ({
    ...account,
    passwordHash: null,
    passkeys: [{ id: 'Y3JlZGVudGlhbA', publicKey: 'cHVibGljLWtleQ', counter: 0, transports: ['internal'], name: 'Laptop', createdAt: now, lastUsedAt: now }],
    passkeyUserId: 'dXNlci1oYW5kbGU',
    factorsChangedAt: now,
  }))
  const sessionsFile = path.join(siteDirOf(site.dataDir, site.contentDir), 'sessions.json')
  const sessions = JSON.parse(await readFile(sessionsFile, 'utf8')) as Record<string, { data: { credential: string; signedInAt: number }; createdAt: number }>
  for (const entry of Object.values(sessions)) entry.data.credential = credentialOf(passkeyOnly)
  const staleSession = sessions[storedKeyOf(staleCookie)]!
  staleSession.createdAt = staleSession.data.signedInAt = Date.now() - 11 * 60 * 1000
  await writeFile(sessionsFile, JSON.stringify(sessions))

  server = await startTestServer(site)
  fresh = withCookie(freshCookie)
  stale = withCookie(staleCookie)
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

async function signIn(): Promise<string> {
  const client = new ApiClient(server!.url)
  const response = await client.login('keyholder', PASSWORD)
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`)
  return client.cookieHeader
}

function withCookie(cookieHeader: string): ApiClient {
  const client = new ApiClient(server!.url)
  client.setCookieHeader(cookieHeader)
  return client
}

/** The sessions file's key for a cookie: the SHA-256 of the session id the cookie carries. */
function storedKeyOf(cookieHeader: string): string {
  const id = /(?:^|; )watchio\.sid=([^;]+)/.exec(cookieHeader)![1]!
  return createHash('sha256').update(id).digest('base64url')
}

describe('a passkey-only person sets a password', () => {
  it('is told they have none', async () => {
    const profile = await fresh.json('GET', '/api/admin/account')
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({ username: 'keyholder', hasPassword: false })
  })

  it('is refused (403) from a session that signed in more than 10 minutes ago', async () => {
    const refused = await stale.json('POST', '/api/admin/account/password', { newPassword: 'a lasting way back in' })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatch(/To set a password, sign out and sign in again, then do it within 10 minutes/)
    expect((await fresh.json('GET', '/api/admin/account')).body).toMatchObject({ hasPassword: false })
  })

  it('cannot add another passkey (a lasting way in) from that old session either, but can from a fresh one', async () => {
    const refused = await stale.json('POST', '/api/admin/account/passkeys/options', {})
    expect(refused.status).toBe(403)
    expect(refused.body).toMatch(/To add a passkey, sign out and sign in again/)
    expect((await fresh.json('POST', '/api/admin/account/passkeys/options', {})).status).toBe(200)
  })

  it('sets one without a current password from a fresh sign-in, and the older session ends', async () => {
    const weak = await fresh.json('POST', '/api/admin/account/password', { newPassword: 'password123' })
    expect(weak.status).toBe(400)
    const set = await fresh.json('POST', '/api/admin/account/password', { newPassword: 'a lasting way back in' })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ ended: 1 })
    expect((await fresh.json('GET', '/api/admin/account')).body).toMatchObject({ hasPassword: true })
    expect((await stale.json('GET', '/api/auth/me')).status).toBe(401)
    // The password is right: with a passkey on the account, the sign-in goes on to its second step (202).
    expect((await new ApiClient(server!.url).login('keyholder', 'a lasting way back in')).status).toBe(202)
    expect((await new ApiClient(server!.url).login('keyholder', PASSWORD)).status).toBe(401)
  })
})
