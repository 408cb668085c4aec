/**
 * The sign-in's second step with a code, on the service itself with a clock the test moves: the
 * 5 minutes after the password, an authenticator code's window and its single use, recovery
 * codes used once, and the code budget.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SECOND_STEP_EXPIRED } from '../../core/contract/index.ts'
import type { SessionData } from '../../server/accounts/session-store.ts'
import { RateLimitedError, UnauthorizedError } from '../../server/lib/errors.ts'
import { MAX_CODE_FAILURES_PER_ACCOUNT } from '../../server/services/sign-in/login-guard.ts'
import { CODE_REFUSED, SecondStep } from '../../server/services/sign-in/second-step.ts'
import { SECOND_STEP_MS, secondStepSession } from '../../server/services/sign-in/sign-in-session.ts'
import { type AccountWorld, accountWorld, totpCode } from './account-fixture.ts'

let world: AccountWorld
let step: SecondStep
let secret: string
let codes: string[]
/** The session the password step left: ana's, at the clock's start. */
let waiting: SessionData

beforeEach(async () => {
  world = await accountWorld()
  step = new SecondStep({ accounts: world.accounts, guard: world.guard, now: world.now })
  await world.addPerson('ana')
  ;({ secret, codes } = await world.addTotp('ana'))
  waiting = secondStepSession((await world.accounts.get('ana'))!, world.clock.ms)
})

afterEach(() => world.close())

const finish = (code: string, session: Partial<SessionData> | null = waiting, address = '192.0.2.1') => step.finishWithCode({ session, code, address })

describe('SecondStep', () => {
  it('finishes with the authenticator’s code, once: the same code again is refused', async () => {
    const code = await totpCode(secret, world.clock.ms)
    expect((await finish(code)).username).toBe('ana')
    await expect(finish(code)).rejects.toThrow(CODE_REFUSED)
  })

  it('takes the code of the step before or after (a phone a little off), not two away, nor one older than the last used', async () => {
    world.clock.ms += 60_000
    await expect(finish(await totpCode(secret, world.clock.ms - 60_000))).rejects.toThrow(CODE_REFUSED)
    expect((await finish(await totpCode(secret, world.clock.ms - 30_000))).username).toBe('ana')
    // The current step is after the one used: still good. The one before it, never again.
    await expect(finish(await totpCode(secret, world.clock.ms - 30_000))).rejects.toThrow(CODE_REFUSED)
    expect((await finish(await totpCode(secret, world.clock.ms + 30_000))).username).toBe('ana')
    await expect(finish(await totpCode(secret, world.clock.ms))).rejects.toThrow(CODE_REFUSED)
  })

  it('takes a recovery code once, typed any way', async () => {
    expect((await finish(codes[0]!.toUpperCase().replace('-', ' '))).username).toBe('ana')
    await expect(finish(codes[0]!)).rejects.toThrow(CODE_REFUSED)
    expect((await finish(codes[1]!)).username).toBe('ana')
    expect((await world.accounts.get('ana'))!.recoveryCodes).toHaveLength(codes.length - 2)
  })

  it('waits 5 minutes for the code after the password, then asks for the password again', async () => {
    world.clock.ms += SECOND_STEP_MS
    expect((await finish(await totpCode(secret, world.clock.ms))).username).toBe('ana')
    world.clock.ms += 30_000
    const late = { ...waiting, secondStepSince: world.clock.ms - SECOND_STEP_MS - 1 }
    await expect(finish(await totpCode(secret, world.clock.ms), late)).rejects.toThrow(SECOND_STEP_EXPIRED)
  })

  it('finishes nothing without a password step, nor one whose password changed since', async () => {
    const code = await totpCode(secret, world.clock.ms)
    await expect(finish(code, null)).rejects.toThrow(SECOND_STEP_EXPIRED)
    await expect(finish(code, { username: 'ana', credential: waiting.credential })).rejects.toThrow(SECOND_STEP_EXPIRED)
    await world.accounts.update('ana', (account) => ({ ...account, factorsChangedAt: new Date(world.clock.ms + 1).toISOString() }))
    const refused = await finish(code).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnauthorizedError)
    expect((refused as Error).message).toBe(SECOND_STEP_EXPIRED)
  })

  it(`stops after ${MAX_CODE_FAILURES_PER_ACCOUNT} wrong codes, from anywhere, the right one included`, async () => {
    const right = await totpCode(secret, world.clock.ms)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT; i++) await expect(finish(wrong, waiting, `198.51.100.${i}`)).rejects.toThrow(CODE_REFUSED)
    await expect(finish(right)).rejects.toBeInstanceOf(RateLimitedError)
  })
})
