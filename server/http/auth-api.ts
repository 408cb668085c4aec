import type Router from '@koa/router'
import type { Context } from 'koa'
import { type AdminUser, API_PREFIX, type LoginRequest, type SecondFactorKind, type SecondStepRequired } from '../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../accounts/account-record.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { MAX_PASSWORD_LENGTH, verifyPassword } from '../accounts/password.ts'
import { InvalidInputError, UnauthorizedError } from '../lib/errors.ts'
import type { SecuritySettings } from '../accounts/security-settings.ts'
import type { LoginGuard } from '../services/sign-in/login-guard.ts'
import { apiRouter } from './api-router.ts'
import { isKnownDevice, rememberDevice } from './login-device.ts'
import { mustAddSecondFactor } from './second-factor-required.ts'
import { currentAdmin, endSession, startSecondStep, startSession } from './sessions.ts'
import { fieldsOf } from '../lib/request-fields.ts'

/** Same answer for an unknown username and a wrong password, so neither reveals which. */
const LOGIN_FAILED = 'Invalid username or password'

/** SPEC §7: sign in, who am I, sign out. */
export function authRoutes(deps: { accounts: AccountStore; guard: LoginGuard; settings: SecuritySettings; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post('/login', async (ctx) => {
    const { username, password } = readLogin(ctx.request.body)
    // Counted before the slow hash: guesses sent at once cannot all slip in before the first is counted.
    const attempt = await deps.guard.begin({ username, address: ctx.ip, knownDevice: isKnownDevice(ctx, username) })
    const account = await deps.accounts.get(username)
    // An unknown user still costs one full password check: the answer's timing says nothing.
    const valid = await verifyPassword(password, account?.passwordHash ?? null)
    if (!account || !valid) throw new UnauthorizedError(LOGIN_FAILED)
    await attempt.succeeded()
    if (account.disabled) throw new UnauthorizedError('This account is disabled; ask an admin')
    if (hasSecondFactor(account)) {
      // The device is remembered once the second step is done too: the password alone must not
      // earn the known device's way past the account's lockout.
      // The SPEC's answer (200, signed in) stays for accounts without a second factor.
      await startSecondStep(ctx, account, deps.now())
      ctx.status = 202
      ctx.body = { secondFactor: secondFactorsOf(account) } satisfies SecondStepRequired
      return
    }
    await finishSignIn(ctx, account, deps.now())
  })

  router.get('/me', async (ctx) => {
    const account = await currentAdmin(ctx, deps.accounts)
    if (!account) throw new UnauthorizedError('Not signed in')
    // Said only when true: the SPEC's answer for everyone else stays as it was.
    const must = await mustAddSecondFactor(deps, account)
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
export async function finishSignIn(ctx: Context, account: AdminAccount, now = Date.now()): Promise<void> {
  rememberDevice(ctx, account.username)
  await startSession(ctx, account, now)
  ctx.body = adminUser(account) satisfies AdminUser
}

/** What the admin UI is told of the signed-in person. */
export function adminUser(account: AdminAccount): AdminUser {
  return { username: account.username, displayName: account.displayName, role: account.role }
}

function secondFactorsOf(account: AdminAccount): SecondFactorKind[] {
  const kinds: SecondFactorKind[] = []
  if (account.totp) kinds.push('totp')
  if (account.passkeys.length > 0) kinds.push('passkey')
  return kinds
}

/** Usernames are lowercase; a long one cannot exist but is still answered like any unknown one. */
function readLogin(body: unknown): LoginRequest {
  const fields = fieldsOf(body)
  const { username, password } = fields
  if (typeof username !== 'string' || username.trim() === '') throw new InvalidInputError('username is required', 'username')
  if (typeof password !== 'string' || password === '') throw new InvalidInputError('password is required', 'password')
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new InvalidInputError(`password must be at most ${MAX_PASSWORD_LENGTH} characters`, 'password')
  }
  return { username: username.trim().toLowerCase().slice(0, 100), password }
}
