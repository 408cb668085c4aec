import type { Context } from 'koa'
import { PASSKEY_CHALLENGE_MS } from '../services/sign-in/passkeys.ts'

/** What a ceremony under way needs back when the browser answers. */
interface PendingCeremony {
  purpose: 'register' | 'sign-in' | 'invitation'
  challenge: string
  expiresAt: number
  /** A registration's user handle (a new person's first passkey gets a new one). */
  userId?: string
  /** An invitee's registration: the username the passkey was made for. */
  username?: string
}

const SESSION_FIELD = 'passkeyCeremony'

/**
 * Keeps a passkey challenge in the session, on the server (the cookie holds only the session's
 * id): one at a time (a new one replaces the last), good for 5 minutes, used once.
 */
export function keepCeremony(ctx: Context, ceremony: Omit<PendingCeremony, 'expiresAt'>, now = Date.now()): void {
  ctx.session![SESSION_FIELD] = { ...ceremony, expiresAt: now + PASSKEY_CHALLENGE_MS } satisfies PendingCeremony
}

/** The session's challenge for `purpose`, forgotten as it is read; null when none, expired or for the other purpose. */
export function takeCeremony(ctx: Context, purpose: PendingCeremony['purpose'], now = Date.now()): PendingCeremony | null {
  const session = ctx.session as Record<string, unknown> | null
  const pending = session?.[SESSION_FIELD] as PendingCeremony | undefined
  if (!session || !pending) return null
  delete session[SESSION_FIELD]
  if (pending.purpose !== purpose || typeof pending.challenge !== 'string' || !(now < pending.expiresAt)) return null
  return pending
}
