import { createHash, randomBytes } from 'node:crypto'
import type Koa from 'koa'
import type { Context, Middleware } from 'koa'
import session from 'koa-session'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import type { SessionData, SessionStore } from '../accounts/session-store.ts'
import type { GitAuthor } from '../git/content-repository.ts'
import { UnauthorizedError } from '../lib/errors.ts'

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
        get: (ctx: Context) => ctx.cookies.get(cookieName(ctx), { signed: true }) ?? '',
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

/** The signed-in admin, or null (no session, expired, account removed or password changed). */
export async function currentAdmin(ctx: Context, accounts: AccountStore): Promise<AdminAccount | null> {
  const data = ctx.session as Partial<SessionData> | null
  if (!data || typeof data.username !== 'string') return null
  const account = await accounts.get(data.username)
  if (!account || credentialOf(account) !== data.credential) {
    endSession(ctx)
    return null
  }
  return account
}

/** Starts a session for `account` under a new id (a session id known before sign-in is worthless after). */
export async function startSession(ctx: Context, account: AdminAccount): Promise<void> {
  const data: SessionData = { username: account.username, credential: credentialOf(account) }
  ctx.session = data
  await ctx.session!.regenerate()
}

/** Ends the session on the server and clears the cookie. */
export function endSession(ctx: Context): void {
  ctx.session = null
  ctx.cookies.set(cookieName(ctx), '', { ...cookieOptions(ctx), expires: new Date(0) })
}

/** Which password a session was opened with, without keeping the hash itself in the session. */
function credentialOf(account: AdminAccount): string {
  return createHash('sha256').update(account.passwordHash).digest('base64url').slice(0, 22)
}

function cookieName(ctx: Context): string {
  return ctx.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

function cookieOptions(ctx: Context) {
  return { signed: true, httpOnly: true, sameSite: 'strict' as const, path: '/', secure: ctx.secure, overwrite: true }
}

/**
 * Lets only a signed-in admin through, with `ctx.state.author` (who the commits are by).
 * Runs before anything reads the request's body: without a session, an upload is never read.
 */
export function requireAdmin(accounts: AccountStore): Middleware {
  return async (ctx, next) => {
    const account = await currentAdmin(ctx, accounts)
    if (!account) throw new UnauthorizedError('Sign in first')
    ctx.state.author = { name: account.displayName, email: account.email } satisfies GitAuthor
    return next()
  }
}
