/**
 * Signing in with a passkey, on the service itself: a software authenticator's real signatures,
 * the challenge kept in a session's slot and a clock the test moves (the 5 minutes it is good for,
 * its single use), the second step's "only this person's passkeys", and the budgets it draws on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthenticationResponseJSON } from '../../core/contract/index.ts'
import { RateLimitedError, UnauthorizedError } from '../../server/lib/errors.ts'
import { CHALLENGE_WINDOW_SECONDS, ChallengeBudget, MAX_CHALLENGES_PER_ADDRESS } from '../../server/services/sign-in/challenge-budget.ts'
import { MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import { PASSKEY_REQUEST_EXPIRED, PasskeySignIn } from '../../server/services/sign-in/passkey-sign-in.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'
import { PASSKEY_CHALLENGE_MS, PASSKEY_REFUSED, Passkeys } from '../../server/services/sign-in/passkeys.ts'
import { secondStepSession } from '../../server/services/sign-in/sign-in-session.ts'
import { SoftAuthenticator } from '../support/soft-authenticator.ts'
import { type AccountWorld, accountWorld, memorySlot } from './account-fixture.ts'

const SITE = 'https://team.example'

let world: AccountWorld
let passkeys: Passkeys
let signIn: PasskeySignIn

beforeEach(async () => {
  world = await accountWorld()
  passkeys = new Passkeys({ accounts: world.accounts, relyingParty: relyingPartyOf(SITE, [SITE]), now: () => new Date(world.clock.ms) })
  signIn = new PasskeySignIn({ accounts: world.accounts, guard: world.guard, passkeys, challenges: new ChallengeBudget(), now: world.now })
})

afterEach(() => world.close())

/** `username` with a passkey on a software authenticator of their own. */
async function withPasskey(username: string): Promise<SoftAuthenticator> {
  await world.addPerson(username)
  const authenticator = new SoftAuthenticator(SITE)
  const start = await passkeys.registrationOptions((await world.accounts.get(username))!)
  await passkeys.add(username, { response: authenticator.register(start.options), expectedChallenge: start.options.challenge, userId: start.userId, name: 'Laptop' })
  return authenticator
}

/** A browser: its session, its slot, and its address. */
function browser(address = '192.0.2.1') {
  const ceremony = memorySlot()
  return {
    ceremony,
    session: null as ReturnType<typeof secondStepSession> | null,
    options() {
      return signIn.options({ address, session: this.session, ceremony })
    },
    verify(response: AuthenticationResponseJSON) {
      return signIn.verify({ response, address, session: this.session, ceremony, knownDevice: () => false })
    },
  }
}

describe('PasskeySignIn', () => {
  it('signs in with a passkey alone, and the challenge works once', async () => {
    const authenticator = await withPasskey('ana')
    const client = browser()
    const options = await client.options()
    expect(options.userVerification).toBe('required')
    const response = authenticator.signIn(options)
    expect((await client.verify(response)).username).toBe('ana')
    await expect(client.verify(response)).rejects.toThrow(PASSKEY_REQUEST_EXPIRED)
  })

  it('keeps a challenge for 5 minutes, by the clock it is given', async () => {
    const authenticator = await withPasskey('ana')
    const client = browser()
    let response = authenticator.signIn(await client.options())
    world.clock.ms += PASSKEY_CHALLENGE_MS - 1
    expect((await client.verify(response)).username).toBe('ana')
    response = authenticator.signIn(await client.options())
    world.clock.ms += PASSKEY_CHALLENGE_MS
    await expect(client.verify(response)).rejects.toThrow(PASSKEY_REQUEST_EXPIRED)
  })

  it('refuses a user handle that is not text before spending the challenge', async () => {
    const authenticator = await withPasskey('ana')
    const client = browser()
    const response = authenticator.signIn(await client.options())
    const odd = { ...response, response: { ...response.response, userHandle: 5 as unknown as string } }
    await expect(client.verify(odd)).rejects.toThrow(PASSKEY_REFUSED)
    expect((await client.verify(response)).username).toBe('ana')
  })

  it('as the second step, offers and takes only that person’s passkeys', async () => {
    const ana = await withPasskey('ana')
    const bo = await withPasskey('bo')
    const client = browser()
    client.session = secondStepSession((await world.accounts.get('ana'))!, world.clock.ms)
    const options = await client.options()
    expect(options.allowCredentials?.map((entry) => entry.id)).toEqual([ana.credentials[0]!.id])
    await expect(client.verify(bo.signIn({ ...options, allowCredentials: [] }))).rejects.toThrow(PASSKEY_REFUSED)
    expect((await client.verify(ana.signIn(await client.options()))).username).toBe('ana')
  })

  it('refuses an unknown passkey and a disabled person', async () => {
    const authenticator = await withPasskey('ana')
    const stranger = new SoftAuthenticator(SITE)
    stranger.register({ rp: { id: 'team.example', name: 'Team' }, user: { id: 'c3RyYW5nZXI', name: 'x', displayName: 'x' }, challenge: 'AAAA', pubKeyCredParams: [] })
    const client = browser()
    await expect(client.verify(stranger.signIn(await client.options()))).rejects.toThrow(PASSKEY_REFUSED)
    await world.accounts.update('ana', (account) => ({ ...account, disabled: true }))
    const refused = await client.verify(authenticator.signIn(await client.options())).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnauthorizedError)
    expect((refused as Error).message).toMatch(/disabled/)
  })

  it('counts each answer as a password is: a forger is stopped, the owner too from that address', async () => {
    const authenticator = await withPasskey('ana')
    const client = browser()
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS; i++) {
      const response = authenticator.signIn(await client.options())
      response.response.signature = Buffer.from('forged').toString('base64url')
      await expect(client.verify(response)).rejects.toThrow(PASSKEY_REFUSED)
    }
    await expect(client.verify(authenticator.signIn(await client.options()))).rejects.toBeInstanceOf(RateLimitedError)
  })

  it(`gives an address ${MAX_CHALLENGES_PER_ADDRESS} challenges in ${CHALLENGE_WINDOW_SECONDS} seconds`, async () => {
    for (let i = 0; i < MAX_CHALLENGES_PER_ADDRESS; i++) await browser('198.51.100.7').options()
    await expect(browser('198.51.100.7').options()).rejects.toBeInstanceOf(RateLimitedError)
    await browser('198.51.100.8').options()
  })
})
