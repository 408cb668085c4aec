import type { Context } from 'koa'

/** Over plain HTTP (development); over HTTPS the cookie carries the `__Host-` prefix, as the session's does. */
export const DEVICE_COOKIE = 'watchio.device'
export const SECURE_DEVICE_COOKIE = '__Host-watchio.device'

/** A browser stays known for half a year after its last sign-in. */
const DEVICE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000

/**
 * The "device cookie" of OWASP's brute-force advice: a browser that signed in to an account
 * gets a cookie, signed with the app's keys, naming that account. It opens nothing (it is no
 * session); it only tells the sign-in guard that this browser's owner has the password, so the
 * per-account limit an attacker can exhaust from elsewhere does not lock them out.
 */
export function isKnownDevice(ctx: Context, username: string): boolean {
  const value = ctx.cookies.get(cookieName(ctx), { signed: true })
  return value !== undefined && value === encode(username)
}

export function rememberDevice(ctx: Context, username: string): void {
  ctx.cookies.set(cookieName(ctx), encode(username), {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    maxAge: DEVICE_MAX_AGE_MS,
  })
}

/** A cookie value is a token: the username (lowercase, but any character) as base64url. */
function encode(username: string): string {
  return Buffer.from(username, 'utf8').toString('base64url')
}

function cookieName(ctx: Context): string {
  return ctx.secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE
}
