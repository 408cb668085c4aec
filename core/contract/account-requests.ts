/** The bodies and parameters of a person's own account (`/api/admin/account/…`), as the server reads them. */
import { z } from 'zod'
import { checkDisplayName, checkEmail } from './account-fields.ts'
import { MAX_PASSWORD_LENGTH, type PasswordChange, type ProfileChange } from './account-settings-wire.ts'
import { MAX_PASSKEY_NAME_LENGTH, type PasskeyRegistrationRequest, type PasskeyRenameRequest, type RegistrationResponseJSON } from './passkey-wire.ts'
import { anyValue, requestBody, ruledText } from './request-parts.ts'
import { isPasskeyAnswer, PASSKEY_ANSWER_REQUIRED } from './sign-in-requests.ts'
import type { IdentityProof } from './two-factor-wire.ts'

/** `PUT /api/admin/account`: the name and e-mail, without the spaces around them. */
export const profileChangeSchema = requestBody({
  displayName: ruledText('displayName', checkDisplayName, { trim: true }),
  email: ruledText('email', checkEmail, { trim: true }),
}) satisfies z.ZodType<ProfileChange>

/**
 * `POST /api/admin/account/password`. An empty or missing current password is none (a person
 * without a password sets one with none); one too long to be anyone's is simply wrong.
 */
export const passwordChangeSchema = requestBody({
  newPassword: z.string({ error: 'newPassword is required' }).min(1, { error: 'newPassword is required' }),
  currentPassword: z
    .string({ error: 'currentPassword must be a string' })
    .max(MAX_PASSWORD_LENGTH, { error: 'currentPassword is wrong' })
    .nullish()
    .transform((password) => password || undefined),
}) satisfies z.ZodType<PasswordChange>

/**
 * What proves it is still the person before a factor changes (`…/totp/recovery-codes`,
 * `…/totp/disable`): a code when one is typed, else the password; null when neither is there. It
 * is not refused here: a change that cannot happen anyway (no app to turn off) says so first.
 */
export const identityProofSchema = requestBody({ code: anyValue(), password: anyValue() }).transform(({ code, password }): IdentityProof | null => {
  if (typeof code === 'string' && code.trim() !== '') return { code: code.slice(0, 100) }
  if (typeof password === 'string' && password !== '' && password.length <= MAX_PASSWORD_LENGTH) return { password }
  return null
})

/** A passkey's name as a person gives it: trimmed, 1 to 60 characters, one line. */
const passkeyNameField = anyValue()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''))
  .pipe(
    z
      .string({ error: 'name is required' })
      .min(1, { error: 'name is required' })
      .max(MAX_PASSKEY_NAME_LENGTH, { error: `name must have at most ${MAX_PASSKEY_NAME_LENGTH} characters` })
      // eslint-disable-next-line no-control-regex
      .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'name must be one line of text' }),
  )

/** `POST /api/admin/account/passkeys`: the browser's answer to the options just fetched, and a name. */
export const passkeyRegistrationRequestSchema = requestBody({
  response: z.custom<RegistrationResponseJSON>(isPasskeyAnswer, { error: PASSKEY_ANSWER_REQUIRED }),
  name: passkeyNameField,
}) satisfies z.ZodType<PasskeyRegistrationRequest>

/** `PATCH /api/admin/account/passkeys/{id}`. */
export const passkeyRenameRequestSchema = requestBody({ name: passkeyNameField }) satisfies z.ZodType<PasskeyRenameRequest>

/** `…/account/passkeys/{id}`: any id; one that names no passkey of the person's is a 404. */
export const passkeyParamsSchema = requestBody({ id: z.string({ error: 'A passkey id is required' }) })

/** `…/account/sessions/{handle}`: any handle; one that names no session of the person's is a 404. */
export const sessionParamsSchema = requestBody({ handle: z.string({ error: 'A session handle is required' }) })
