/** `POST /api/auth/login/code`: an authenticator app's 6 digits, or one of the recovery codes. */
export interface SecondStepCode {
  code: string
}

/** `GET /api/admin/account/totp`: whether the person's authenticator app is on. */
export interface TotpStatus {
  enabled: boolean
  /** When it was turned on (ISO), null when off. */
  addedAt: string | null
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number
}

/**
 * `POST /api/admin/account/totp/setup`: a new secret, kept in the session until a code from the
 * app confirms it. `qrCode` is an image (an SVG data URL) of `uri`; `secret` is the same key to type.
 */
export interface TotpSetup {
  secret: string
  uri: string
  qrCode: string
}

/** Recovery codes, shown once (after a confirmed setup, or asked for anew). */
export interface RecoveryCodes {
  recoveryCodes: string[]
}

/**
 * What proves it is still the person before a factor changes (turning the app off, new recovery
 * codes): their password, or a current code.
 */
export interface IdentityProof {
  password?: string
  code?: string
}

/** `GET`/`PUT /api/admin/settings/security` (admins): the team's sign-in rules. */
export interface SecuritySettingsWire {
  /** Everyone must add a second factor (an authenticator app or a passkey) before anything else. */
  requireSecondFactor: boolean
}

/** The 401 of `POST /api/auth/login/code` when no password step waits (none, or over 5 minutes ago). */
export const SECOND_STEP_EXPIRED = 'The sign-in expired: enter your username and password again'
