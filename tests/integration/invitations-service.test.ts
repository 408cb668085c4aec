import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { InvitationStore, invitationsFilePath } from '../../server/accounts/invitation-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import type { Role } from '../../core/contract/index.ts'
import { GoneError, InvalidInputError, NotFoundError, RateLimitedError } from '../../server/lib/errors.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'
import { PASSKEY_CHALLENGE_MS } from '../../server/services/sign-in/passkeys.ts'
import { InvitationLinkBudget, MAX_UNKNOWN_INVITATIONS } from '../../server/services/team/invitation-link-budget.ts'
import { Invitations } from '../../server/services/team/invitations.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { SoftAuthenticator } from '../support/soft-authenticator.ts'
import { memorySlot } from './account-fixture.ts'

const SITE = 'https://watchio.example'

let base: string
let accounts: AccountStore
let invitations: Invitations
let clock: number

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'watchio-invitations-service-'))
  clock = Date.parse('2026-01-02T03:04:05.000Z')
  accounts = new AccountStore(accountsFilePath(base))
  invitations = new Invitations({
    invitations: new InvitationStore({ file: invitationsFilePath(base) }),
    accounts,
    mailer: null,
    siteUrl: SITE,
    logger: recordingLogger(),
    relyingParty: relyingPartyOf(SITE, [SITE]),
    links: new InvitationLinkBudget(),
    now: () => clock,
  })
  await accounts.add({ username: 'boss', displayName: 'The Boss', email: 'boss@example.com', passwordHash: await hashPassword('boss password here') })
})

afterEach(() => rm(base, { recursive: true, force: true }))

async function invite(role: Role = 'editor') {
  const boss = (await accounts.get('boss'))!
  const { link } = await invitations.invite(boss, { displayName: 'Pat Keys', role })
  return link.split('#')[1]!
}

const passkey = {
  credential: { id: 'Y3JlZA', publicKey: 'cHVibGljLWtleQ', counter: 0, transports: ['internal'], name: 'This Mac', createdAt: new Date().toISOString(), lastUsedAt: null },
  userId: 'dXNlci1oYW5kbGU',
}

describe('acceptInvitation, the one way in for every credential', () => {
  it('creates a passkey-only person (no password) with the invitation’s name and role', async () => {
    const token = await invite()
    const created = await invitations.acceptInvitation(token, { username: 'pat', email: 'pat@example.com', passwordHash: null, passkey })
    expect(created).toMatchObject({ username: 'pat', displayName: 'Pat Keys', role: 'editor', passwordHash: null, passkeyUserId: passkey.userId })
    expect(created.passkeys).toEqual([passkey.credential])
    expect(await accounts.get('pat')).toEqual(created)
    await expect(invitations.acceptInvitation(token, { username: 'pat2', email: 'pat@example.com', passwordHash: null, passkey })).rejects.toBeInstanceOf(GoneError)
  })

  it('refuses an account with no way to sign in, and a taken username, leaving the invitation usable', async () => {
    const token = await invite()
    await expect(invitations.acceptInvitation(token, { username: 'pat', email: 'pat@example.com', passwordHash: null })).rejects.toBeInstanceOf(InvalidInputError)
    await expect(invitations.acceptInvitation(token, { username: 'boss', email: 'pat@example.com', passwordHash: null, passkey })).rejects.toThrow(/taken/)
    const bad = { ...passkey, credential: { ...passkey.credential, id: 'not base64url!' } }
    await expect(invitations.acceptInvitation(token, { username: 'pat', email: 'pat@example.com', passwordHash: null, passkey: bad })).rejects.toBeInstanceOf(InvalidInputError)
    // Nothing was written, and the link still works.
    expect(await accounts.get('pat')).toBeUndefined()
    expect((await invitations.preview(token, '192.0.2.1')).displayName).toBe('Pat Keys')
  })
})

describe("the invitee's side", () => {
  const address = '192.0.2.1'
  const chosen = { username: 'pat', email: 'pat@example.com' }

  it('accepts with a password the policy accepts, once, under a free username', async () => {
    const token = await invite()
    const accept = (fields: Record<string, string>) => invitations.accept({ token, ...chosen, password: 'a long and uncommon passphrase', ...fields, address, ceremony: memorySlot() })
    await expect(accept({ password: 'password123' })).rejects.toThrow('password is one of the most common passwords; choose another')
    await expect(accept({ password: 'pat keys' })).rejects.toThrow('password must not be your username or name')
    await expect(accept({ username: 'boss' })).rejects.toThrow('username "boss" is taken: choose another')
    expect(await accept({})).toMatchObject({ username: 'pat', role: 'editor', passkeys: [] })
    await expect(accept({ username: 'pat2' })).rejects.toBeInstanceOf(GoneError)
  })

  it('accepts with a passkey made for the prompt this session was given, within 5 minutes, for the username it named', async () => {
    const token = await invite()
    const authenticator = new SoftAuthenticator(SITE)
    const ceremony = memorySlot()
    await expect(invitations.passkeyOptions({ token, username: 'boss', address, ceremony })).rejects.toThrow(/taken/)
    const prompt = async () => authenticator.register(await invitations.passkeyOptions({ token, username: 'pat', address, ceremony }))
    const accept = (response: Awaited<ReturnType<typeof prompt>>, fields: Partial<typeof chosen> = {}) =>
      invitations.accept({ token, ...chosen, ...fields, passkey: { name: 'Phone', response }, address, ceremony })

    // No prompt behind it (another browser's session), or one 5 minutes old.
    const early = await prompt()
    await expect(invitations.accept({ token, ...chosen, passkey: { name: 'Phone', response: early }, address, ceremony: memorySlot() })).rejects.toThrow('The passkey prompt expired: add the passkey again')
    const late = await prompt()
    clock += PASSKEY_CHALLENGE_MS
    await expect(accept(late)).rejects.toThrow('The passkey prompt expired')
    await expect(accept(await prompt(), { username: 'patricia' })).rejects.toThrow('username changed after the passkey was made: add the passkey again')

    const created = await accept(await prompt())
    expect(created).toMatchObject({ username: 'pat', passwordHash: null, passkeys: [{ name: 'Phone', createdAt: new Date(clock).toISOString() }] })
  })

  it(`makes an address that sends ${MAX_UNKNOWN_INVITATIONS} links that open nothing wait, for every call`, async () => {
    const token = await invite()
    for (let i = 0; i < MAX_UNKNOWN_INVITATIONS; i++) await expect(invitations.preview(`unknown-${i}`, address)).rejects.toBeInstanceOf(NotFoundError)
    await expect(invitations.preview(token, address)).rejects.toThrow('Too many failed invitation links')
    await expect(invitations.passkeyOptions({ token, username: 'pat', address, ceremony: memorySlot() })).rejects.toBeInstanceOf(RateLimitedError)
    expect((await invitations.preview(token, '192.0.2.2')).displayName).toBe('Pat Keys')
  })
})
