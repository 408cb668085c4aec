/**
 * The settings of e-mail delivery (server/mail/: invitations sent to the invitee's address):
 * SMTP_URL and MAIL_FROM, whose rules and default are core/contract/settings/mail-settings.ts's.
 * `loadConfig` reads them with the others. Optional: without SMTP_URL the admin hands the link
 * over themselves.
 */
import { defaultSender, type MailSettings } from '../core/contract/settings/index.ts'

export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string
  /** The sender: `Watchio <no-reply@example.com>` or a bare address. */
  from: string
}


/** The mail's config from its settings, sent from `siteUrl`'s host by default; null without SMTP_URL. */
export function mailConfigOf(settings: MailSettings, siteUrl: string): MailConfig | null {
  if (settings.SMTP_URL === undefined) return null
  return { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM ?? defaultSender(siteUrl) }
}
