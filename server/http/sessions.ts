import { createHash, randomBytes } from 'node:crypto'
import type Koa from 'koa'
import type { Context, Middleware } from 'koa'
import session from 'koa-session'
import type { Role } from '../../core/contract/index.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import type { SessionData, SessionStore } from '../accounts/session-store.ts'
import type { GitAuthor } from '../git/content-repository.ts'
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts'

/** Over plain HTTP (development); over HTTPS the cookie carries the `__Host-` prefix. */
export const SESSION_COOKIE = 'watchio.sid'
export const SECURE_SESSION_COOKIE = '__Host-watchio.sid'

/**
 * koa-session with the server-side store: the cookie holds only a random 256-bit id, signed
 * with the app's keys, HttpOnly, SameSite=Strict, Path=/, and when the request came over
 * HTTPS (directly, or through a TLS proxy with TRUST_PROXY) Secure with the `__Host-` prefix,
 * which also forbids a Domain attribute. It is a browser-session cookie: the store decides
 * expiry (2 h idle, 12 h in all).
 */
export function sessionMiddleware(app: Koa, store: SessionStore): Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      store: {
        get: (id: string) => store.get(id),
        set: (id: string, data: SessionData) => store.set(id, data),
        destroy: (id: string) => store.destroy(id),
      },
      maxAge: 'session',
      genid: () => randomBytes(32).toString('base64url'),
      externalKey: {
        get: (ctx: Context) => sessionIdOf(ctx) ?? '',
        set: (ctx: Context, id: string) => ctx.cookies.set(cookieName(ctx), id, cookieOptions(ctx)),
      },
      httpOnly: true,
      signed: true,
      sameSite: 'strict',
      rolling: false,
      renew: false,
    },
    app,
  ) as Middleware
}

/** How long the password may wait for its second step (a code or a passkey). */
export const SECOND_STEP_MS = 5 * 60 * 1000

/**
 * The signed-in person, or null (no session, expired, halfway through a two-step sign-in,
 * account removed or disabled, password or factors changed since).
 */
export async function currentAdmin(ctx: Context, accounts: AccountStore): Promise<AdminAccount | null> {
  const data = ctx.session as Partial<SessionData> | null
  if (!data || typeof data.username !== 'string' || data.secondStepSince !== undefined) return null
  const account = await accounts.get(data.username)
  if (!account || account.disabled || credentialOf(account) !== data.credential) {
    endSession(ctx)
    return null
  }
  return account
}

/** How recent a sign-in must be to add a way in (a passkey, an authenticator app, a first password). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000

/** Starts a session for `account` under a new id (a session id known before sign-in is worthless after). */
export async function startSession(ctx: Context, account: AdminAccount, now = Date.now()): Promise<void> {
  const data: SessionData = { username: account.username, credential: credentialOf(account), device: deviceOf(ctx), signedInAt: now }
  ctx.session = data
  await ctx.session!.regenerate()
}

/**
 * The same person's session again under a new id, after their password or factors changed (the
 * old credential ends their other sessions). It keeps when they signed in: a change is no sign-in,
 * so it cannot make a session fresh enough for the next one (requireFreshSignIn).
 */
export async function restartSession(ctx: Context, account: AdminAccount): Promise<void> {
  const signedInAt = (ctx.session as Partial<SessionData> | null)?.signedInAt
  const data: SessionData = { username: account.username, credential: credentialOf(account), device: deviceOf(ctx), signedInAt: typeof signedInAt === 'number' ? signedInAt : 0 }
  ctx.session = data
  await ctx.session!.regenerate()
}

/**
 * Adding a way in (a passkey, an authenticator app) asks for a sign-in of the last 10 minutes,
 * as GitHub's sudo mode does: a session left open or stolen must not give its holder a lasting
 * way into the account, nor lock its owner out behind a factor they do not have.
 */
export function requireFreshSignIn(ctx: Context, what: string, now = Date.now()): void {
  const signedInAt = (ctx.session as Partial<SessionData> | null)?.signedInAt
  if (typeof signedInAt !== 'number' || now - signedInAt > FRESH_SIGN_IN_MS) {
    throw new ForbiddenError(`To ${what}, sign out and sign in again, then do it within 10 minutes`)
  }
}

/**
 * The password was right and the account has a second factor: the session remembers whose
 * password it was (for a few minutes), and signs nobody in until the second step finishes it.
 */
export async function startSecondStep(ctx: Context, account: AdminAccount, now = Date.now()): Promise<void> {
  const data: SessionData = { username: account.username, credential: credentialOf(account), secondStepSince: now }
  ctx.session = data
  await ctx.session!.regenerate()
}

/** The account waiting for its second step in this session, or null (none, expired, changed since). */
export async function secondStepAccount(ctx: Context, accounts: AccountStore, now = Date.now()): Promise<AdminAccount | null> {
  const data = ctx.session as Partial<SessionData> | null
  const since = data?.secondStepSince
  if (!data || typeof data.username !== 'string' || typeof since !== 'number') return null
  if (now - since > SECOND_STEP_MS) return null
  const account = await accounts.get(data.username)
  if (!account || account.disabled || credentialOf(account) !== data.credential) return null
  return account
}

/** The id this request's session cookie carries (signature checked), or undefined. */
export function sessionIdOf(ctx: Context): string | undefined {
  return ctx.cookies.get(cookieName(ctx), { signed: true }) || undefined
}

/** Ends the session on the server and clears the cookie. */
export function endSession(ctx: Context): void {
  ctx.session = null
  ctx.cookies.set(cookieName(ctx), '', { ...cookieOptions(ctx), expires: new Date(0) })
}

/**
 * Which password and factors a session was opened with, without keeping the hash itself in the
 * session: changing either ends the sessions opened before (the one that changed it starts again).
 */
export function credentialOf(account: AdminAccount): string {
  const hash = createHash('sha256').update(account.passwordHash ?? '').update('\0').update(account.factorsChangedAt)
  return hash.digest('base64url').slice(0, 22)
}

/** A short description of the browser, for the person's list of sessions. */
function deviceOf(ctx: Context): string {
  return ctx.get('user-agent').slice(0, 300)
}

function cookieName(ctx: Context): string {
  return ctx.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

function cookieOptions(ctx: Context) {
  return { signed: true, httpOnly: true, sameSite: 'strict' as const, path: '/', secure: ctx.secure, overwrite: true }
}

/**
 * Lets only a signed-in person through, with `ctx.state.account` (who, and their role) and
 * `ctx.state.author` (who the commits are by). Runs before anything reads the request's body:
 * without a session, an upload is never read. The signed-in area's gate (app.ts) and each admin
 * route (api-router.ts) both ask: the account found once for a request is the one both see, so
 * the accounts file is looked at once a request, not once for each.
 */
export function requireSignIn(accounts: AccountStore): Middleware {
  return async (ctx, next) => {
    const account = (ctx.state.account as AdminAccount | undefined) ?? (await currentAdmin(ctx, accounts))
    if (!account) throw new UnauthorizedError('Sign in first')
    ctx.state.account = account
    ctx.state.author = { name: account.displayName, email: account.email } satisfies GitAuthor
    return next()
  }
}

/** After requireSignIn: only these roles go on; anyone else is told, 403, what they lack. */
export function requireRole(...roles: Role[]): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account as AdminAccount | undefined
    if (!account) throw new UnauthorizedError('Sign in first')
    if (!roles.includes(account.role)) throw new ForbiddenError(`Only ${roleWords(roles)} may do this`)
    return next()
  }
}

/** After requireSignIn: who asks, for a service whose rule depends on what they ask about (a post's owner). */
export function actorOf(ctx: Context): { username: string; role: Role } {
  const account = ctx.state.account as AdminAccount | undefined
  if (!account) throw new UnauthorizedError('Sign in first')
  return { username: account.username, role: account.role }
}

function roleWords(roles: Role[]): string {
  const plural = roles.map((role) => `${role}s`)
  return plural.length === 1 ? plural[0]! : `${plural.slice(0, -1).join(', ')} and ${plural.at(-1)}`
}
