import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import type { AdminUser, PasskeySummary } from '../../core/contract/index.ts'
import { HttpError } from '../../renderer/fetch-json.ts'
import { adminApi } from './api/api-client.ts'

/**
 * The browser's side of passkeys: the server's options handed to the browser's WebAuthn prompt
 * (through @simplewebauthn/browser), and its answer sent back. The login page and the account
 * page both use these, and say a refusal in the words of `passkeyProblem`.
 */
export async function registerPasskey(name: string): Promise<PasskeySummary[]> {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnavailable()
  const optionsJSON = await adminApi.passkeyRegistrationOptions()
  const response = await startRegistration({ optionsJSON })
  return adminApi.addPasskey({ name, response })
}

/** Accepts an invitation with a new passkey instead of a password: the account is made with it, signed in. */
export async function joinWithPasskey(invitee: { token: string; username: string; email: string }): Promise<AdminUser> {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnavailable()
  const optionsJSON = await adminApi.invitationPasskeyOptions({ token: invitee.token, username: invitee.username })
  const response = await startRegistration({ optionsJSON })
  return adminApi.acceptInvitation({ ...invitee, passkey: { name: 'Passkey 1', response } })
}

/** Signs in with a passkey: alone (the browser offers the site's passkeys), or as the second step after the password. */
export async function signInWithPasskey(): Promise<AdminUser> {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnavailable()
  const optionsJSON = await adminApi.passkeySignInOptions()
  const response = await startAuthentication({ optionsJSON })
  return adminApi.passkeySignIn({ response })
}

class PasskeyUnavailable extends Error {}

/** What went wrong, in words a person can act on. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof PasskeyUnavailable) return 'This browser cannot use passkeys. Try another browser, or sign in with your password.'
  if (error instanceof HttpError) {
    if (error.status === 429) return error.message.replace(/^429: /, '')
    return error.message.replace(/^\d{3}: /, '')
  }
  const code = error instanceof WebAuthnError ? error.code : ''
  const name = error instanceof Error ? ((error.cause as Error | undefined)?.name ?? error.name) : ''
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.'
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return 'Passkeys work only at the site\'s own address (SITE_URL, or localhost on this computer).'
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey request was cancelled or timed out. Nothing changed; try again when you are ready.'
  }
  if (name === 'NotSupportedError') return 'This device has no passkey it can use here.'
  return 'The browser could not use a passkey here. Try again, or use another device.'
}
