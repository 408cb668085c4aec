import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimitedError } from '../lib/errors.ts'

export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5
export const USER_AND_ADDRESS_WINDOW_SECONDS = 15 * 60
export const MAX_FAILURES_PER_ADDRESS = 100
export const ADDRESS_WINDOW_SECONDS = 60 * 60

/**
 * Brute-force protection for sign-in: 5 failures for one username from one address within
 * 15 minutes, or 100 failures from one address within an hour, block further attempts from
 * there (the right password included) until the window ends. A success clears that
 * username's count for the address. Counts live in memory: one server is the only writer.
 */
export class LoginGuard {
  readonly #byUserAndAddress = new RateLimiterMemory({
    keyPrefix: 'login-user-address',
    points: MAX_FAILURES_PER_USER_AND_ADDRESS,
    duration: USER_AND_ADDRESS_WINDOW_SECONDS,
  })
  readonly #byAddress = new RateLimiterMemory({
    keyPrefix: 'login-address',
    points: MAX_FAILURES_PER_ADDRESS,
    duration: ADDRESS_WINDOW_SECONDS,
  })

  /** @throws RateLimitedError when this username or this address is blocked. */
  async check(username: string, address: string): Promise<void> {
    const [pair, all] = await Promise.all([
      this.#byUserAndAddress.get(pairKey(username, address)),
      this.#byAddress.get(address),
    ])
    const waits = [
      blockedFor(pair, MAX_FAILURES_PER_USER_AND_ADDRESS),
      blockedFor(all, MAX_FAILURES_PER_ADDRESS),
    ].filter((ms) => ms > 0)
    if (waits.length > 0) throw new RateLimitedError(Math.ceil(Math.max(...waits) / 1000))
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([
      this.#byUserAndAddress.penalty(pairKey(username, address), 1),
      this.#byAddress.penalty(address, 1),
    ])
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.#byUserAndAddress.delete(pairKey(username, address))
  }
}

function pairKey(username: string, address: string): string {
  return JSON.stringify([username, address])
}

function blockedFor(result: RateLimiterRes | null, limit: number): number {
  return result && result.consumedPoints >= limit ? Math.max(result.msBeforeNext, 1000) : 0
}
