/**
 * The sign-in budgets on the LoginGuard service itself, as role-services.ts builds it: the rules
 * that need many failed attempts are here, where an attempt costs no password hash. What the
 * route does with the guard (the client's address, 429 with Retry-After, a success given back)
 * is tested over real sockets in tests/api/sign-in-limits.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { RateLimitedError } from '../../server/lib/errors.ts'
import { ADDRESS_WINDOW_SECONDS, LoginGuard, MAX_FAILURES_PER_ADDRESS } from '../../server/services/login-guard.ts'

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
})
