/**
 * Signing in with a password, on the service itself: what a right password leads to, what a
 * wrong one and an unknown username answer, and the sign-in limits it draws on (LoginGuard's
 * budgets, tested alone in login-guard-service.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RateLimitedError, UnauthorizedError } from '../../server/lib/errors.ts'
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import { ACCOUNT_DISABLED, LOGIN_FAILED, PasswordSignIn } from '../../server/services/sign-in/password-sign-in.ts'
import { type AccountWorld, accountWorld, PASSWORD } from './account-fixture.ts'

let world: AccountWorld
let signIn: PasswordSignIn

beforeEach(async () => {
  world = await accountWorld()
  signIn = new PasswordSignIn({ accounts: world.accounts, guard: world.guard })
})

afterEach(() => world.close())

const attempt = (username: string, password: string, address = '192.0.2.1', knownDevice = false) => signIn.signIn({ username, password, address, knownDevice })

describe('PasswordSignIn', () => {
  it('signs in a person without a second factor, and asks the second step of one with', async () => {
    await world.addPerson('ana')
    expect(await attempt('ana', PASSWORD)).toMatchObject({ account: { username: 'ana' }, secondStep: null })
    await world.addTotp('ana')
    expect((await attempt('ana', PASSWORD)).secondStep).toEqual(['totp'])
    await world.accounts.update('ana', (account) => ({ ...account, passkeys: [{ id: 'a2V5', publicKey: 'cHVi', counter: 0, transports: [], name: 'Key', createdAt: new Date(world.clock.ms).toISOString(), lastUsedAt: null }] }))
    expect((await attempt('ana', PASSWORD)).secondStep).toEqual(['totp', 'passkey'])
  })

  it('answers a wrong password and an unknown username alike', async () => {
    await world.addPerson('ana')
    const wrong = await attempt('ana', 'not the password').catch((error: unknown) => error)
    const unknown = await attempt('nobody', PASSWORD).catch((error: unknown) => error)
    expect(wrong).toBeInstanceOf(UnauthorizedError)
    expect(unknown).toEqual(wrong)
    expect((wrong as Error).message).toBe(LOGIN_FAILED)
  })

  it('says an account is disabled only to whoever has its password', async () => {
    await world.addPerson('ana')
    await world.accounts.update('ana', (account) => ({ ...account, disabled: true }))
    await expect(attempt('ana', 'not the password')).rejects.toThrow(LOGIN_FAILED)
    await expect(attempt('ana', PASSWORD)).rejects.toThrow(ACCOUNT_DISABLED)
  })

  it(`stops a person and address after ${MAX_FAILURES_PER_USER_AND_ADDRESS} wrong passwords, the right one included; another address goes on`, async () => {
    await world.addPerson('ana')
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS; i++) await expect(attempt('ana', `guess ${i}`)).rejects.toThrow(LOGIN_FAILED)
    await expect(attempt('ana', PASSWORD)).rejects.toBeInstanceOf(RateLimitedError)
    expect((await attempt('ana', PASSWORD, '192.0.2.2')).account.username).toBe('ana')
  })

  it('gives a right password its attempt back: the owner never runs out', async () => {
    await world.addPerson('ana')
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 5; i++) expect((await attempt('ana', PASSWORD)).account.username).toBe('ana')
  })

  it('lets a browser that signed in before past the account’s limit that strangers spent', async () => {
    await world.addPerson('ana')
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await expect(attempt('ana', `guess ${i}`, `198.18.0.${i + 1}`)).rejects.toThrow(LOGIN_FAILED)
    await expect(attempt('ana', PASSWORD, '198.18.1.1')).rejects.toBeInstanceOf(RateLimitedError)
    expect((await attempt('ana', PASSWORD, '198.18.1.2', true)).account.username).toBe('ana')
  })
})
