import { createHash } from 'node:crypto'
import type { AccountStore, AdminAccount } from '../../accounts/account-store.ts'
import type { SessionData } from '../../accounts/session-store.ts'
import { ForbiddenError } from '../../lib/errors.ts'

/**
 * What a sign-in records in its session, and what a session is worth on a later request. The
 * session holds who signed in, a fingerprint of the password and factors they signed in with
 * (`credential`: changing either ends the sessions opened before), the browser, and when. The
 * HTTP layer stores it (koa-session, a new id each time) and hands it back here to be judged.
 */

/** How long the password may wait for its second step (a code or a passkey). */
export const SECOND_STEP_MS = 5 * 60 * 1000

/** How recent a sign-in must be to add a way in (a passkey, an authenticator app, a first password). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000

/** The user agent kept for the person's list of sessions, at most this long. */
const MAX_DEVICE_LENGTH = 300

/** One value a session keeps between two requests (a ceremony's challenge, a setup's key), however it is stored. */
export interface SessionSlot {
  get(): unknown
  set(value: unknown): void
  delete(): void
}

/**
 * Which password and factors a session was opened with, without keeping the hash itself in the
 * session: changing either ends the sessions opened before (the one that changed it starts again).
 */
export function credentialOf(account: AdminAccount): string {
  const hash = createHash('sha256').update(account.passwordHash ?? '').update('\0').update(account.factorsChangedAt)
  return hash.digest('base64url').slice(0, 22)
}

/** A finished sign-in, at `now`, from the browser `userAgent` describes. */
export function signedInSession(account: AdminAccount, options: { userAgent: string; now: number }): SessionData {
  return { username: account.username, credential: credentialOf(account), device: options.userAgent.slice(0, MAX_DEVICE_LENGTH), signedInAt: options.now }
}

/**
 * The password was right and the account has a second factor: the session remembers whose
 * password it was (for a few minutes), and signs nobody in until the second step finishes it.
 */
export function secondStepSession(account: AdminAccount, now: number): SessionData {
  return { username: account.username, credential: credentialOf(account), secondStepSince: now }
}

/**
 * The same person's session again, after their password or factors changed (the old credential
 * ends their other sessions). It keeps when they signed in: a change is no sign-in, so it cannot
 * make a session fresh enough for the next one (requireFreshSignIn).
 */
export function restartedSession(account: AdminAccount, options: { previous: Partial<SessionData> | null; userAgent: string }): SessionData {
  const signedInAt = options.previous?.signedInAt
  return {
    username: account.username,
    credential: credentialOf(account),
    device: options.userAgent.slice(0, MAX_DEVICE_LENGTH),
    signedInAt: typeof signedInAt === 'number' ? signedInAt : 0,
  }
}

/**
 * The person a session signs in, or null: none (no session, or one halfway through a two-step
 * sign-in), or `stale` when it can no longer (account removed or disabled, password or factors
 * changed since) and ends.
 */
export async function sessionAccount(data: Partial<SessionData> | null, accounts: AccountStore): Promise<{ account: AdminAccount } | { account: null; stale: boolean }> {
  if (!data || typeof data.username !== 'string' || data.secondStepSince !== undefined) return { account: null, stale: false }
  const account = await accounts.get(data.username)
  return sessionStillFor(account, data.credential) ? { account } : { account: null, stale: true }
}

/** The account waiting for its second step in this session, or null (none, expired, changed since). */
export async function secondStepAccount(data: Partial<SessionData> | null, accounts: AccountStore, now: number): Promise<AdminAccount | null> {
  const since = data?.secondStepSince
  if (!data || typeof data.username !== 'string' || typeof since !== 'number') return null
  if (now - since > SECOND_STEP_MS) return null
  const account = await accounts.get(data.username)
  return sessionStillFor(account, data.credential) ? account : null
}

/** Whether a session opened with `credential` still stands for `account`: there, enabled, its password and factors unchanged. */
function sessionStillFor(account: AdminAccount | null | undefined, credential: unknown): account is AdminAccount {
  return !!account && !account.disabled && credentialOf(account) === credential
}

/**
 * Adding a way in (a passkey, an authenticator app) asks for a sign-in of the last 10 minutes,
 * as GitHub's sudo mode does: a session left open or stolen must not give its holder a lasting
 * way into the account, nor lock its owner out behind a factor they do not have.
 */
export function requireFreshSignIn(signedInAt: unknown, what: string, now: number): void {
  if (typeof signedInAt !== 'number' || now - signedInAt > FRESH_SIGN_IN_MS) {
    throw new ForbiddenError(`To ${what}, sign out and sign in again, then do it within 10 minutes`)
  }
}
