import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimitedError } from '../../lib/errors.ts'

/** Passkey sign-in challenges one address may ask for in a minute: far more than a person needs. */
export const MAX_CHALLENGES_PER_ADDRESS = 60
export const CHALLENGE_WINDOW_SECONDS = 60

/**
 * The one sign-in call that anybody may make and that keeps something on the server: a passkey
 * challenge, which opens a session to hold it (2 hours at most). Bounded per address, so one
 * client cannot fill the sessions file with them. The challenge's answer is counted apart, by the
 * sign-in guard, as a password is.
 */
export class ChallengeBudget {
  readonly #byAddress = new RateLimiterMemory({
    keyPrefix: 'passkey-challenge-address',
    points: MAX_CHALLENGES_PER_ADDRESS,
    duration: CHALLENGE_WINDOW_SECONDS,
  })

  /** @throws RateLimitedError once the address has asked for its budget's worth this minute. */
  async take(address: string): Promise<void> {
    try {
      await this.#byAddress.consume(address)
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result
      throw new RateLimitedError(Math.max(1, Math.ceil(result.msBeforeNext / 1000)))
    }
  }
}
