import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

export type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON }

/** A passkey's name as its owner gives it ("MacBook Touch ID"): one line, at most this long. */
export const MAX_PASSKEY_NAME_LENGTH = 60

/** One of the signed-in person's passkeys, as their account page lists it (no key material). */
export interface PasskeySummary {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/** `POST /api/admin/account/passkeys`: the browser's answer to the options just fetched, and a name for the passkey. */
export interface PasskeyRegistrationRequest {
  name: string
  response: RegistrationResponseJSON
}

/** `PATCH /api/admin/account/passkeys/{id}`. */
export interface PasskeyRenameRequest {
  name: string
}

/** `POST /api/auth/passkey/verify`: the browser's signature over the challenge of `/api/auth/passkey/options`. */
export interface PasskeySignInRequest {
  response: AuthenticationResponseJSON
}
