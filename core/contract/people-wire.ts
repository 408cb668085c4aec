import type { RegistrationResponseJSON } from './passkey-wire.ts'
import type { Role } from './account-wire.ts'

/** One person of the team, as the People page lists them (`GET /api/admin/people`). */
export interface PersonWire {
  username: string
  displayName: string
  email: string
  role: Role
  disabled: boolean
  /** An authenticator app or a passkey. */
  hasSecondFactor: boolean
  createdAt: string
}

/** `PATCH /api/admin/people/{username}`: what changes (either or both). */
export interface PersonChange {
  role?: Role
  disabled?: boolean
}

/** Where an invitation stands: waiting, accepted, past its 7 days, or withdrawn. */
export type InvitationState = 'pending' | 'used' | 'expired' | 'revoked'

/** An invitation as the People page lists it: never its token (only its hash is kept). */
export interface InvitationWire {
  id: string
  displayName: string
  email: string | null
  role: Role
  /** The display name of the admin who invited. */
  invitedBy: string
  createdAt: string
  expiresAt: string
  state: InvitationState
  /** The username the invitee chose, once used. */
  usedBy: string | null
}

/** `POST /api/admin/people/invitations`. */
export interface InviteRequest {
  displayName: string
  role: Role
  /** Optional: when set and SMTP is configured, the link is e-mailed too. */
  email?: string
}

/** What an invitation's e-mail came to: sent, or why not (in words). */
export type InviteMail = { sent: true } | { sent: false; reason: string }

/** The answer to an invitation: the one-time link, shown once (the token is not kept). */
export interface InviteResult {
  invitation: InvitationWire
  link: string
  mail: InviteMail
}

/** `POST /api/auth/invitations/lookup`: what the invitee is shown before accepting. */
export interface InvitationPreview {
  displayName: string
  email: string | null
  role: Role
  invitedBy: string
  expiresAt: string
}

/** `POST /api/auth/invitations/accept`: the token from the link and the account the invitee chooses. */
export type AcceptInvitationRequest = {
  token: string
  username: string
  email: string
} & ({ password: string } | { passkey: { name: string; response: RegistrationResponseJSON } })

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7
