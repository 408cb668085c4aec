/**
 * What a sign-in records in its session and what a session is worth later, against a real
 * accounts file: the credential that ends the sessions opened before a change, the second step's
 * 5 minutes, and the 10 minutes within which a way in may be added.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ForbiddenError } from '../../server/lib/errors.ts'
import {
  credentialOf,
  FRESH_SIGN_IN_MS,
  requireFreshSignIn,
  restartedSession,
  SECOND_STEP_MS,
  secondStepAccount,
  secondStepSession,
  sessionAccount,
  signedInSession,
} from '../../server/services/sign-in/sign-in-session.ts'
import { type AccountWorld, accountWorld } from './account-fixture.ts'

let world: AccountWorld

beforeEach(async () => {
  world = await accountWorld()
  await world.addPerson('ana')
})

afterEach(() => world.close())

const ana = async () => (await world.accounts.get('ana'))!

describe('a signed-in session', () => {
  it('records who, with which credential, from which browser, and when', async () => {
    const session = signedInSession(await ana(), { userAgent: 'x'.repeat(400), now: 1234 })
    expect(session).toEqual({ username: 'ana', credential: credentialOf(await ana()), device: 'x'.repeat(300), signedInAt: 1234 })
    expect(await sessionAccount(session, world.accounts)).toMatchObject({ account: { username: 'ana' } })
  })

  it('signs nobody in halfway through a two-step sign-in, or without a session', async () => {
    expect(await sessionAccount(secondStepSession(await ana(), world.clock.ms), world.accounts)).toEqual({ account: null, stale: false })
    expect(await sessionAccount(null, world.accounts)).toEqual({ account: null, stale: false })
  })

  it('ends once the password or a factor changed, or the person was disabled or removed', async () => {
    const session = signedInSession(await ana(), { userAgent: '', now: world.clock.ms })
    await world.accounts.update('ana', (account) => ({ ...account, factorsChangedAt: new Date(world.clock.ms + 1000).toISOString() }))
    expect(await sessionAccount(session, world.accounts)).toEqual({ account: null, stale: true })
    const again = signedInSession(await ana(), { userAgent: '', now: world.clock.ms })
    await world.accounts.update('ana', (account) => ({ ...account, disabled: true }))
    expect(await sessionAccount(again, world.accounts)).toEqual({ account: null, stale: true })
    await world.accounts.remove('ana')
    expect(await sessionAccount(again, world.accounts)).toEqual({ account: null, stale: true })
  })

  it('starts again after a change with the new credential, keeping when the person signed in', async () => {
    const before = signedInSession(await ana(), { userAgent: 'Firefox', now: 1000 })
    await world.accounts.update('ana', (account) => ({ ...account, factorsChangedAt: new Date(world.clock.ms + 1000).toISOString() }))
    const after = restartedSession(await ana(), { previous: before, userAgent: 'Firefox' })
    expect(after).toEqual({ username: 'ana', credential: credentialOf(await ana()), device: 'Firefox', signedInAt: 1000 })
    expect(after.credential).not.toBe(before.credential)
    // A change is no sign-in: a session that never recorded one is not made fresh by it.
    expect(restartedSession(await ana(), { previous: null, userAgent: '' }).signedInAt).toBe(0)
  })
})

describe('the second step', () => {
  it('waits 5 minutes for the same credential', async () => {
    const waiting = secondStepSession(await ana(), world.clock.ms)
    expect((await secondStepAccount(waiting, world.accounts, world.clock.ms + SECOND_STEP_MS))?.username).toBe('ana')
    expect(await secondStepAccount(waiting, world.accounts, world.clock.ms + SECOND_STEP_MS + 1)).toBeNull()
    expect(await secondStepAccount(signedInSession(await ana(), { userAgent: '', now: world.clock.ms }), world.accounts, world.clock.ms)).toBeNull()
    await world.accounts.update('ana', (account) => ({ ...account, disabled: true }))
    expect(await secondStepAccount(waiting, world.accounts, world.clock.ms)).toBeNull()
  })
})

describe('requireFreshSignIn', () => {
  it('lets a way in be added within 10 minutes of the sign-in only', () => {
    expect(() => requireFreshSignIn(1000, 'add a passkey', 1000 + FRESH_SIGN_IN_MS)).not.toThrow()
    expect(() => requireFreshSignIn(1000, 'add a passkey', 1001 + FRESH_SIGN_IN_MS)).toThrow(ForbiddenError)
    expect(() => requireFreshSignIn(undefined, 'add a passkey', 1000)).toThrow('To add a passkey, sign out and sign in again, then do it within 10 minutes')
  })
})
