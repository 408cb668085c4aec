import { readFile, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvitationWire, InviteResult } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { invitationsFilePath } from '../../server/accounts/invitation-store.ts'
import { MAX_UNKNOWN_INVITATIONS } from '../../server/services/team/invitation-link-budget.ts'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '../../core/contract/index.ts'
import { ApiClient } from '../support/admin-client.ts'
import { SoftAuthenticator } from '../support/soft-authenticator.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN, TEST_SITE_URL } from '../support/temp-site.ts'
import { cheapHash } from '../support/team-accounts.ts'

let running: SignedInServer
let admin: ApiClient

beforeAll(async () => {
  running = await signedInServer()
  admin = running.api.asBrowser()
})

afterAll(() => running?.close())

const INVITATIONS = '/api/admin/people/invitations'
const PASSWORD = 'a long and uncommon passphrase'
const visitor = () => new ApiClient(running.server.url).asBrowser()
const tokenOf = (link: string) => link.split('#')[1]!

async function invite(body: Record<string, unknown> = {}): Promise<InviteResult & { token: string }> {
  const answer = await admin.json<InviteResult>('POST', INVITATIONS, { displayName: 'Ann Author', role: 'author', ...body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return { ...answer.body, token: tokenOf(answer.body.link) }
}

const accept = (token: string, fields: Record<string, unknown> = {}, client = visitor()) =>
  client.json('POST', '/api/auth/invitations/accept', { token, username: 'ann', email: 'ann@example.com', password: PASSWORD, ...fields })

describe('inviting', () => {
  it('gives a one-time link with the token in its fragment, says no mail was sent, and lists it as pending', async () => {
    const result = await invite()
    expect(result.link).toMatch(new RegExp(`^${TEST_SITE_URL}/admin/invite#[A-Za-z0-9_-]{43}$`))
    expect(result.mail).toEqual({ sent: false, reason: expect.stringMatching(/No e-mail address/) })
    expect(result.invitation).toMatchObject({ displayName: 'Ann Author', role: 'author', invitedBy: TEST_ADMIN.displayName, state: 'pending', email: null })
    const withAddress = await invite({ email: 'someone@example.com' })
    expect(withAddress.mail).toEqual({ sent: false, reason: expect.stringMatching(/not set up.*SMTP_URL/) })
    expect(await readFile(invitationsFilePath(running.site.dataDir), 'utf8')).not.toContain(result.token)
    const listed = await admin.json<InvitationWire[]>('GET', INVITATIONS)
    expect(listed.body.find((entry) => entry.id === result.invitation.id)?.state).toBe('pending')
    expect(JSON.stringify(listed.body)).not.toContain(result.token)
  })

  it('refuses a bad invite at its field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ displayName: '' }, /^displayName is required/],
      [{ role: 'owner' }, /^role must be one of admin, editor, author/],
      [{ email: 'not an address' }, /^email must look like/],
    ]
    for (const [body, message] of cases) {
      const answer = await admin.json('POST', INVITATIONS, { displayName: 'Ann', role: 'author', ...body })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatch(message)
    }
  })

  it('is for admins only', async () => {
    expect((await visitor().json('GET', INVITATIONS)).status).toBe(401)
    const hash = cheapHash(PASSWORD)
    await new AccountStore(accountsFilePath(running.site.dataDir)).add({ username: 'eve', displayName: 'Eve', email: 'eve@example.com', passwordHash: hash, role: 'editor' })
    const editor = visitor()
    expect((await editor.login('eve', PASSWORD)).status).toBe(200)
    expect((await editor.json('GET', INVITATIONS)).status).toBe(403)
    expect((await editor.json('POST', INVITATIONS, { displayName: 'X', role: 'admin' })).status).toBe(403)
  })
})

describe('accepting', () => {
  it('shows who invites and as what, then creates the person with that role and signs them in', async () => {
    const { token, invitation } = await invite({ email: 'ann@example.com' })
    const preview = await visitor().json('POST', '/api/auth/invitations/lookup', { token })
    expect(preview.status).toBe(200)
    expect(preview.body).toEqual({ displayName: 'Ann Author', email: 'ann@example.com', role: 'author', invitedBy: TEST_ADMIN.displayName, expiresAt: invitation.expiresAt })

    const client = visitor()
    const accepted = await accept(token, {}, client)
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201)
    expect(accepted.body).toEqual({ username: 'ann', displayName: 'Ann Author', role: 'author' })
    expect((await client.json('GET', '/api/auth/me')).body).toMatchObject({ username: 'ann', role: 'author' })
    const listed = await admin.json<InvitationWire[]>('GET', INVITATIONS)
    expect(listed.body.find((entry) => entry.id === invitation.id)).toMatchObject({ state: 'used', usedBy: 'ann' })
    // The person signs in with what they chose.
    expect((await visitor().login('ann', PASSWORD)).status).toBe(200)

    const again = await accept(token, { username: 'ann2' })
    expect(again.status).toBe(410)
    expect(again.body).toMatch(/already used/)
    expect((await visitor().json('POST', '/api/auth/invitations/lookup', { token })).status).toBe(410)
  })

  it('refuses a weak password or a taken username at its field, and the link still works after', async () => {
    const { token } = await invite({ displayName: 'Bo Writer' })
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ password: 'short' }, /^password must have at least 8 characters \(15 or more is better\)/],
      [{ password: 'password123' }, /^password is one of the most common passwords/],
      [{ password: 'bo writer', username: 'bo' }, /^password must not be your username or name/],
      [{ username: TEST_ADMIN.username }, /^username "editor" is taken/],
      [{ username: 'Bad Name' }, /^username must be/],
      [{ email: 'nope' }, /^email must look like/],
    ]
    for (const [fields, message] of cases) {
      const answer = await accept(token, { username: 'bo', ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body).toMatch(message)
    }
    expect((await accept(token, { username: 'bo' })).status).toBe(201)
  })

  it('answers 404 for an unknown link and 410 for a revoked or expired one, each with its reason', async () => {
    const unknown = await visitor().json('POST', '/api/auth/invitations/lookup', { token: 'A'.repeat(43) })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatch(/not valid/)

    const revoked = await invite({ displayName: 'Cy' })
    const revoke = await admin.json<InvitationWire>('DELETE', `${INVITATIONS}/${revoked.invitation.id}`)
    expect(revoke.status).toBe(200)
    expect(revoke.body.state).toBe('revoked')
    const refused = await accept(revoked.token, { username: 'cy' })
    expect(refused.status).toBe(410)
    expect(refused.body).toMatch(/withdrawn/)

    const expired = await invite({ displayName: 'Di' })
    const file = invitationsFilePath(running.site.dataDir)
    const data = JSON.parse(await readFile(file, 'utf8'))
    for (const entry of data.invitations) if (entry.id === expired.invitation.id) entry.expiresAt = new Date(Date.now() - 1000).toISOString()
    await writeFile(file, JSON.stringify(data))
    const late = await accept(expired.token, { username: 'di' })
    expect(late.status).toBe(410)
    expect(late.body).toMatch(/expired/)
    const listed = await admin.json<InvitationWire[]>('GET', INVITATIONS)
    expect(listed.body.find((entry) => entry.id === expired.invitation.id)?.state).toBe('expired')
    expect(await new AccountStore(accountsFilePath(running.site.dataDir)).get('di')).toBeUndefined()
  })

  it('accepts a passkey instead of a password: the person has no password, and the passkey alone signs them in', async () => {
    const { token } = await invite({ displayName: 'Kim Keys', role: 'editor' })
    const client = visitor()
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    const options = await client.json<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/auth/invitations/passkey-options', { token, username: 'kim' })
    expect(options.status).toBe(200)
    expect(options.body.user).toMatchObject({ name: 'kim', displayName: 'Kim Keys' })
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    const response = authenticator.register(options.body)
    // The passkey was made for "kim": accepting as someone else is refused, and the link still works.
    const renamed = await client.json('POST', '/api/auth/invitations/accept', { token, username: 'kimberly', email: 'kim@example.com', passkey: { name: 'Phone', response } })
    expect(renamed.status).toBe(400)
    const again = await client.json<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/auth/invitations/passkey-options', { token, username: 'kim' })
    const joined = await client.json('POST', '/api/auth/invitations/accept', { token, username: 'kim', email: 'kim@example.com', passkey: { name: 'Phone', response: authenticator.register(again.body) } })
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    expect(joined.body).toMatchObject({ username: 'kim', role: 'editor' })
    expect((await client.request('GET', '/api/auth/me')).status).toBe(200)
    const kim = (await new AccountStore(accountsFilePath(running.site.dataDir)).get('kim'))!
    expect(kim.passwordHash).toBeNull()
    expect(kim.passkeys.map((key) => key.name)).toEqual(['Phone'])
    // A replayed answer (its challenge used) makes nothing, and the used link answers 410.
    expect((await client.json('POST', '/api/auth/invitations/accept', { token, username: 'kim2', email: 'kim@example.com', passkey: { name: 'Phone', response } })).status).toBe(410)
    // Signing in later with the passkey alone.
    const later = visitor()
    const signIn = await later.json<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/auth/passkey/options')
    const credential = authenticator.credentials.at(-1)!
    expect((await later.json('POST', '/api/auth/passkey/verify', { response: authenticator.signIn(signIn.body, credential) })).status).toBe(200)
  })

  it('refuses a passkey answer with no prompt behind it, and one for a taken username', async () => {
    const { token } = await invite({ displayName: 'Lee' })
    const authenticator = new SoftAuthenticator(TEST_SITE_URL)
    const stranger = visitor()
    const taken = await stranger.json('POST', '/api/auth/invitations/passkey-options', { token, username: TEST_ADMIN.username })
    expect(taken.status).toBe(400)
    const options = await stranger.json<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/auth/invitations/passkey-options', { token, username: 'lee' })
    const response = authenticator.register(options.body)
    // Another browser (no prompt in its session) sends the answer.
    const other = await visitor().json('POST', '/api/auth/invitations/accept', { token, username: 'lee', email: 'lee@example.com', passkey: { name: 'Key', response } })
    expect(other.status).toBe(400)
    expect(other.body).toMatch(/passkey prompt expired/)
  })

  it('lets one of two accepts sent at once win', async () => {
    const { token } = await invite({ displayName: 'Ed Twice' })
    const answers = await Promise.all([accept(token, { username: 'ed-one' }), accept(token, { username: 'ed-two' })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410])
    const accounts = new AccountStore(accountsFilePath(running.site.dataDir))
    const created = (await accounts.list()).filter((account) => account.username.startsWith('ed-'))
    expect(created).toHaveLength(1)
  })

  it(`makes an address that sends ${MAX_UNKNOWN_INVITATIONS} unknown links wait`, async () => {
    const { token } = await invite({ displayName: 'Fay' })
    // The test above sent one unknown link from this address already.
    const statuses: number[] = []
    for (let i = 0; i < MAX_UNKNOWN_INVITATIONS; i++) {
      statuses.push((await visitor().json('POST', '/api/auth/invitations/lookup', { token: `${i}`.padStart(43, 'B') })).status)
    }
    expect(statuses).toEqual([...Array(MAX_UNKNOWN_INVITATIONS - 1).fill(404), 429])
    const blocked = await visitor().json('POST', '/api/auth/invitations/lookup', { token })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatch(/Too many failed invitation links/)
    expect(blocked.response.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
