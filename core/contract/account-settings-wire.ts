import type { Role } from './account-wire.ts'

/** `GET /api/admin/account`: the signed-in person's own details (their commits' author). */
export interface AccountProfile {
  username: string
  displayName: string
  email: string
  role: Role
  /** False for a person who signs in with a passkey alone: a password change then asks no current one. */
  hasPassword: boolean
}

/** `PUT /api/admin/account`: the name and e-mail their commits are authored with. */
export interface ProfileChange {
  displayName: string
  email: string
}

/** `POST /api/admin/account/password` (204): `currentPassword` may be absent only for a person with none. */
export interface PasswordChange {
  currentPassword?: string
  newPassword: string
}

/** The limits of a new password, said in the form as the server checks them. */
export const MIN_NEW_PASSWORD_LENGTH = 8
export const RECOMMENDED_PASSWORD_LENGTH = 15
/** Longer input is refused before any hashing: nobody types more, and it bounds the work of each sign-in. */
export const MAX_PASSWORD_LENGTH = 1024

/** One of a person's sessions (`GET /api/admin/account/sessions`, and an admin's `…/people/{username}/sessions`). */
export interface SessionWire {
  /** Names the session to end it; not its cookie. */
  handle: string
  /** "Chrome on macOS", from the browser's user agent at sign-in. */
  device: string
  /** ISO date-times. */
  signedInAt: string
  lastUsedAt: string
  /** The session this list was asked from. */
  current: boolean
}

/** `POST /api/admin/account/sessions/end-others`: how many sessions ended. */
export interface SessionsEnded {
  ended: number
}
