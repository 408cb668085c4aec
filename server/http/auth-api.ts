import type Router from '@koa/router'
import type { Context } from 'koa'
import { type AdminUser, API_PREFIX, type SecondStepRequired } from '../../core/contract/index.ts'
import { loginRequestSchema } from '../../core/contract/sign-in-requests.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { UnauthorizedError } from '../lib/errors.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { PasswordSignIn } from '../services/sign-in/password-sign-in.ts'
import type { SecondFactorRequirement } from '../services/sign-in/second-factor-requirement.ts'
import { secondStepSession } from '../services/sign-in/sign-in-session.ts'
import { apiRouter } from './api-router.ts'
import { isKnownDevice, rememberDevice } from './login-device.ts'
import { currentAdmin, endSession, startSession, startSignedInSession } from './sessions.ts'

/** SPEC §7: sign in, who am I, sign out. */
export function authRoutes(deps: { accounts: AccountStore; password: PasswordSignIn; requirement: SecondFactorRequirement; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post('/login', async (ctx) => {
    const request = parseInput(loginRequestSchema, ctx.request.body)
    const { account, secondStep } = await deps.password.signIn({ ...request, address: ctx.ip, knownDevice: isKnownDevice(ctx, request.username) })
    if (secondStep) {
      // The device is remembered once the second step is done too: the password alone must not
      // earn the known device's way past the account's lockout.
      // The SPEC's answer (200, signed in) stays for accounts without a second factor.
      await startSession(ctx, secondStepSession(account, deps.now()))
      ctx.status = 202
      ctx.body = { secondFactor: secondStep } satisfies SecondStepRequired
      return
    }
    await finishSignIn(ctx, account, deps.now())
  })

  router.get('/me', async (ctx) => {
    const account = await currentAdmin(ctx, deps.accounts)
    if (!account) throw new UnauthorizedError('Not signed in')
    // Said only when true: the SPEC's answer for everyone else stays as it was.
    const must = await deps.requirement.mustAdd(account)
    ctx.body = { ...adminUser(account), ...(must ? { mustAddSecondFactor: true } : {}) } satisfies AdminUser
  })

  router.post('/logout', (ctx) => {
    endSession(ctx)
    ctx.status = 204
  })

  return router
}

/**
 * The end of every way in (a password alone, its second step, a passkey): this browser is a
 * known device for the person from now on, the session starts under a new id, and the answer
 * is the person, as the SPEC's login answers.
 */
export async function finishSignIn(ctx: Context, account: AdminAccount, now: number): Promise<void> {
  rememberDevice(ctx, account.username)
  await startSignedInSession(ctx, account, now)
  ctx.body = adminUser(account) satisfies AdminUser
}

/** What the admin UI is told of the signed-in person. */
export function adminUser(account: AdminAccount): AdminUser {
  return { username: account.username, displayName: account.displayName, role: account.role }
}
