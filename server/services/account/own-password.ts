import type { PasswordChange } from '../../../core/contract/index.ts'
import type { AdminAccount } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { hashPassword, verifyPassword } from '../../accounts/password.ts'
import { newPasswordProblem } from '../../accounts/password-policy.ts'
import type { SessionStore } from '../../accounts/session-store.ts'
import { InvalidInputError } from '../../lib/errors.ts'
import type { LoginGuard } from '../sign-in/login-guard.ts'
import { requireFreshSignIn } from '../sign-in/sign-in-session.ts'

export interface OwnPasswordDeps {
  accounts: AccountStore
  /** Ends the person's other sessions once the password changed. */
  sessions: Pick<SessionStore, 'destroyOthers'>
  /** Counts a wrong current password as a failed sign-in. */
  guard: LoginGuard
  now: () => number
}

/** Who asks to change their password, from which session. */
export interface PasswordChangeRequest extends PasswordChange {
  account: AdminAccount
  address: string
  /** This browser signed in to the account before (the device cookie). */
  knownDevice: boolean
  /** When this session signed in: a person without a password sets one only from a recent sign-in. */
  signedInAt: unknown
  /** The session that asks: it stays (the caller starts it again under a new id); every other one ends. */
  sessionId: string | undefined
}

/**
 * A person's own password: a new one the policy accepts (password-policy.ts), given with the
 * current one; a person who signs in with a passkey alone sets their first one from a sign-in
 * of the last 10 minutes instead.
 */
export class OwnPassword {
  readonly #deps: OwnPasswordDeps

  constructor(deps: OwnPasswordDeps) {
    this.#deps = deps
  }

  /**
   * The account with its new password, and how many other sessions ended.
   * @throws InvalidInputError (a new password the policy refuses, a current one missing or wrong), ForbiddenError, RateLimitedError
   */
  async change(request: PasswordChangeRequest): Promise<{ account: AdminAccount; ended: number }> {
    const { account, newPassword } = request
    const problem = await newPasswordProblem(newPassword, account)
    if (problem) throw new InvalidInputError(`newPassword ${problem}`, 'newPassword')
    await this.#proveItIsThem(request)
    const passwordHash = await hashPassword(newPassword)
    const passwordChangedAt = new Date(this.#deps.now()).toISOString()
    const saved = await this.#deps.accounts.update(account.username, (current) => ({ ...current, passwordHash, passwordChangedAt }))
    // Their credential no longer matches anyway; ended now, they leave the person's list at once.
    const ended = this.#deps.sessions.destroyOthers(account.username, request.sessionId ?? '')
    return { account: saved, ended }
  }

  /** The current password, counted by the sign-in guard when wrong; or, for a person with none, a fresh sign-in. */
  async #proveItIsThem(request: PasswordChangeRequest): Promise<void> {
    const { account, currentPassword } = request
    if (account.passwordHash === null) return requireFreshSignIn(request.signedInAt, 'set a password', this.#deps.now())
    if (currentPassword === undefined) throw new InvalidInputError('currentPassword is required', 'currentPassword')
    // Counted before the slow hash, as a sign-in is: a session cannot be used to guess the password faster than the login form.
    const attempt = await this.#deps.guard.begin({ username: account.username, address: request.address, knownDevice: request.knownDevice })
    if (!(await verifyPassword(currentPassword, account.passwordHash))) throw new InvalidInputError('currentPassword is wrong', 'currentPassword')
    await attempt.succeeded()
  }
}
