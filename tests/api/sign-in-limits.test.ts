import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { rawRequest } from '../support/raw-http.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { cheapHash } from '../support/team-accounts.ts'

/**
 * The sign-in limits over real sockets, behind a pretend proxy (TRUST_PROXY): each test signs in
 * to an account of its own, so one test's failures never spend another's budget. The address
 * budget (100 failures across usernames) is LoginGuard's rule, tested on the service itself
 * (tests/integration/login-guard-service.test.ts): here each failure costs a password hash.
 */
let server: RunningServer
let close: () => Promise<void>
const PASSWORD = 'the right password 42'

beforeAll(async () => {
  ;({ server, close } = await signedInServer({
    env: { TRUST_PROXY: 'true' },
    signIn: false,
    prepare: async ({ dataDir }) => {
      const store = new AccountStore(accountsFilePath(dataDir))
      // `concurrent` has a hash of the real cost: its test is about guesses checked while others
      // hash. The others count attempts, whatever a check costs: a stored hash says its own cost,
      // and theirs is low, so their dozens of checks do not each take 128 MiB and most of a second.
      await store.add({ username: 'concurrent', displayName: 'concurrent', email: 'concurrent@watchio.example', passwordHash: await hashPassword(PASSWORD) })
      for (const username of ['proxied', 'spread', 'returning', 'steady']) {
        await store.add({ username, displayName: username, email: `${username}@watchio.example`, passwordHash: cheapHash(PASSWORD) })
      }
    },
  }))
})

afterAll(() => close?.())


/** A sign-in from `forwardedFor` as a proxy that appends to X-Forwarded-For passes it on. */
function signIn(username: string, password: string, forwardedFor: string, client = new ApiClient(server.url)): Promise<Response> {
  return client.request('POST', '/api/auth/login', { json: { username, password }, headers: { 'X-Forwarded-For': forwardedFor } })
}

describe('sign-in limits', () => {
  it('counts an attempt before its password is checked: 40 guesses at once get at most 5 checks', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn('concurrent', `guess-${i}`, '203.0.113.10')))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_USER_AND_ADDRESS)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - MAX_FAILURES_PER_USER_AND_ADDRESS)
    const right = await signIn('concurrent', PASSWORD, '203.0.113.10')
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect(await right.text()).toMatch(/Try again in 15 minutes/)
  })

  it('takes the address the proxy appended, not the ones the client wrote before it', async () => {
    for (let i = 0; i < 12; i++) {
      // What nginx's $proxy_add_x_forwarded_for makes of a client that sent its own header.
      const answer = await signIn('proxied', `guess-${i}`, `10.66.${i}.1, 198.51.100.${i}, 192.0.2.44`)
      expect(answer.status).toBe(i < MAX_FAILURES_PER_USER_AND_ADDRESS ? 401 : 429)
    }
    // Another real address is not blocked by the pair limit.
    expect((await signIn('proxied', PASSWORD, '10.66.0.1, 192.0.2.45')).status).toBe(200)
  })

  it('limits guesses at one account spread over many addresses, with Retry-After; open sessions and known browsers go on', async () => {
    const owner = new ApiClient(server.url)
    expect((await signIn('spread', PASSWORD, '192.0.2.200', owner)).status).toBe(200)
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn('spread', `guess-${i}`, `198.18.0.${i + 1}`)).status).toBe(401)
    }
    const blocked = await signIn('spread', PASSWORD, '198.18.1.1')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    // The owner's session is untouched, and their browser (which signed in before) still gets in.
    expect((await owner.request('GET', '/api/auth/me')).status).toBe(200)
    expect((await signIn('spread', PASSWORD, '192.0.2.201', owner)).status).toBe(200)
    // The device cookie names its account: it does not open another's limit.
    expect((await signIn('spread', PASSWORD, '198.18.1.2', new ApiClient(server.url))).status).toBe(429)
  })

  it('a forged device cookie does not lift the account limit', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn('returning', `guess-${i}`, `198.19.0.${i + 1}`)).status).toBe(401)
    }
    const forger = new ApiClient(server.url)
    forger.setCookieHeader(`watchio.device=${Buffer.from('returning').toString('base64url')}; watchio.device.sig=forged`)
    expect((await signIn('returning', PASSWORD, '198.19.1.1', forger)).status).toBe(429)
  })

  it('gives a successful attempt back: sign-ins with the right password never run out', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 5; i++) {
      expect((await signIn('steady', PASSWORD, '192.0.2.77')).status).toBe(200)
    }
  })

  it('never lets X-Forwarded-Host make a foreign Origin the site (TRUST_PROXY)', async () => {
    const answer = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example', Host: 'evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
    })
    expect(answer.status).toBe(403)
  })
})

describe('TRUST_PROXY_HOPS', () => {
  let behindTwo: SignedInServer
  beforeAll(async () => {
    // A site of its own: one repository has one writer.
    behindTwo = await signedInServer({ env: { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }, signIn: false })
  })
  afterAll(() => behindTwo?.close())

  it('takes the entry the outer of two proxies appended', async () => {
    const attempt = (forwardedFor: string) =>
      new ApiClient(behindTwo.server.url).request('POST', '/api/auth/login', {
        json: { username: TEST_ADMIN.username, password: 'wrong' },
        headers: { 'X-Forwarded-For': forwardedFor },
      })
    // Client-written entries first, then the client as the outer proxy saw it, then the outer proxy.
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS; i++) expect((await attempt(`10.1.${i}.1, 192.0.2.90, 10.0.0.2`)).status).toBe(401)
    expect((await attempt('10.9.9.9, 192.0.2.90, 10.0.0.3')).status).toBe(429)
    expect((await attempt('192.0.2.91, 10.0.0.2')).status).toBe(401)
  })
})
