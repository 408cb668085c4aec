import type { IdentityProof } from '../../../core/contract/index.ts'
import type { AdminAccount } from '../../accounts/account-record.ts'
import { verifyPassword } from '../../accounts/password.ts'
import { ForbiddenError, InvalidInputError } from '../../lib/errors.ts'
import { CODE_REFUSED, type CodeDeps, spendCode } from '../sign-in/second-step.ts'

/**
 * Before a factor changes (new recovery codes, the authenticator app turned off): the person's
 * password or a current code, so that a session left open on a shared computer is not enough.
 * Wrong ones count against the sign-in limits as a sign-in's do; a code is spent.
 * @throws InvalidInputError (no proof), ForbiddenError (a wrong one), RateLimitedError
 */
export async function proveIdentity(deps: CodeDeps, request: { account: AdminAccount; proof: IdentityProof | null; address: string }): Promise<void> {
  const { account, proof, address } = request
  if (!proof) throw new InvalidInputError('Your password or a current code is required', 'password')
  if (proof.code !== undefined) {
    if (!(await spendCode(deps, { username: account.username, code: proof.code, address }))) throw new ForbiddenError(CODE_REFUSED)
    return
  }
  // The session's own browser: the account's budget, which a stranger can spend, does not stop it.
  const attempt = await deps.guard.begin({ username: account.username, address, knownDevice: true })
  if (!(await verifyPassword(proof.password ?? '', account.passwordHash))) throw new ForbiddenError('That password is not right')
  await attempt.succeeded()
}
