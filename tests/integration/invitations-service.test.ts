import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { InvitationStore, invitationsFilePath } from '../../server/accounts/invitation-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import type { Role } from '../../core/contract/index.ts'
import { GoneError, InvalidInputError } from '../../server/lib/errors.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'
import { InvitationLinkBudget } from '../../server/services/team/invitation-link-budget.ts'
import { Invitations } from '../../server/services/team/invitations.ts'
import { recordingLogger } from '../support/recording-logger.ts'

let base: string
let accounts: AccountStore
let invitations: Invitations

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'watchio-invitations-service-'))
  accounts = new AccountStore(accountsFilePath(base))
  invitations = new Invitations({
    invitations: new InvitationStore({ file: invitationsFilePath(base) }),
    accounts,
    mailer: null,
    siteUrl: 'https://watchio.example',
    logger: recordingLogger(),
    relyingParty: relyingPartyOf('https://watchio.example', ['https://watchio.example']),
    links: new InvitationLinkBudget(),
    now: () => Date.parse('2026-01-02T03:04:05.000Z'),
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
