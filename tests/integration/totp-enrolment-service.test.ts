/**
 * A person's authenticator app, on the service itself with a clock the test moves: a setup kept
 * in the session's slot until a code confirms it (15 minutes), the code of a confirmation spent,
 * new recovery codes and turning the app off behind the password or a current code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useSecondFactorCode } from '../../server/accounts/second-factor-codes.ts'
import { ConflictError, ForbiddenError, InvalidInputError, RateLimitedError } from '../../server/lib/errors.ts'
import { TOTP_SETUP_MS, TotpEnrolment } from '../../server/services/account/totp-enrolment.ts'
import { MAX_CODE_FAILURES_PER_ACCOUNT } from '../../server/services/sign-in/login-guard.ts'
import { FRESH_SIGN_IN_MS } from '../../server/services/sign-in/sign-in-session.ts'
import { type AccountWorld, accountWorld, memorySlot, PASSWORD, totpCode } from './account-fixture.ts'

let world: AccountWorld
let totp: TotpEnrolment

beforeEach(async () => {
  world = await accountWorld()
  totp = new TotpEnrolment({ accounts: world.accounts, guard: world.guard, settings: world.settings, now: world.now })
  await world.addPerson('ana')
})

afterEach(() => world.close())

const ana = async () => (await world.accounts.get('ana'))!
const address = '192.0.2.1'

describe('setting the app up', () => {
  it('keeps the new key in the session until a code from the app confirms it; the code is then spent, the recovery codes given once', async () => {
    const setup = memorySlot()
    const started = await totp.start({ account: await ana(), signedInAt: world.clock.ms, setup })
    expect(started.uri).toBe(`otpauth://totp/Watchio:ana?secret=${started.secret}&issuer=Watchio`)
    expect(started.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect((await ana()).totp).toBeNull()

    const code = await totpCode(started.secret, world.clock.ms)
    const before = (await ana()).factorsChangedAt
    world.clock.ms += 1000
    const { account, recoveryCodes } = await totp.confirm({ account: await ana(), code, setup })
    expect(recoveryCodes.recoveryCodes).toHaveLength(10)
    expect(account.totp).toMatchObject({ secret: started.secret, addedAt: new Date(world.clock.ms).toISOString() })
    expect(account.factorsChangedAt).not.toBe(before)
    expect(totp.status(account)).toEqual({ enabled: true, addedAt: new Date(world.clock.ms).toISOString(), recoveryCodesLeft: 10 })
    expect(setup.value).toBeUndefined()
    // The confirming code cannot also finish a sign-in.
    expect(await useSecondFactorCode(world.accounts, 'ana', code, world.clock.ms)).toBeNull()
  })

  it('refuses a wrong code at its field, and keeps the setup for the right one', async () => {
    const setup = memorySlot()
    const { secret } = await totp.start({ account: await ana(), signedInAt: world.clock.ms, setup })
    const right = await totpCode(secret, world.clock.ms)
    const wrong = await totp.confirm({ account: await ana(), code: right === '123456' ? '654321' : '123456', setup }).catch((error: unknown) => error)
    expect(wrong).toBeInstanceOf(InvalidInputError)
    expect((wrong as InvalidInputError).field).toBe('code')
    expect((await totp.confirm({ account: await ana(), code: right, setup })).account.totp).not.toBeNull()
  })

  it('takes a code of the step before or after (a phone a little off), not one further', async () => {
    const setup = memorySlot()
    const { secret } = await totp.start({ account: await ana(), signedInAt: world.clock.ms, setup })
    await expect(totp.confirm({ account: await ana(), code: await totpCode(secret, world.clock.ms - 60_000), setup })).rejects.toBeInstanceOf(InvalidInputError)
    expect((await totp.confirm({ account: await ana(), code: await totpCode(secret, world.clock.ms + 30_000), setup })).account.totp).not.toBeNull()
  })

  it('starts over after 15 minutes, or without a setup in this session', async () => {
    await expect(totp.confirm({ account: await ana(), code: '123456', setup: memorySlot() })).rejects.toThrow('Start the setup again')
    const setup = memorySlot()
    const { secret } = await totp.start({ account: await ana(), signedInAt: world.clock.ms, setup })
    world.clock.ms += TOTP_SETUP_MS + 1
    await expect(totp.confirm({ account: await ana(), code: await totpCode(secret, world.clock.ms), setup })).rejects.toBeInstanceOf(ConflictError)
  })

  it('asks for a sign-in of the last 10 minutes, and refuses a second app', async () => {
    await expect(totp.start({ account: await ana(), signedInAt: world.clock.ms - FRESH_SIGN_IN_MS - 1, setup: memorySlot() })).rejects.toBeInstanceOf(ForbiddenError)
    await world.addTotp('ana')
    await expect(totp.start({ account: await ana(), signedInAt: world.clock.ms, setup: memorySlot() })).rejects.toThrow('already set up')
  })
})

describe('new recovery codes', () => {
  it('need the app, and the password or a current code, which is then spent', async () => {
    await expect(totp.renewRecoveryCodes({ account: await ana(), proof: { password: PASSWORD }, address })).rejects.toBeInstanceOf(ConflictError)
    const { secret, codes } = await world.addTotp('ana')
    await expect(totp.renewRecoveryCodes({ account: await ana(), proof: null, address })).rejects.toThrow('Your password or a current code is required')
    await expect(totp.renewRecoveryCodes({ account: await ana(), proof: { password: 'not it' }, address })).rejects.toThrow('That password is not right')
    const code = await totpCode(secret, world.clock.ms)
    const renewed = await totp.renewRecoveryCodes({ account: await ana(), proof: { code }, address })
    expect(renewed.recoveryCodes).toHaveLength(10)
    await expect(totp.renewRecoveryCodes({ account: await ana(), proof: { code }, address })).rejects.toThrow('That code is not right, or was used already')
    // The old ones open nothing any more; a new one does, once.
    expect(await useSecondFactorCode(world.accounts, 'ana', codes[0]!, world.clock.ms)).toBeNull()
    expect((await totp.renewRecoveryCodes({ account: await ana(), proof: { code: renewed.recoveryCodes[0]! }, address })).recoveryCodes).toHaveLength(10)
  })

  it(`count wrong codes in the sign-in's code budget (${MAX_CODE_FAILURES_PER_ACCOUNT})`, async () => {
    const { secret } = await world.addTotp('ana')
    const right = await totpCode(secret, world.clock.ms)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT; i++) await expect(totp.renewRecoveryCodes({ account: await ana(), proof: { code: wrong }, address })).rejects.toBeInstanceOf(ForbiddenError)
    await expect(totp.renewRecoveryCodes({ account: await ana(), proof: { code: right }, address })).rejects.toBeInstanceOf(RateLimitedError)
  })
})

describe('turning the app off', () => {
  it('with the password: no app, no recovery codes (they would open nothing), the factors changed', async () => {
    await world.addTotp('ana')
    const before = (await ana()).factorsChangedAt
    world.clock.ms += 1000
    const off = await totp.disable({ account: await ana(), proof: { password: PASSWORD }, address })
    expect(totp.status(off)).toEqual({ enabled: false, addedAt: null, recoveryCodesLeft: 0 })
    expect(off.factorsChangedAt).not.toBe(before)
  })

  it('keeps the recovery codes of a person who still has a passkey', async () => {
    await world.addTotp('ana')
    await world.accounts.update('ana', (account) => ({ ...account, passkeys: [{ id: 'a2V5', publicKey: 'cHVi', counter: 0, transports: [], name: 'Key', createdAt: new Date(world.clock.ms).toISOString(), lastUsedAt: null }] }))
    expect((await totp.disable({ account: await ana(), proof: { password: PASSWORD }, address })).recoveryCodes).toHaveLength(10)
  })

  it('is refused while the site requires a second factor and it is the last one, before the code is spent', async () => {
    await expect(totp.disable({ account: await ana(), proof: null, address })).rejects.toThrow('No authenticator app is set up')
    const { secret } = await world.addTotp('ana')
    await world.settings.set({ requireSecondFactor: true })
    const code = await totpCode(secret, world.clock.ms)
    await expect(totp.disable({ account: await ana(), proof: { code }, address })).rejects.toBeInstanceOf(ConflictError)
    expect((await totp.renewRecoveryCodes({ account: await ana(), proof: { code }, address })).recoveryCodes).toHaveLength(10)
  })
})
