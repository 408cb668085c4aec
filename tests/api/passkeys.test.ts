import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminUser, PasskeySummary, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { ApiClient } from '../support/admin-client.ts'
import { signedInServer, type SignedInServer } from '../support/signed-in-server.ts'
import { SoftAuthenticator, type SoftCredential } from '../support/soft-authenticator.ts'
import { TEST_ADMIN, TEST_SITE_URL } from '../support/temp-site.ts'
import { cheapHash } from '../support/team-accounts.ts'

const PASSKEYS = '/api/admin/account/passkeys'
const SIGN_IN_OPTIONS = '/api/auth/passkey/options'
const SIGN_IN = '/api/auth/passkey/verify'

let running: SignedInServer
let accounts: AccountStore

beforeAll(async () => {
  running = await signedInServer({ signIn: false })
  accounts = new AccountStore(accountsFilePath(running.site.dataDir))
})

afterAll(() => running?.close())

/** A browser on the site (its Origin sent), signed in with the password when asked. */
async function browser(signIn = true, username = TEST_ADMIN.username, password = TEST_ADMIN.password): Promise<ApiClient> {
  const client = new ApiClient(running.server.url).asBrowser()
  if (signIn) expect((await client.login(username, password)).status).toBe(200)
  return client
}

/** Registers a passkey for the client's person with `authenticator`; answers the list. */
async function register(client: ApiClient, authenticator: SoftAuthenticator, name = 'Laptop'): Promise<{ status: number; body: PasskeySummary[] | string }> {
  const options = await client.json<PublicKeyCredentialCreationOptionsJSON>('POST', `${PASSKEYS}/options`)
  expect(options.status).toBe(200)
  return client.json('POST', PASSKEYS, { name, response: authenticator.register(options.body) })
}

async function signInWith(
  client: ApiClient,
  authenticator: SoftAuthenticator,
  change?: (response: ReturnType<SoftAuthenticator['signIn']>) => void,
  credential?: SoftCredential,
) {
  const options = await client.json<PublicKeyCredentialRequestOptionsJSON>('POST', SIGN_IN_OPTIONS)
  expect(options.status).toBe(200)
  const response = authenticator.signIn(options.body, credential)
  change?.(response)
  return { ...(await client.json<AdminUser | string>('POST', SIGN_IN, { response })), response, options: options.body }
}

/** A person of the team with a password and no factor yet. */
async function addPerson(username: string): Promise<void> {
  await accounts.add({ username, displayName: username, email: `${username}@example.com`, passwordHash: cheapHash(TEST_ADMIN.password), role: 'author' })
}

describe('registering a passkey on the account page', () => {
  it('asks for a discoverable, verified passkey bound to the site, and keeps it with its name', async () => {
    await addPerson('reg')
    const client = await browser(true, 'reg')
    const other = await browser(true, 'reg')
    const options = await client.json<PublicKeyCredentialCreationOptionsJSON>('POST', `${PASSKEYS}/options`)
    expect(options.body.rp.id).toBe('watchio.example')
    expect(options.body.user.name).toBe('reg')
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    const saved = await client.json<PasskeySummary[]>('POST', PASSKEYS, { name: '  Work laptop ', response: authenticator.register(options.body) })
    expect(saved.status).toBe(201)
    expect(saved.body).toEqual([{ id: authenticator.credentials[0]!.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }])

    const stored = (await accounts.get('reg'))!
    expect(stored.passkeyUserId).toBe(options.body.user.id)
    expect(stored.passkeys[0]).toMatchObject({ id: authenticator.credentials[0]!.id, counter: 1, transports: ['internal'], name: 'Work laptop' })
    // A factor changed: this browser stays signed in under a new session, the person's others end.
    expect((await client.json('GET', '/api/auth/me')).status).toBe(200)
    expect((await other.json('GET', '/api/auth/me')).status).toBe(401)
    expect((await client.json('GET', PASSKEYS)).body).toEqual(saved.body)
  })

  it('uses each challenge once, refuses an answer for another site, and keeps the person\'s user handle', async () => {
    await addPerson('twice')
    const client = await browser(true, 'twice')
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    const options = await client.json<PublicKeyCredentialCreationOptionsJSON>('POST', `${PASSKEYS}/options`)
    const response = authenticator.register(options.body)
    expect((await client.json('POST', PASSKEYS, { name: 'One', response })).status).toBe(201)
    const again = await client.json('POST', PASSKEYS, { name: 'One', response })
    expect(again.status).toBe(401)

    const phishing = new SoftAuthenticator('https://watchio.example.evil.test')
    const refused = await register(client, phishing)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatch(/origin/i)

    const second = await register(client, authenticator, 'Two')
    expect(second.status).toBe(201)
    expect((second.body as PasskeySummary[]).map((key) => key.name)).toEqual(['One', 'Two'])
    expect(new Set(authenticator.credentials.map((credential) => credential.userHandle)).size).toBe(1)
  })

  it('refuses a passkey without user verification, a nameless one, and more than 20', async () => {
    await addPerson('many')
    const client = await browser(true, 'many')
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    authenticator.userVerified = false
    expect((await register(client, authenticator)).status).toBe(400)
    authenticator.userVerified = true
    expect((await register(client, authenticator, '   ')).status).toBe(400)
    for (let index = 1; index <= 20; index++) expect((await register(client, authenticator, `Key ${index}`)).status).toBe(201)
    const options = await client.json('POST', `${PASSKEYS}/options`)
    expect(options.status).toBe(400)
    expect(options.body).toMatch(/at most 20 passkeys/)
  })

  it('is for signed-in people only', async () => {
    const client = await browser(false)
    expect((await client.json('GET', PASSKEYS)).status).toBe(401)
    expect((await client.json('POST', `${PASSKEYS}/options`)).status).toBe(401)
  })
})

describe('renaming and removing', () => {
  it('renames one, removes one (ending the other sessions), and keeps the last of a person without a password', async () => {
    await addPerson('tidy')
    const client = await browser(true, 'tidy')
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    const [first] = (await register(client, authenticator, 'Old name')).body as PasskeySummary[]
    await register(client, authenticator, 'Spare')
    const renamed = await client.json<PasskeySummary[]>('PATCH', `${PASSKEYS}/${first!.id}`, { name: 'Phone' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.map((entry) => entry.name)).toEqual(['Phone', 'Spare'])
    expect((await client.json('PATCH', `${PASSKEYS}/nope`, { name: 'X' })).status).toBe(404)

    const other = await browser(false)
    expect((await signInWith(other, authenticator)).status).toBe(200)
    const removed = await client.json<PasskeySummary[]>('DELETE', `${PASSKEYS}/${first!.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.map((entry) => entry.name)).toEqual(['Spare'])
    expect((await client.json('GET', '/api/auth/me')).status).toBe(200)
    expect((await other.json('GET', '/api/auth/me')).status).toBe(401)

    // Without a password, the last passkey is the only way in.
    await accounts.update('tidy', (account) => ({ ...account, passwordHash: null }))
    const kept = await browser(false)
    expect((await signInWith(kept, authenticator, undefined, authenticator.credentials[1])).status).toBe(200)
    const [spare] = (await kept.json<PasskeySummary[]>('GET', PASSKEYS)).body
    const last = await kept.json('DELETE', `${PASSKEYS}/${spare!.id}`)
    expect(last.status).toBe(409)
    expect(last.body).toMatch(/only way to sign in/)
  })
})

describe('signing in with a passkey alone', () => {
  let authenticator: SoftAuthenticator

  beforeAll(async () => {
    await addPerson('alone')
    authenticator = new SoftAuthenticator(TEST_SITE_URL)
    expect((await register(await browser(true, 'alone'), authenticator)).status).toBe(201)
  })

  it('signs in with no username asked, and notes the last use', async () => {
    const client = await browser(false)
    const from = Date.now()
    const answer = await signInWith(client, authenticator)
    const by = Date.now()
    expect(answer.options.userVerification).toBe('required')
    expect(answer.options.allowCredentials ?? []).toEqual([])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ username: 'alone', displayName: 'alone', role: 'author' })
    expect((await client.json<AdminUser>('GET', '/api/auth/me')).body.username).toBe('alone')
    const [key] = (await client.json<PasskeySummary[]>('GET', PASSKEYS)).body
    // Dated during the sign-in, by the server's wall clock.
    expect(Date.parse(key!.lastUsedAt!)).toBeGreaterThanOrEqual(from)
    expect(Date.parse(key!.lastUsedAt!)).toBeLessThanOrEqual(by)
  })

  it('refuses a replayed answer, one without a challenge, and one without user verification', async () => {
    const client = await browser(false)
    const first = await signInWith(client, authenticator)
    expect(first.status).toBe(200)
    const replay = await client.json('POST', SIGN_IN, { response: first.response })
    expect(replay.status).toBe(401)
    expect((await new ApiClient(running.server.url).json('POST', SIGN_IN, { response: first.response })).status).toBe(401)

    authenticator.userVerified = false
    try {
      const unverified = await signInWith(await browser(false), authenticator)
      expect(unverified.status).toBe(401)
    } finally {
      authenticator.userVerified = true
    }
  })

  it('refuses a cloned authenticator whose counter is behind, and a forged signature', async () => {
    const clone = authenticator.clone()
    expect((await signInWith(await browser(false), authenticator)).status).toBe(200)
    const cloned = await signInWith(await browser(false), clone)
    expect(cloned.status).toBe(401)
    expect(cloned.body).toBe('That passkey could not sign you in')

    const forged = await signInWith(await browser(false), authenticator, (response) => {
      response.response.signature = Buffer.from('not a signature').toString('base64url')
    })
    expect(forged.status).toBe(401)
  })

  it('refuses an unknown passkey and a disabled person', async () => {
    const stranger = new SoftAuthenticator(TEST_SITE_URL)
    const options = await browser(false)
    const request = await options.json<PublicKeyCredentialRequestOptionsJSON>('POST', SIGN_IN_OPTIONS)
    // Made for this site, never registered.
    stranger.register({ rp: { id: 'watchio.example', name: 'Watchio' }, user: { id: 'c3RyYW5nZXI', name: 'x', displayName: 'x' }, challenge: 'AAAA', pubKeyCredParams: [] })
    const unknown = await options.json('POST', SIGN_IN, { response: stranger.signIn(request.body) })
    expect(unknown.status).toBe(401)

    await accounts.update('alone', (account) => ({ ...account, disabled: true }))
    try {
      const disabled = await signInWith(await browser(false), authenticator)
      expect(disabled.status).toBe(401)
      expect(disabled.body).toMatch(/disabled/)
    } finally {
      await accounts.update('alone', (account) => ({ ...account, disabled: false }))
    }
  })

  it('counts failures in the sign-in guard as it counts wrong passwords', async () => {
    await addPerson('guarded')
    const guarded = new SoftAuthenticator(TEST_SITE_URL)
    expect((await register(await browser(true, 'guarded'), guarded)).status).toBe(201)
    const forge = (response: ReturnType<SoftAuthenticator['signIn']>) => {
      response.response.signature = Buffer.from('forged').toString('base64url')
    }
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await signInWith(await browser(false), guarded, forge)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    expect((await signInWith(await browser(false), guarded)).status).toBe(429)
  })
})

describe('a passkey as the second step', () => {
  let authenticator: SoftAuthenticator

  beforeAll(async () => {
    await addPerson('second')
    authenticator = new SoftAuthenticator(TEST_SITE_URL)
    expect((await register(await browser(true, 'second'), authenticator)).status).toBe(201)
  })

  it('asks for it after the password (202), with only that person\'s passkeys, and then signs in', async () => {
    const client = await browser(false)
    const login = await client.json('POST', '/api/auth/login', { username: 'second', password: TEST_ADMIN.password })
    expect(login.status).toBe(202)
    expect(login.body).toEqual({ secondFactor: ['passkey'] })
    expect((await client.json('GET', '/api/auth/me')).status).toBe(401)
    const answer = await signInWith(client, authenticator)
    expect(answer.options.allowCredentials?.map((entry) => entry.id)).toEqual([authenticator.credentials[0]!.id])
    expect(answer.status).toBe(200)
    expect((await client.json<AdminUser>('GET', '/api/auth/me')).body.username).toBe('second')
  })

  it('refuses another person\'s passkey in someone\'s second step', async () => {
    await addPerson('intruder')
    const intruder = new SoftAuthenticator(TEST_SITE_URL)
    expect((await register(await browser(true, 'intruder'), intruder)).status).toBe(201)
    const client = await browser(false)
    expect((await client.json('POST', '/api/auth/login', { username: 'second', password: TEST_ADMIN.password })).status).toBe(202)
    const options = await client.json<PublicKeyCredentialRequestOptionsJSON>('POST', SIGN_IN_OPTIONS)
    const response = intruder.signIn({ ...options.body, allowCredentials: [] })
    const refused = await client.json('POST', SIGN_IN, { response })
    expect(refused.status).toBe(401)
    expect((await client.json('GET', '/api/auth/me')).status).toBe(401)
  })
})

describe('challenges anybody may ask for', () => {
  it('are bounded per address (each opens a session to hold it)', async () => {
    const own = await signedInServer({ signIn: false })
    try {
      const statuses: number[] = []
      // A client that drops its cookies, as a flood would.
      for (let index = 0; index < 60; index++) statuses.push((await new ApiClient(own.server.url).request('POST', SIGN_IN_OPTIONS)).status)
      expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200))
      const refused = await new ApiClient(own.server.url).request('POST', SIGN_IN_OPTIONS)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await own.close()
    }
  })
})
