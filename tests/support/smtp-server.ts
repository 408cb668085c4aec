import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message a test SMTP server received: the envelope and the raw text. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body) as sent. */
  raw: string
  /** The body with quoted-printable soft line breaks and escapes undone. */
  text: string
}

export interface TestSmtpServer {
  port: number
  /** `smtp://user:pass@127.0.0.1:port`, the server's own credentials. */
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, in the test's process:
 * a real socket and a real SMTP dialogue, never a real mail server. It asks for a password
 * (AUTH, over plain text on loopback: no STARTTLS with a self-signed certificate) and keeps
 * what it is sent.
 */
export async function startSmtpServer(credentials = { user: 'site-mailer', pass: 'smtp secret 42' }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const envelope = session.envelope
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((address) => address.address),
          raw,
          text: decodeQuotedPrintable(raw.split(/\r?\n\r?\n/).slice(1).join('\n\n')),
        })
        callback()
      })
    },
  })
  const listening = server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve, reject) => listening.once('listening', resolve).once('error', reject))
  const port = (listening.address() as AddressInfo).port
  return {
    port,
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
