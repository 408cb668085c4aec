/**
 * The sign-in budgets on the LoginGuard service itself, as the composition root builds it (server/compose/accounts.ts): the rules
 * that need many failed attempts are here, where an attempt costs no password hash. What the
 * route does with the guard (the client's address, 429 with Retry-After, a success given back)
 * is tested over real sockets in tests/api/sign-in-limits.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { RateLimitedError } from '../../server/lib/errors.ts'
import { ADDRESS_WINDOW_SECONDS, LoginGuard, MAX_CODE_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../../server/services/sign-in/login-guard.ts'

describe('LoginGuard', () => {
  it('blocks an address after 100 failures in an hour across usernames, for about the hour', async () => {
    const guard = new LoginGuard()
    const attempt = (username: string) => guard.begin({ username, address: '198.51.100.9', knownDevice: false })
    expect(MAX_FAILURES_PER_ADDRESS).toBe(100)
    // Each a failure: the attempt is never told it succeeded.
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) await attempt(`user-${i}`)
    const blocked = await attempt('someone-new').catch((error: unknown) => error)
    expect(blocked).toBeInstanceOf(RateLimitedError)
    expect((blocked as RateLimitedError).retryAfterSeconds).toBeGreaterThan(55 * 60)
    expect((blocked as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(ADDRESS_WINDOW_SECONDS)
    // Another address is not blocked.
    await expect(guard.begin({ username: 'someone-new', address: '198.51.100.10', knownDevice: false })).resolves.toBeDefined()
  })

  it('keeps second-step codes in a budget of their own: a right password does not refill it, a right code empties it, wrong codes count for the address too', async () => {
    const guard = new LoginGuard()
    const code = (address = '192.0.2.7') => guard.beginCode({ username: 'ana', address })
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT - 1; i++) await code(`192.0.2.${i + 1}`)
    // The password again, right: the code budget stays as it was.
    await (await guard.begin({ username: 'ana', address: '192.0.2.7', knownDevice: true })).succeeded()
    const last = await code()
    await expect(code('203.0.113.1')).rejects.toBeInstanceOf(RateLimitedError)
    // A right code (the owner's, from before the block) forgets the failures.
    await last.succeeded()
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT; i++) await code()
    await expect(code()).rejects.toBeInstanceOf(RateLimitedError)
    // The 5 wrong codes still counted from this address were 5 of its 100 failures (a right one gave its point back).
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS - MAX_CODE_FAILURES_PER_ACCOUNT; i++) {
      await guard.begin({ username: `user-${i}`, address: '192.0.2.7', knownDevice: false })
    }
    await expect(guard.begin({ username: 'someone-new', address: '192.0.2.7', knownDevice: false })).rejects.toBeInstanceOf(RateLimitedError)
  })
})
