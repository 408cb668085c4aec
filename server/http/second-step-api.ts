import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, SECOND_STEP_EXPIRED } from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { useSecondFactorCode } from '../accounts/second-factor-codes.ts'
import { InvalidInputError, UnauthorizedError } from '../lib/errors.ts'
import type { LoginGuard } from '../services/sign-in/login-guard.ts'
import { apiRouter } from './api-router.ts'
import { finishSignIn } from './auth-api.ts'
import { secondStepAccount } from './sessions.ts'
import { fieldsOf } from '../lib/request-fields.ts'

/**
 * The sign-in's second step with a code: after the password answered 202, the authenticator
 * app's code or a recovery code finishes it. Each code is counted by the sign-in guard before it
 * is checked (guesses sent at once get no more checks than one after another) and works once.
 */
export function secondStepRoutes(deps: { accounts: AccountStore; guard: LoginGuard; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post(API_PATHS.loginCode.slice(API_PREFIX.auth.length), async (ctx) => {
    const code = readCode(ctx.request.body)
    const account = await secondStepAccount(ctx, deps.accounts, deps.now())
    if (!account) throw new UnauthorizedError(SECOND_STEP_EXPIRED)
    const attempt = await deps.guard.beginCode({ username: account.username, address: ctx.ip })
    if (!(await useSecondFactorCode(deps.accounts, account.username, code, deps.now()))) {
      throw new UnauthorizedError('That code is not right, or was used already')
    }
    await attempt.succeeded()
    await finishSignIn(ctx, account, deps.now())
  })

  return router
}

/** A code field (an authenticator's code or a recovery code): required, never longer than 100 characters. */
export function readCode(body: unknown): string {
  const code = fieldsOf(body).code
  if (typeof code !== 'string' || code.trim() === '') throw new InvalidInputError('code is required', 'code')
  // No code is this long; a long one is still only a wrong one.
  return code.slice(0, 100)
}
