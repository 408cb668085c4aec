import { PASSKEY_CHALLENGE_MS } from './passkeys.ts'
import type { SessionSlot } from './sign-in-session.ts'

/** What a ceremony under way needs back when the browser answers. */
export interface PendingCeremony {
  purpose: 'register' | 'sign-in' | 'invitation'
  challenge: string
  expiresAt: number
  /** A registration's user handle (a new person's first passkey gets a new one). */
  userId?: string
  /** An invitee's registration: the username the passkey was made for. */
  username?: string
}

/**
 * Keeps a passkey challenge in its slot (the session, on the server: the cookie holds only the
 * session's id): one at a time (a new one replaces the last), good for 5 minutes.
 */
export function keepCeremony(slot: SessionSlot, ceremony: Omit<PendingCeremony, 'expiresAt'>, now: number): void {
  slot.set({ ...ceremony, expiresAt: now + PASSKEY_CHALLENGE_MS } satisfies PendingCeremony)
}

/**
 * The slot's challenge for `purpose`, forgotten as it is read, whatever it was: a challenge is
 * never tried twice. Null when there is none, it expired, or it was for another purpose.
 */
export function takeCeremony(slot: SessionSlot, purpose: PendingCeremony['purpose'], now: number): PendingCeremony | null {
  const pending = slot.get() as PendingCeremony | undefined
  if (!pending) return null
  slot.delete()
  if (pending.purpose !== purpose || typeof pending.challenge !== 'string' || !(now < pending.expiresAt)) return null
  return pending
}
