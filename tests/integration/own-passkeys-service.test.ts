/**
 * One's own passkeys, on the service itself: registering asks for a recent sign-in and answers
 * the challenge this session was given (once, within 5 minutes by the clock the test moves);
 * renaming; removing all but a passwordless person's last.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../server/lib/errors.ts'
import { OwnPasskeys } from '../../server/services/account/own-passkeys.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'
import { PASSKEY_CHALLENGE_MS, Passkeys } from '../../server/services/sign-in/passkeys.ts'
import { FRESH_SIGN_IN_MS } from '../../server/services/sign-in/sign-in-session.ts'
import { SoftAuthenticator } from '../support/soft-authenticator.ts'
import { type AccountWorld, accountWorld, memorySlot } from './account-fixture.ts'

const SITE = 'https://team.example'

let world: AccountWorld
let own: OwnPasskeys

beforeEach(async () => {
  world = await accountWorld()
  const passkeys = new Passkeys({ accounts: world.accounts, relyingParty: relyingPartyOf(SITE, [SITE]), now: () => new Date(world.clock.ms) })
  own = new OwnPasskeys({ passkeys, now: world.now })
  await world.addPerson('ana')
})

afterEach(() => world.close())

const ana = async () => (await world.accounts.get('ana'))!

/** Registers a passkey of `authenticator` for ana from a fresh sign-in. */
async function register(authenticator: SoftAuthenticator, name = 'Laptop') {
  const ceremony = memorySlot()
  const options = await own.registrationOptions({ account: await ana(), signedInAt: world.clock.ms, ceremony })
  return own.register({ account: await ana(), name, response: authenticator.register(options), ceremony })
}

describe('OwnPasskeys', () => {
  it('registers one as a factor change, and lists it without its key', async () => {
    const authenticator = new SoftAuthenticator(SITE)
    const before = (await ana()).factorsChangedAt
    world.clock.ms += 1000
    const account = await register(authenticator)
    expect(account.factorsChangedAt).toBe(new Date(world.clock.ms).toISOString())
    expect(account.factorsChangedAt).not.toBe(before)
    expect(own.list(account)).toEqual([{ id: authenticator.credentials[0]!.id, name: 'Laptop', createdAt: new Date(world.clock.ms).toISOString(), lastUsedAt: null }])
  })

  it('asks for a sign-in of the last 10 minutes before a registration starts', async () => {
    await expect(own.registrationOptions({ account: await ana(), signedInAt: world.clock.ms - FRESH_SIGN_IN_MS - 1, ceremony: memorySlot() })).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('takes an answer only to this session’s challenge, once, within 5 minutes', async () => {
    const authenticator = new SoftAuthenticator(SITE)
    const ceremony = memorySlot()
    const options = await own.registrationOptions({ account: await ana(), signedInAt: world.clock.ms, ceremony })
    const response = authenticator.register(options)
    await expect(own.register({ account: await ana(), name: 'X', response, ceremony: memorySlot() })).rejects.toBeInstanceOf(UnauthorizedError)
    world.clock.ms += PASSKEY_CHALLENGE_MS
    await expect(own.register({ account: await ana(), name: 'X', response, ceremony })).rejects.toThrow('The passkey request expired or was used already; try again')
    expect((await ana()).passkeys).toEqual([])
  })

  it('renames one, and removes one but a passwordless person’s last', async () => {
    const authenticator = new SoftAuthenticator(SITE)
    await register(authenticator, 'Old name')
    const [first] = (await register(authenticator, 'Spare')).passkeys
    expect((await own.rename(await ana(), first!.id, '  Phone ')).map((key) => key.name)).toEqual(['Phone', 'Spare'])
    await expect(own.rename(await ana(), 'nope', 'X')).rejects.toBeInstanceOf(NotFoundError)
    await expect(own.rename(await ana(), first!.id, 'x'.repeat(61))).rejects.toThrow('name must have at most 60 characters')
    const left = await own.remove(await ana(), first!.id)
    expect(own.list(left).map((key) => key.name)).toEqual(['Spare'])
    await world.accounts.update('ana', (account) => ({ ...account, passwordHash: null }))
    await expect(own.remove(await ana(), left.passkeys[0]!.id)).rejects.toBeInstanceOf(ConflictError)
  })
})
