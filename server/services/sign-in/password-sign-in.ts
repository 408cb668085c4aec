import type { LoginRequest, SecondFactorKind } from '../../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { verifyPassword } from '../../accounts/password.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import type { LoginGuard } from './login-guard.ts'

/** Same answer for an unknown username and a wrong password, so neither reveals which. */
export const LOGIN_FAILED = 'Invalid username or password'

/** Said only to whoever proved they are the person (the right password, their passkey). */
export const ACCOUNT_DISABLED = 'This account is disabled; ask an admin'

/** Where a right password leads: signed in, or on to the second step with these factors. */
export type PasswordOutcome = { account: AdminAccount; secondStep: null } | { account: AdminAccount; secondStep: SecondFactorKind[] }

/**
 * The first way in, SPEC §7's login: a username and password. Each attempt is counted by the
 * sign-in guard before the slow hash, so guesses sent at once cannot all slip in before the first
 * is counted; an unknown username still costs one full password check, so the time taken says
 * nothing. A person with a second factor is not signed in yet: the second step finishes it.
 */
export class PasswordSignIn {
  readonly #accounts: AccountStore
  readonly #guard: LoginGuard

  constructor(deps: { accounts: AccountStore; guard: LoginGuard }) {
    this.#accounts = deps.accounts
    this.#guard = deps.guard
  }

  /**
   * `knownDevice`: this browser signed in to `username` before (the device cookie), so the
   * per-account budget an attacker can spend from elsewhere does not stop it.
   * @throws UnauthorizedError (LOGIN_FAILED, or ACCOUNT_DISABLED after the right password), RateLimitedError
   */
  async signIn(request: LoginRequest & { address: string; knownDevice: boolean }): Promise<PasswordOutcome> {
    const { username, password, address, knownDevice } = request
    const attempt = await this.#guard.begin({ username, address, knownDevice })
    const account = await this.#accounts.get(username)
    const valid = await verifyPassword(password, account?.passwordHash ?? null)
    if (!account || !valid) throw new UnauthorizedError(LOGIN_FAILED)
    await attempt.succeeded()
    if (account.disabled) throw new UnauthorizedError(ACCOUNT_DISABLED)
    return hasSecondFactor(account) ? { account, secondStep: secondFactorsOf(account) } : { account, secondStep: null }
  }
}

/** The factors the second step may ask for, in the order the sign-in page offers them. */
export function secondFactorsOf(account: AdminAccount): SecondFactorKind[] {
  const kinds: SecondFactorKind[] = []
  if (account.totp) kinds.push('totp')
  if (account.passkeys.length > 0) kinds.push('passkey')
  return kinds
}
