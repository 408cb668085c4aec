import { randomBytes } from 'node:crypto'
import type Koa from 'koa'
import type { Context, Middleware } from 'koa'
import session from 'koa-session'
import type { Role } from '../../core/contract/index.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import type { SessionData, SessionStore } from '../accounts/session-store.ts'
import type { GitAuthor } from '../git/content-repository.ts'
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts'
import { restartedSession, sessionAccount, type SessionSlot, signedInSession } from '../services/sign-in/sign-in-session.ts'

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

/**
 * The signed-in person, or null (no session, expired, halfway through a two-step sign-in,
 * account removed or disabled, password or factors changed since: then the session ends).
 */
export async function currentAdmin(ctx: Context, accounts: AccountStore): Promise<AdminAccount | null> {
  const found = await sessionAccount(sessionDataOf(ctx), accounts)
  if (found.account) return found.account
  if (found.stale) endSession(ctx)
  return null
}

/** What this request's session holds (null without one). */
export function sessionDataOf(ctx: Context): Partial<SessionData> | null {
  return ctx.session as Partial<SessionData> | null
}

/** When this session's person signed in (ms), for the rules that ask for a recent sign-in. */
export function signedInAtOf(ctx: Context): unknown {
  return sessionDataOf(ctx)?.signedInAt
}

/** Where a passkey ceremony's challenge waits for the browser's answer (passkey-ceremony.ts). */
export const PASSKEY_CEREMONY = 'passkeyCeremony'

/** One value the session keeps between two requests, under `name` (on the server: the cookie holds only the id). */
export function sessionSlot(ctx: Context, name: string): SessionSlot {
  return {
    get: () => (ctx.session as Record<string, unknown> | null)?.[name],
    set: (value) => {
      ctx.session![name] = value
    },
    delete: () => {
      const data = ctx.session as Record<string, unknown> | null
      if (data) delete data[name]
    },
  }
}

/** Starts `data`'s session under a new id (a session id known before a sign-in is worthless after). */
export async function startSession(ctx: Context, data: SessionData): Promise<void> {
  ctx.session = data
  await ctx.session!.regenerate()
}

/** A finished sign-in's session for `account`, from this browser. */
export function startSignedInSession(ctx: Context, account: AdminAccount, now: number): Promise<void> {
  return startSession(ctx, signedInSession(account, { userAgent: ctx.get('user-agent'), now }))
}

/** The same person's session again under a new id, after their password or factors changed (sign-in-session.ts). */
export function restartSession(ctx: Context, account: AdminAccount): Promise<void> {
  return startSession(ctx, restartedSession(account, { previous: sessionDataOf(ctx), userAgent: ctx.get('user-agent') }))
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
