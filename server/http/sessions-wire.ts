import type { SessionWire } from '../../core/contract/index.ts'
import type { SessionListing } from '../accounts/session-store.ts'

/** A person's sessions as the wire carries them: times as ISO date-times. */
export function sessionsWire(sessions: SessionListing[]): SessionWire[] {
  return sessions.map(({ handle, device, signedInAt, lastUsedAt, current }) => ({
    handle,
    device,
    signedInAt: new Date(signedInAt).toISOString(),
    lastUsedAt: new Date(lastUsedAt).toISOString(),
    current,
  }))
}
