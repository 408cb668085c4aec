import { SECOND_STEP_EXPIRED } from '../../../core/contract/index.ts'
import type { AccountStore, AdminAccount } from '../../accounts/account-store.ts'
import { useSecondFactorCode } from '../../accounts/second-factor-codes.ts'
import type { SessionData } from '../../accounts/session-store.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import type { LoginGuard } from './login-guard.ts'
import { secondStepAccount } from './sign-in-session.ts'

/** Said for a wrong code and a used one alike. */
export const CODE_REFUSED = 'That code is not right, or was used already'

export interface CodeDeps {
  accounts: AccountStore
  guard: LoginGuard
  /** The clock of the codes (an authenticator's code is good for its 30 seconds, and one on either side). */
  now: () => number
}

/**
 * Checks and spends a code of `username`'s (an authenticator app's or a recovery code), counted
 * by the sign-in guard before it is checked: guesses sent at once get no more checks than one
 * after another. A right code forgets the account's code failures. False when it is wrong or was
 * used already: each code works once.
 */
export async function spendCode(deps: CodeDeps, attempt: { username: string; code: string; address: string }): Promise<boolean> {
  const counted = await deps.guard.beginCode({ username: attempt.username, address: attempt.address })
  if (!(await useSecondFactorCode(deps.accounts, attempt.username, attempt.code, deps.now()))) return false
  await counted.succeeded()
  return true
}

/**
 * The sign-in's second step with a code: after the password answered that a second factor is
 * needed, the authenticator app's code or a recovery code finishes it, within 5 minutes of the
 * password (SECOND_STEP_MS).
 */
export class SecondStep {
  readonly #deps: CodeDeps

  constructor(deps: CodeDeps) {
    this.#deps = deps
  }

  /**
   * The person whose password `session` waits with, once `code` is right.
   * @throws UnauthorizedError (SECOND_STEP_EXPIRED, CODE_REFUSED), RateLimitedError
   */
  async finishWithCode(attempt: { session: Partial<SessionData> | null; code: string; address: string }): Promise<AdminAccount> {
    const account = await secondStepAccount(attempt.session, this.#deps.accounts, this.#deps.now())
    if (!account) throw new UnauthorizedError(SECOND_STEP_EXPIRED)
    if (!(await spendCode(this.#deps, { username: account.username, code: attempt.code, address: attempt.address }))) throw new UnauthorizedError(CODE_REFUSED)
    return account
  }
}
