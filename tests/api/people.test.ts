import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PersonWire } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { ApiClient } from '../support/admin-client.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'
import { cheapHash } from '../support/team-accounts.ts'

let running: SignedInServer
let admin: ApiClient
let accounts: AccountStore
let hash: string

const PASSWORD = 'a long and uncommon passphrase'
const PEOPLE = '/api/admin/people'

beforeAll(async () => {
  running = await signedInServer()
  admin = running.api.asBrowser()
  accounts = new AccountStore(accountsFilePath(running.site.dataDir))
  hash = cheapHash(PASSWORD)
})

afterAll(() => running?.close())

/** Ann, an author, is back as she started before each test. */
beforeEach(async () => {
  if (await accounts.get('ann')) await accounts.remove('ann')
  await accounts.add({ username: 'ann', displayName: 'Ann Author', email: 'ann@example.com', passwordHash: hash, role: 'author' })
})

async function signedIn(username: string): Promise<ApiClient> {
  const client = new ApiClient(running.server.url).asBrowser()
  const login = await client.login(username, PASSWORD)
  expect(login.status, await login.clone().text()).toBe(200)
  return client
}

describe('the people list', () => {
  it('lists everyone with role, state and second factor, and never a hash', async () => {
    const listed = await admin.json<PersonWire[]>('GET', PEOPLE)
    expect(listed.status).toBe(200)
    expect(listed.body.find((person) => person.username === 'ann')).toEqual({
      username: 'ann',
      displayName: 'Ann Author',
      email: 'ann@example.com',
      role: 'author',
      disabled: false,
      hasSecondFactor: false,
      createdAt: expect.any(String),
    })
    expect(listed.body.find((person) => person.username === TEST_ADMIN.username)?.role).toBe('admin')
    expect(JSON.stringify(listed.body)).not.toContain('scrypt')
  })

  it('is for admins only: 401 signed out, 403 for an author', async () => {
    expect((await new ApiClient(running.server.url).json('GET', PEOPLE)).status).toBe(401)
    const ann = await signedIn('ann')
    const refused = await ann.json('GET', PEOPLE)
    expect(refused.status).toBe(403)
    expect(refused.body).toBe('Only admins may do this')
    expect((await ann.json('PATCH', `${PEOPLE}/ann`, { role: 'admin' })).status).toBe(403)
    expect((await accounts.get('ann'))?.role).toBe('author')
  })
})

describe('changing a person', () => {
  it('changes a role, which takes effect on the next request of their open session', async () => {
    const ann = await signedIn('ann')
    expect((await ann.json('GET', PEOPLE)).status).toBe(403)
    const changed = await admin.json<PersonWire>('PATCH', `${PEOPLE}/ann`, { role: 'admin' })
    expect(changed.status).toBe(200)
    expect(changed.body.role).toBe('admin')
    expect((await ann.json('GET', PEOPLE)).status).toBe(200)
    expect((await ann.json('GET', '/api/auth/me')).body).toMatchObject({ role: 'admin' })
  })

  it('disables a person: their sessions end and they cannot sign in; enabled again, they can', async () => {
    const ann = await signedIn('ann')
    const disabled = await admin.json<PersonWire>('PATCH', `${PEOPLE}/ann`, { disabled: true })
    expect(disabled.body.disabled).toBe(true)
    expect((await ann.json('GET', '/api/auth/me')).status).toBe(401)
    const login = await new ApiClient(running.server.url).login('ann', PASSWORD)
    expect(login.status).toBe(401)
    expect(await login.text()).toMatch(/disabled/)
    await admin.json('PATCH', `${PEOPLE}/ann`, { disabled: false })
    await signedIn('ann')
  })

  it('removes a person and ends their sessions; an unknown one is 404', async () => {
    const ann = await signedIn('ann')
    const removed = await admin.request('DELETE', `${PEOPLE}/ann`)
    expect(removed.status).toBe(204)
    expect((await ann.json('GET', '/api/auth/me')).status).toBe(401)
    expect(await accounts.get('ann')).toBeUndefined()
    expect((await admin.request('DELETE', `${PEOPLE}/nobody`)).status).toBe(404)
    expect((await admin.json('PATCH', `${PEOPLE}/nobody`, { role: 'editor' })).status).toBe(404)
  })

  it('never leaves the site without an enabled admin (409), whoever asks', async () => {
    for (const [method, path, body] of [
      ['PATCH', `${PEOPLE}/${TEST_ADMIN.username}`, { role: 'editor' }],
      ['PATCH', `${PEOPLE}/${TEST_ADMIN.username}`, { disabled: true }],
      ['DELETE', `${PEOPLE}/${TEST_ADMIN.username}`, undefined],
    ] as const) {
      const answer = await admin.json(method, path, body)
      expect(answer.status, `${method} ${JSON.stringify(body)}`).toBe(409)
      expect(answer.body).toMatch(/at least one enabled admin/)
    }
    expect((await accounts.get(TEST_ADMIN.username))).toMatchObject({ role: 'admin', disabled: false })
    // With a second admin, the first may step down.
    await admin.json('PATCH', `${PEOPLE}/ann`, { role: 'admin' })
    const ann = await signedIn('ann')
    expect((await admin.json('PATCH', `${PEOPLE}/${TEST_ADMIN.username}`, { role: 'editor' })).status).toBe(200)
    expect((await ann.json('PATCH', `${PEOPLE}/ann`, { disabled: true })).status).toBe(409)
    expect((await ann.json('PATCH', `${PEOPLE}/${TEST_ADMIN.username}`, { role: 'admin' })).status).toBe(200)
    expect((await admin.json('GET', PEOPLE)).status).toBe(200)
  })

  it('refuses a change it cannot read', async () => {
    for (const body of [{ role: 'owner' }, { disabled: 'yes' }, {}]) {
      const answer = await admin.json('PATCH', `${PEOPLE}/ann`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('resets a locked-out person’s second factors and ends their sessions', async () => {
    const ann = await signedIn('ann')
    await accounts.update('ann', (account) => ({ ...account, recoveryCodes: ['abc'], totp: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', addedAt: new Date().toISOString() } }))
    const before = (await admin.json<PersonWire[]>('GET', PEOPLE)).body.find((person) => person.username === 'ann')
    expect(before?.hasSecondFactor).toBe(true)
    const reset = await admin.json<PersonWire>('POST', `${PEOPLE}/ann/reset-factors`)
    expect(reset.status).toBe(200)
    expect(reset.body.hasSecondFactor).toBe(false)
    expect(await accounts.get('ann')).toMatchObject({ totp: null, recoveryCodes: [], passkeys: [] })
    expect((await ann.json('GET', '/api/auth/me')).status).toBe(401)
    // With no second factor, the password alone signs in again (200, not the second step's 202).
    await signedIn('ann')
  })
})
