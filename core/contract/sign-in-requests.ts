/** The bodies of signing in (`/api/auth/…`), as the server reads them. */
import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from './account-settings-wire.ts'
import type { LoginRequest } from './account-wire.ts'
import type { AuthenticationResponseJSON, PasskeySignInRequest } from './passkey-wire.ts'
import { requestBody } from './request-parts.ts'
import type { SecondStepCode } from './two-factor-wire.ts'

/** `POST /api/auth/login`. Usernames are lowercase; a long one cannot exist but is still answered like any unknown one. */
export const loginRequestSchema = requestBody({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, { error: 'username is required' })
    .toLowerCase()
    .transform((username) => username.slice(0, 100)),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
}) satisfies z.ZodType<LoginRequest>

/** An authenticator app's code or a recovery code: required; no code is 100 characters long, so a longer one is only a wrong one. */
const codeField = z
  .string({ error: 'code is required' })
  .refine((code) => code.trim() !== '', { error: 'code is required' })
  .transform((code) => code.slice(0, 100))

/** `POST /api/auth/login/code`, and `POST /api/admin/account/totp/confirm` (the code that proves the app has the key). */
export const secondStepCodeSchema = requestBody({ code: codeField }) satisfies z.ZodType<SecondStepCode>

export const PASSKEY_ANSWER_REQUIRED = "response must be the browser's passkey answer"

/** The shape of a browser's WebAuthn answer as the library reads it; what it holds is the library's to check. */
export function isPasskeyAnswer(value: unknown): boolean {
  const answer = value as { id?: unknown; response?: unknown } | null
  return typeof answer === 'object' && answer !== null && typeof answer.id === 'string' && typeof answer.response === 'object' && answer.response !== null
}

/** `POST /api/auth/passkey/verify`: the browser's signature over the challenge it was given. */
export const passkeySignInRequestSchema = requestBody({
  response: z.custom<AuthenticationResponseJSON>((value) => isPasskeyAnswer(value) && (value as { id: string }).id !== '', { error: PASSKEY_ANSWER_REQUIRED }),
}) satisfies z.ZodType<PasskeySignInRequest>
