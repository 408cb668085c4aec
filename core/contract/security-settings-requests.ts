/** What the team's sign-in rules take (`PUT /api/admin/settings/security`, admins). */
import { z } from 'zod'
import { bodyFields } from './request-parts.ts'

/** Whether everyone must add a second factor (an authenticator app or a passkey) before anything else. */
export const securitySettingsBodySchema = bodyFields({
  requireSecondFactor: z.boolean('requireSecondFactor must be true or false'),
})
export type SecuritySettingsBody = z.infer<typeof securitySettingsBodySchema>
