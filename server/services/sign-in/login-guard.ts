import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimitedError } from '../../lib/errors.ts'

export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5
export const USER_AND_ADDRESS_WINDOW_SECONDS = 15 * 60
export const MAX_FAILURES_PER_ADDRESS = 100
export const ADDRESS_WINDOW_SECONDS = 60 * 60
/** Across every address: guesses spread over many addresses (a botnet, a proxy pool) stay this slow. */
export const MAX_FAILURES_PER_ACCOUNT = 10
export const ACCOUNT_WINDOW_SECONDS = 15 * 60
/**
 * Wrong second-step codes per account, from anywhere, within 15 minutes: its own budget, which a
 * right password does not refill (whoever has the password must not get endless code guesses).
 * 5 guesses at 3 accepted codes in a million: about 1 in 67,000 per window.
 */
export const MAX_CODE_FAILURES_PER_ACCOUNT = 5
export const CODE_WINDOW_SECONDS = 15 * 60

/** One sign-in attempt, counted before its password is checked. */
export interface LoginAttempt {
  /** The password was right: the attempt is given back, and this pair's failures are forgotten. */
  succeeded(): Promise<void>
}

interface Budget {
  limiter: RateLimiterMemory
  key: string
}

/**
 * Brute-force protection for sign-in, in three budgets of failed attempts: 5 for one username
 * from one address within 15 minutes, 100 from one address within an hour, and 10 for one
 * username from anywhere within 15 minutes; and for the second step's codes, 5 wrong ones per
 * username within 15 minutes (beginCode). An exhausted budget blocks further attempts (the
 * right password or code included) until its window ends, with the wait in Retry-After.
 *
 * Every attempt takes its point before the password is checked, and a success gives it back:
 * were it counted after the slow hash, N guesses sent at once would all be checked before the
 * first one was counted. So N concurrent guesses get at most the budget's worth of checks.
 *
 * The account budget is the one an attacker can spend for the account's owner. A browser that
 * has signed in to the account before (`knownDevice`: a signed cookie it got then, OWASP's
 * "device cookie") does not draw on it, so its owner still gets in while the account is under
 * attack; the other two budgets still apply to it. Sessions already open are never touched.
 * Counts live in memory: one server is the only writer.
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
  readonly #byAccount = new RateLimiterMemory({
    keyPrefix: 'login-account',
    points: MAX_FAILURES_PER_ACCOUNT,
    duration: ACCOUNT_WINDOW_SECONDS,
  })

  readonly #codesByAccount = new RateLimiterMemory({
    keyPrefix: 'login-code-account',
    points: MAX_CODE_FAILURES_PER_ACCOUNT,
    duration: CODE_WINDOW_SECONDS,
  })

  /**
   * Takes this attempt's point from each budget, before any password is checked. A failed
   * attempt keeps them; `succeeded()` gives them back.
   * @throws RateLimitedError when a budget is spent (and then takes nothing).
   */
  async begin(options: { username: string; address: string; knownDevice: boolean }): Promise<LoginAttempt> {
    const { username, address, knownDevice } = options
    const budgets: Budget[] = [
      { limiter: this.#byUserAndAddress, key: pairKey(username, address) },
      { limiter: this.#byAddress, key: address },
    ]
    if (!knownDevice) budgets.push({ limiter: this.#byAccount, key: username })
    const taken = await take(budgets)
    return {
      succeeded: async () => {
        // This pair's failures are forgotten whole; the other budgets get this attempt back.
        await this.#byUserAndAddress.delete(pairKey(username, address))
        await giveBack(taken.filter((budget) => budget.limiter !== this.#byUserAndAddress))
      },
    }
  }

  /**
   * The same for a second-step code (an authenticator's or a recovery code), counted before it
   * is checked: the account's code budget and the address's. The device cookie does not help
   * here: the first step gave it to whoever had the password. A right code forgets the account's
   * code failures.
   */
  async beginCode(options: { username: string; address: string }): Promise<LoginAttempt> {
    const { username, address } = options
    const taken = await take([
      { limiter: this.#codesByAccount, key: username },
      { limiter: this.#byAddress, key: address },
    ])
    return {
      succeeded: async () => {
        await this.#codesByAccount.delete(username)
        await giveBack(taken.filter((budget) => budget.limiter !== this.#codesByAccount))
      },
    }
  }
}

/** One point from each budget, or none and a RateLimitedError when one is spent. */
async function take(budgets: Budget[]): Promise<Budget[]> {
  const taken: Budget[] = []
  for (const budget of budgets) {
    try {
      // The memory store counts synchronously inside consume(): no two attempts read the same count.
      await budget.limiter.consume(budget.key)
      taken.push(budget)
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result
      // A blocked attempt checks no password, so it costs the other budgets nothing.
      await giveBack(taken)
      throw new RateLimitedError(Math.max(1, Math.ceil(result.msBeforeNext / 1000)))
    }
  }
  return taken
}

function giveBack(budgets: Budget[]): Promise<unknown> {
  return Promise.all(budgets.map((budget) => budget.limiter.reward(budget.key, 1)))
}

function pairKey(username: string, address: string): string {
  return JSON.stringify([username, address])
}
