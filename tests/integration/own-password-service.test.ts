/**
 * Changing one's own password, on the service itself: the policy first, the current password
 * (counted by the sign-in guard when wrong), a passkey-only person's first password from a
 * recent sign-in, and what the change does to the person's sessions.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../server/accounts/password.ts'
import { ForbiddenError, InvalidInputError, RateLimitedError } from '../../server/lib/errors.ts'
import { OwnPassword, type PasswordChangeRequest } from '../../server/services/account/own-password.ts'
import { MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import { FRESH_SIGN_IN_MS } from '../../server/services/sign-in/sign-in-session.ts'
import { type AccountWorld, accountWorld, PASSWORD } from './account-fixture.ts'

const NEW_PASSWORD = 'kettle on the stove again'

let world: AccountWorld
let password: OwnPassword

beforeEach(async () => {
  world = await accountWorld()
  password = new OwnPassword({ accounts: world.accounts, sessions: world.sessions, guard: world.guard, now: world.now })
  await world.addPerson('ana')
})

afterEach(() => world.close())

async function change(fields: Partial<PasswordChangeRequest>) {
  const account = (await world.accounts.get('ana'))!
  return password.change({ account, newPassword: NEW_PASSWORD, currentPassword: PASSWORD, address: '192.0.2.1', knownDevice: false, signedInAt: world.clock.ms, sessionId: 'this-one', ...fields })
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: Error) => ({ type: error.constructor.name, message: error.message, field: (error as InvalidInputError).field }))

describe('OwnPassword', () => {
  it('changes it, dated by the clock, and ends every other session of the person', async () => {
    for (const id of ['this-one', 'laptop', 'phone']) await world.sessions.set(id, { username: 'ana', credential: 'c' })
    await world.sessions.set('someone-else', { username: 'bo', credential: 'c' })
    world.clock.ms += 5000
    const { account, ended } = await change({})
    expect(ended).toBe(2)
    expect(account.passwordChangedAt).toBe(new Date(world.clock.ms).toISOString())
    expect(await verifyPassword(NEW_PASSWORD, (await world.accounts.get('ana'))!.passwordHash)).toBe(true)
    expect(await world.sessions.get('this-one')).toBeDefined()
    expect(await world.sessions.get('laptop')).toBeUndefined()
    expect(await world.sessions.get('someone-else')).toBeDefined()
  })

  it('refuses a new password the policy refuses, before the current one is looked at', async () => {
    expect(await refusal(change({ newPassword: 'password123', currentPassword: 'wrong' }))).toEqual({
      type: 'InvalidInputError',
      message: 'newPassword is one of the most common passwords; choose another',
      field: 'newPassword',
    })
    expect((await refusal(change({ newPassword: 'seven77' })))?.message).toBe('newPassword must have at least 8 characters (15 or more is better)')
    expect((await refusal(change({ newPassword: 'Person Ana' })))?.message).toBe('newPassword must not be your username or name')
  })

  it('asks for the current password, and counts a wrong one as a failed sign-in', async () => {
    expect(await refusal(change({ currentPassword: undefined }))).toEqual({ type: 'InvalidInputError', message: 'currentPassword is required', field: 'currentPassword' })
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS; i++) {
      expect(await refusal(change({ currentPassword: `wrong ${i}` }))).toEqual({ type: 'InvalidInputError', message: 'currentPassword is wrong', field: 'currentPassword' })
    }
    await expect(change({})).rejects.toBeInstanceOf(RateLimitedError)
    expect(await verifyPassword(PASSWORD, (await world.accounts.get('ana'))!.passwordHash)).toBe(true)
  })

  it('lets a person without a password set one without a current one, from a sign-in of the last 10 minutes only', async () => {
    await world.accounts.update('ana', (account) => ({
      ...account,
      passwordHash: null,
      passkeys: [{ id: 'a2V5', publicKey: 'cHVi', counter: 0, transports: [], name: 'Key', createdAt: new Date(world.clock.ms).toISOString(), lastUsedAt: null }],
    }))
    const signedInAt = world.clock.ms
    world.clock.ms += FRESH_SIGN_IN_MS + 1
    await expect(change({ currentPassword: undefined, signedInAt })).rejects.toBeInstanceOf(ForbiddenError)
    world.clock.ms -= 2
    const { account } = await change({ currentPassword: undefined, signedInAt })
    expect(account.passwordHash).not.toBeNull()
  })
})
