/** `POST /api/auth/login`'s body (SPEC §3). */
export interface LoginRequest {
  username: string
  password: string
}

/**
 * What a person may do (checked on the server for every call; the admin UI only mirrors it):
 * an author drafts, an editor publishes, an admin also manages people and settings.
 */
export const ROLES = ['admin', 'editor', 'author'] as const
export type Role = (typeof ROLES)[number]

/** The signed-in person: what `GET /api/auth/me` (and a sign-in) sends of the account. */
export interface AdminUser {
  username: string
  displayName: string
  role: Role
  /**
   * The site asks everyone for a second factor and this person has none yet: until they add
   * one, only their account settings answer.
   */
  mustAddSecondFactor?: boolean
}

/**
 * `POST /api/auth/login`'s answer (202) when the password was right and the account has a second
 * factor: nobody is signed in yet; the second step (a code or a passkey) finishes the sign-in.
 */
export interface SecondStepRequired {
  secondFactor: SecondFactorKind[]
}
export type SecondFactorKind = 'totp' | 'passkey'

/** `GET /api/admin/site`: what the admin UI needs to know of the site. */
export interface SiteInfo {
  /** SITE_TIMEZONE: whose midnight starts a scheduled post's day. */
  timeZone: string
}
