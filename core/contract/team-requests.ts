/**
 * The bodies and parameters of the team's calls, as the server reads them: an admin's (people,
 * invitations, the sign-in rules) and an invitee's (`/api/auth/invitations/…`).
 */
import { z } from 'zod'
import { checkDisplayName, checkEmail, checkUsername, ROLE_RULE } from './account-fields.ts'
import { MAX_PASSWORD_LENGTH } from './account-settings-wire.ts'
import { ROLES } from './account-wire.ts'
import type { RegistrationResponseJSON } from './passkey-wire.ts'
import type { AcceptInvitationRequest, InviteRequest, PersonChange } from './people-wire.ts'
import { anyValue, requestBody, ruledText } from './request-parts.ts'
import type { SecuritySettingsWire } from './two-factor-wire.ts'

const role = z.enum(ROLES, { error: `role ${ROLE_RULE}` })

/** `PATCH /api/admin/people/{username}`: a role, disabled or not, or both. */
export const personChangeSchema = requestBody({
  role: role.optional(),
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
}).refine((change) => change.role !== undefined || change.disabled !== undefined, { error: 'Say what changes: role, disabled or both' }) satisfies z.ZodType<PersonChange>

/** `…/people/{username}` and its sessions: any name; one that names nobody is a 404. */
const usernameParam = z.string({ error: 'A username is required' })
export const personParamsSchema = requestBody({ username: usernameParam })
export const personSessionParamsSchema = requestBody({ username: usernameParam, handle: z.string({ error: 'A session handle is required' }) })

/** `POST /api/admin/people/invitations`: an e-mail address is optional (empty is none). */
export const inviteRequestSchema = requestBody({
  displayName: ruledText('displayName', checkDisplayName, { trim: true }),
  role,
  email: anyValue().transform((value, ctx) => {
    const email = typeof value === 'string' ? value.trim() : value
    if (email === undefined || email === null || email === '') return undefined
    const problem = checkEmail(email)
    if (problem === null) return email as string
    ctx.issues.push({ code: 'custom', message: `email ${problem}`, input: value })
    return z.NEVER
  }),
}) satisfies z.ZodType<InviteRequest>

/** `DELETE /api/admin/people/invitations/{id}`: any id; one that names no invitation is a 404. */
export const invitationParamsSchema = requestBody({ id: z.string({ error: 'An invitation id is required' }) })

/** The token from the link; anything else than text is no token, and answers as an unknown link does. */
const token = anyValue().transform((value) => (typeof value === 'string' ? value : ''))
const username = ruledText('username', checkUsername, { trim: true })
const email = ruledText('email', checkEmail, { trim: true })

/** `POST /api/auth/invitations/lookup`. */
export const invitationLookupSchema = requestBody({ token })

/** `POST /api/auth/invitations/passkey-options`: the username the new passkey is made for. */
export const invitationPasskeyOptionsSchema = requestBody({ token, username })

const acceptWithPassword = requestBody({
  token,
  username,
  email,
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: `password must have at most ${MAX_PASSWORD_LENGTH} characters` }),
})

/** A passkey made while accepting: its answer, and its name ("Passkey 1" when none is given; the name's rules are the passkey's). */
const newPasskey = anyValue().transform((value, ctx) => {
  const passkey = value as { name?: unknown; response?: unknown } | null
  const response = passkey?.response
  if (typeof response !== 'object' || response === null) {
    ctx.issues.push({ code: 'custom', message: 'passkey.response is required', input: value })
    return z.NEVER
  }
  const name = passkey?.name
  return { name: typeof name === 'string' && name.trim() !== '' ? name : 'Passkey 1', response: response as RegistrationResponseJSON }
})

const acceptWithPasskey = requestBody({ token, username, email, passkey: newPasskey })

/**
 * `POST /api/auth/invitations/accept`: with a password, or with a passkey when the body has one
 * (then its password, if any, is not read).
 */
export const acceptInvitationRequestSchema = z.unknown().transform((value, ctx): AcceptInvitationRequest => {
  const withPasskey = (value as { passkey?: unknown } | null)?.passkey !== undefined
  const result = (withPasskey ? acceptWithPasskey : acceptWithPassword).safeParse(value)
  if (result.success) return result.data
  for (const { message, path } of result.error.issues) ctx.issues.push({ code: 'custom', message, path, input: value })
  return z.NEVER
})

/** `PUT /api/admin/settings/security`. */
export const securitySettingsChangeSchema = requestBody({
  requireSecondFactor: z.boolean({ error: 'requireSecondFactor must be true or false' }),
}) satisfies z.ZodType<SecuritySettingsWire>
