import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvitationWire, InviteResult } from '../../core/contract/index.ts'
import { freePort } from '../support/nginx.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts'
import { TEST_ADMIN, TEST_SITE_URL } from '../support/temp-site.ts'

let smtp: TestSmtpServer
let running: SignedInServer

beforeAll(async () => {
  smtp = await startSmtpServer()
  running = await signedInServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Watchio team <team@watchio.example>' } })
})

afterAll(async () => {
  await running?.close()
  await smtp?.close()
})

const INVITATIONS = '/api/admin/people/invitations'

async function invite(email: string): Promise<InviteResult> {
  const answer = await running.api.asBrowser().json<InviteResult>('POST', INVITATIONS, { displayName: 'Ann Author', role: 'editor', email })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

describe('invitations by e-mail (SMTP_URL, a real SMTP server on loopback)', () => {
  it('sends the link to the invitee, from MAIL_FROM, signed in to the SMTP server', async () => {
    const result = await invite('ann@example.com')
    expect(result.mail).toEqual({ sent: true })
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['ann@example.com'])
    expect(mail.from).toBe('team@watchio.example')
    expect(mail.raw).toMatch(/^From: Watchio team <team@watchio\.example>\r?$/m)
    expect(mail.raw).toMatch(new RegExp(`^Subject: ${TEST_ADMIN.displayName} invites you to the watchio\\.example admin\\r?$`, 'm'))
    expect(mail.text).toContain('Hello Ann Author,')
    expect(mail.text).toContain('as an editor')
    expect(mail.text).toContain(result.link)
    expect(result.link).toMatch(new RegExp(`^${TEST_SITE_URL}/admin/invite#`))
    expect(mail.text).toContain('works once, for 7 days')
  })

  it('keeps the invitation when the mail fails, and says why in words without the SMTP password', async () => {
    const wrongPassword = smtp.url.replace(encodeURIComponent('smtp secret 42'), 'not-the-password')
    await running.restart({ env: { SMTP_URL: wrongPassword } })
    const refused = await invite('bo@example.com')
    expect(refused.mail).toEqual({ sent: false, reason: expect.stringMatching(/^The e-mail could not be sent \(.+\): hand the link over yourself\.$/) })
    expect(JSON.stringify(refused)).not.toContain('not-the-password')

    const nobody = await freePort()
    await running.restart({ env: { SMTP_URL: `smtp://127.0.0.1:${nobody}` } })
    const unreachable = await invite('cy@example.com')
    expect(unreachable.mail).toMatchObject({ sent: false, reason: expect.stringMatching(/could not be sent/) })

    const listed = await running.api.asBrowser().json<InvitationWire[]>('GET', INVITATIONS)
    const pending = listed.body.filter((entry) => entry.state === 'pending').map((entry) => entry.email)
    expect(pending).toEqual(expect.arrayContaining(['bo@example.com', 'cy@example.com']))
    // The link shown is the one that works.
    const token = unreachable.link.split('#')[1]
    const preview = await running.api.json('POST', '/api/auth/invitations/lookup', { token })
    expect(preview.status).toBe(200)
    expect(smtp.received).toHaveLength(1)
  })
})
