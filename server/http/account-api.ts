import type Router from '@koa/router'
import type { Context } from 'koa'
import {
  type AccountProfile,
  API_PATHS,
  type SessionsEnded,
} from '../../core/contract/index.ts'
import { type AdminAccount, checkDisplayName, checkEmail } from '../accounts/account-record.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../accounts/password.ts'
import { newPasswordProblem } from '../accounts/password-policy.ts'
import type { SessionStore } from '../accounts/session-store.ts'
import { InvalidInputError, NotFoundError } from '../lib/errors.ts'
import type { LoginGuard } from '../services/sign-in/login-guard.ts'
import { apiRouter } from './api-router.ts'
import { isKnownDevice } from './login-device.ts'
import { sessionsWire } from './sessions-wire.ts'
import { credentialOf, endSession, requireFreshSignIn, requireSignIn, restartSession, sessionIdOf } from './sessions.ts'
import { fieldsOf } from '../lib/request-fields.ts'

export interface AccountRoutesDeps {
  accounts: AccountStore
  sessions: SessionStore
  /** Counts a wrong current password as a failed sign-in. */
  guard: LoginGuard
}

/**
 * The signed-in person's own account, for every role: their name and e-mail (the author of their
 * commits), their password, and their sessions (list, end one, end all others).
 */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  // Its middleware runs only for its own routes.
  const router = apiRouter({ prefix: API_PATHS.account, checks: [requireSignIn(deps.accounts)] })

  router.get('/', (ctx) => {
    ctx.body = profileOf(ctx.state.account as AdminAccount)
  })

  router.put('/', async (ctx) => {
    const change = readProfile(ctx.request.body)
    const me = ctx.state.account as AdminAccount
    const saved = await deps.accounts.update(me.username, (account) => ({ ...account, ...change }))
    ctx.body = profileOf(saved)
  })

  router.post('/password', async (ctx) => {
    const me = ctx.state.account as AdminAccount
    const { currentPassword, newPassword } = readPasswordChange(ctx.request.body)
    const problem = await newPasswordProblem(newPassword, me)
    if (problem) throw new InvalidInputError(`newPassword ${problem}`, 'newPassword')
    await proveItIsThem(ctx, deps, me, currentPassword)
    const passwordHash = await hashPassword(newPassword)
    const saved = await deps.accounts.update(me.username, (account) => ({ ...account, passwordHash, passwordChangedAt: new Date().toISOString() }))
    // Every other session ends now (their credential no longer matches anyway); this one starts again under a new id.
    const ended = deps.sessions.destroyOthers(me.username, sessionIdOf(ctx) ?? '')
    await restartSession(ctx, saved)
    ctx.body = { ended } satisfies SessionsEnded
  })

  router.get('/sessions', (ctx) => {
    const me = ctx.state.account as AdminAccount
    ctx.body = sessionsWire(deps.sessions.listFor(me.username, { currentId: sessionIdOf(ctx), credential: credentialOf(me) }))
  })

  router.post('/sessions/end-others', (ctx) => {
    const me = ctx.state.account as AdminAccount
    ctx.body = { ended: deps.sessions.destroyOthers(me.username, sessionIdOf(ctx) ?? '') } satisfies SessionsEnded
  })

  router.delete('/sessions/:handle', (ctx) => {
    const me = ctx.state.account as AdminAccount
    const current = deps.sessions.listFor(me.username, { currentId: sessionIdOf(ctx) }).find((session) => session.current)
    if (!deps.sessions.destroyByHandle(me.username, ctx.params.handle!)) throw new NotFoundError('No such session (it may have ended already)')
    // Ending this very session is signing out.
    if (current?.handle === ctx.params.handle) endSession(ctx)
    ctx.status = 204
  })

  return router
}

function profileOf(account: AdminAccount): AccountProfile {
  const { username, displayName, email, role } = account
  return { username, displayName, email, role, hasPassword: account.passwordHash !== null }
}

/** The current password, counted by the sign-in guard when wrong; or, for a person with none, a fresh sign-in. */
async function proveItIsThem(ctx: Context, deps: AccountRoutesDeps, me: AdminAccount, currentPassword: string | undefined): Promise<void> {
  if (me.passwordHash === null) return requireFreshSignIn(ctx, 'set a password')
  if (currentPassword === undefined) throw new InvalidInputError('currentPassword is required', 'currentPassword')
  // Counted before the slow hash, as a sign-in is: a session cannot be used to guess the password faster than the login form.
  const attempt = await deps.guard.begin({ username: me.username, address: ctx.ip, knownDevice: isKnownDevice(ctx, me.username) })
  if (!(await verifyPassword(currentPassword, me.passwordHash))) {
    throw new InvalidInputError('currentPassword is wrong', 'currentPassword')
  }
  await attempt.succeeded()
}

function readProfile(body: unknown): Pick<AdminAccount, 'displayName' | 'email'> {
  const fields = fieldsOf(body)
  const displayName = typeof fields.displayName === 'string' ? fields.displayName.trim() : fields.displayName
  const email = typeof fields.email === 'string' ? fields.email.trim() : fields.email
  const nameProblem = checkDisplayName(displayName)
  if (nameProblem) throw new InvalidInputError(`displayName ${nameProblem}`, 'displayName')
  const emailProblem = checkEmail(email)
  if (emailProblem) throw new InvalidInputError(`email ${emailProblem}`, 'email')
  return { displayName: displayName as string, email: email as string }
}

function readPasswordChange(body: unknown): { currentPassword?: string; newPassword: string } {
  const { currentPassword, newPassword } = fieldsOf(body)
  if (typeof newPassword !== 'string' || newPassword === '') throw new InvalidInputError('newPassword is required', 'newPassword')
  if (currentPassword !== undefined && currentPassword !== null && typeof currentPassword !== 'string') {
    throw new InvalidInputError('currentPassword must be a string', 'currentPassword')
  }
  if (typeof currentPassword === 'string' && currentPassword.length > MAX_PASSWORD_LENGTH) {
    throw new InvalidInputError('currentPassword is wrong', 'currentPassword')
  }
  return { currentPassword: typeof currentPassword === 'string' && currentPassword !== '' ? currentPassword : undefined, newPassword }
}

