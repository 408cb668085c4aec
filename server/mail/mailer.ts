import type { MailConfig } from '../config-mail.ts'

/** One message, plain text: what the site sends is a few lines and a link. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends a message or throws; the error's message is safe to show an admin (no credentials). */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** An SMTP server that does not answer is given up on quickly: the admin waits for the answer. */
const TIMEOUT_MS = 10_000

/**
 * Mail over SMTP_URL with nodemailer: `smtp://` upgrades with STARTTLS when the server offers
 * it, `smtps://` is TLS from the start. One connection per message (invitations are rare).
 */
export function smtpMailer(config: MailConfig): Mailer {
  const credentials = credentialsOf(config.smtpUrl)
  return {
    async send(message) {
      try {
        // Loaded at the first message, not at start: requiring nodemailer takes 140 ms (node -e "require('nodemailer')").
        const { default: nodemailer } = await import('nodemailer')
        const transport = nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: TIMEOUT_MS,
          greetingTimeout: TIMEOUT_MS,
          socketTimeout: TIMEOUT_MS,
        })
        await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text })
      } catch (error) {
        throw new Error(`the mail server refused or could not be reached: ${scrub((error as Error).message, credentials)}`)
      }
    },
  }
}

function credentialsOf(smtpUrl: string): string[] {
  const url = new URL(smtpUrl)
  return [url.username, url.password, decodeURIComponent(url.password)].filter((part) => part.length >= 3)
}

/** nodemailer's messages may quote what the server said back; never an admin's SMTP password. */
function scrub(text: string, secrets: string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('…'), text).slice(0, 300)
}
