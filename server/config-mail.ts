/**
 * The settings of e-mail delivery (server/mail/: invitations sent to the invitee's address), read
 * and checked with the others by `loadConfig`. Optional: without SMTP_URL the admin hands the
 * link over themselves. The URL's password is never echoed in a problem message.
 */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string
  /** The sender: `Watchio <no-reply@example.com>` or a bare address. */
  from: string
}

type Env = Record<string, string | undefined>

/** Reads SMTP_URL and MAIL_FROM; each problem is pushed to `problems` as `NAME=value: reason`. */
export function readMailConfig(env: Env, problems: string[], siteUrl: string): MailConfig | null {
  const rawUrl = env.SMTP_URL?.trim() || null
  const rawFrom = env.MAIL_FROM?.trim() || null
  if (rawUrl === null) {
    if (rawFrom !== null) problems.push('MAIL_FROM: has no effect without SMTP_URL (set both, or neither)')
    return null
  }
  let url: URL | null = null
  try {
    url = new URL(rawUrl)
  } catch {
    problems.push('SMTP_URL: must be a URL such as smtp://user:password@mail.example.com:587')
  }
  if (url && url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    problems.push(`SMTP_URL=${JSON.stringify(masked(url))}: must start with smtp:// or smtps://`)
  } else if (url && !url.hostname) {
    problems.push(`SMTP_URL=${JSON.stringify(masked(url))}: names no host`)
  }
  const from = rawFrom ?? `Watchio <no-reply@${new URL(siteUrl).hostname}>`
  if (!/^(?:[^<>@\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from)) {
    problems.push(`MAIL_FROM=${JSON.stringify(from)}: must be an address, or a name and an address: Watchio <no-reply@example.com>`)
  }
  return { smtpUrl: rawUrl, from }
}

function masked(url: URL): string {
  const copy = new URL(url.href)
  if (copy.password) copy.password = '***'
  return copy.href
}
