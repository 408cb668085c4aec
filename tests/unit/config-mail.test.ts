import { describe, expect, it } from 'vitest'
import { mailSettings } from '../../core/contract/settings/index.ts'
import { mailConfigOf } from '../../server/config-mail.ts'
import { readSettings } from '../../server/read-settings.ts'

const SITE = 'https://watchio.example'

function read(env: Record<string, string>) {
  const problems: string[] = []
  // These settings alone, as loadConfig reads them with the others.
  return { config: mailConfigOf(readSettings(mailSettings, env, problems), SITE), problems }
}

describe('SMTP_URL and MAIL_FROM', () => {
  it('are optional: no mail without SMTP_URL', () => {
    expect(read({})).toEqual({ config: null, problems: [] })
  })

  it('take an smtp:// or smtps:// URL, and send from no-reply at the site by default', () => {
    expect(read({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' })).toEqual({
      config: { smtpUrl: 'smtp://user:pass@mail.example.com:587', from: 'Watchio <no-reply@watchio.example>' },
      problems: [],
    })
    expect(read({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'team@watchio.example' }).config?.from).toBe('team@watchio.example')
  })

  it('name what is wrong, never the password', () => {
    expect(read({ SMTP_URL: 'http://user:hunter22@mail.example.com' }).problems).toEqual(['SMTP_URL="http://user:***@mail.example.com/": must start with smtp:// or smtps://'])
    expect(read({ SMTP_URL: 'not a url' }).problems[0]).toMatch(/^SMTP_URL: must be a URL/)
    expect(read({ MAIL_FROM: 'team@watchio.example' }).problems).toEqual(['MAIL_FROM: has no effect without SMTP_URL (set both, or neither)'])
    expect(read({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'nobody' }).problems[0]).toMatch(/^MAIL_FROM="nobody": must be an address/)
  })
})
