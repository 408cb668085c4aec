import type { Middleware } from 'koa'
import { API_PREFIX } from '../../core/contract/index.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { ForbiddenError } from '../lib/errors.ts'
import type { SecondFactorRequirement } from '../services/sign-in/second-factor-requirement.ts'
import { isUnderPrefix } from './canonical-path.ts'
import { currentAdmin } from './sessions.ts'

export const SECOND_FACTOR_REQUIRED = 'This site requires a second factor: add an authenticator app or a passkey in Your account (/admin/account) first'

/** Where a person without a second factor may still go while one is required: their own settings. */
const ACCOUNT_PREFIX = `${API_PREFIX.admin}/account`

/**
 * While the site requires a second factor, a signed-in person without one gets 403 from every
 * admin call but their account's, where they add one. Signed-out requests pass on to their 401.
 */
export function requireSecondFactorWhenAsked(deps: { accounts: AccountStore; requirement: SecondFactorRequirement }): Middleware {
  return async (ctx, next) => {
    // In any letter case, as the signed-in area's gate guards it.
    const guarded = isUnderPrefix(ctx.path, API_PREFIX.admin) && !isUnderPrefix(ctx.path, ACCOUNT_PREFIX)
    // The rule first (in memory): while it is off, no request pays for reading the account.
    if (!guarded || !(await deps.requirement.isOn())) return next()
    // The gate before it has found the account already (app.ts).
    const account = (ctx.state.account as AdminAccount | undefined) ?? (await currentAdmin(ctx, deps.accounts))
    if (await deps.requirement.mustAdd(account)) throw new ForbiddenError(SECOND_FACTOR_REQUIRED)
    return next()
  }
}
