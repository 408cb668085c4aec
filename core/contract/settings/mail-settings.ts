/**
 * The settings of e-mail delivery (invitations sent to the invitee's address). Optional: without
 * SMTP_URL the admin hands the link over themselves. The URL's password is never shown in a
 * message.
 */
import { z } from 'zod'
import { EVEN_WITH_WRONG_VALUES, maskedUrl, quoted, refuse, rule, setting, urlOf } from './setting.ts'

/** MAIL_FROM when unset: no-reply at the site's own host. */
export function defaultSender(siteUrl: string): string {
  return `Watchio <no-reply@${new URL(siteUrl).hostname}>`
}

export const mailSettingsShape = {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start); unset, no e-mail. */
  SMTP_URL: setting(smtpUrl()),
  /** The sender: `Watchio <no-reply@example.com>` or a bare address; defaultSender(SITE_URL) when unset. */
  MAIL_FROM: setting(
    z.string().superRefine(
      rule(
        (from) => /^(?:[^<>@\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from),
        'must be an address, or a name and an address: Watchio <no-reply@example.com>',
        quoted,
      ),
    ),
  ),
}

const mailSettingsFields = z.object(mailSettingsShape)
export type MailSettings = z.output<typeof mailSettingsFields>

/** The rules between the mail's settings (EVEN_WITH_WRONG_VALUES). */
export function checkMailSettings(settings: MailSettings, ctx: z.RefinementCtx<unknown>) {
  if (settings.SMTP_URL === undefined && settings.MAIL_FROM !== undefined) {
    refuse(ctx, 'MAIL_FROM', 'has no effect without SMTP_URL (set both, or neither)', { shown: null })
  }
}

export const mailSettings = mailSettingsFields.superRefine(checkMailSettings, EVEN_WITH_WRONG_VALUES)

function smtpUrl() {
  return z.string().superRefine((value, ctx) => {
    const refuseValue = (message: string, shown: string | null) => ctx.addIssue({ code: 'custom', message, params: { shown } })
    const url = urlOf(value)
    if (!url) refuseValue('must be a URL such as smtp://user:password@mail.example.com:587', null)
    else if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') refuseValue('must start with smtp:// or smtps://', maskedUrl(url, { user: false }))
    else if (!url.hostname) refuseValue('names no host', maskedUrl(url, { user: false }))
  })
}
