import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'
import { newPasskeyOptions, Passkeys, verifyNewPasskey } from '../../server/services/sign-in/passkeys.ts'
import { SoftAuthenticator } from '../support/soft-authenticator.ts'

const SITE = 'https://team.example'
const relyingParty = relyingPartyOf(SITE, [SITE])

let dir: string
let accounts: AccountStore
let clock: Date

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-passkeys-'))
  accounts = new AccountStore(path.join(dir, 'admins.json'))
  clock = new Date('2026-01-02T03:04:05.000Z')
})

afterEach(() => rm(dir, { recursive: true, force: true }))

describe('verifyNewPasskey (a registration for someone with no account yet, as an invitation needs)', () => {
  it('checks the answer against its challenge and returns what to keep, saving nothing', async () => {
    const { options, userId } = await newPasskeyOptions(relyingParty, { username: 'newcomer', displayName: 'New Comer' })
    expect(options.user).toMatchObject({ id: userId, name: 'newcomer', displayName: 'New Comer' })
    const authenticator = new SoftAuthenticator(SITE)
    const passkey = await verifyNewPasskey(relyingParty, { response: authenticator.register(options), expectedChallenge: options.challenge, name: 'Phone', now: clock })
    expect(passkey).toEqual({
      id: authenticator.credentials[0]!.id,
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      counter: 1,
      transports: ['internal'],
      name: 'Phone',
      createdAt: '2026-01-02T03:04:05.000Z',
      lastUsedAt: null,
    })
    expect(await accounts.list()).toEqual([])
  })

  it('refuses another challenge, another site and an unverified user', async () => {
    const { options } = await newPasskeyOptions(relyingParty, { username: 'newcomer', displayName: 'New Comer' })
    const response = new SoftAuthenticator(SITE).register(options)
    await expect(verifyNewPasskey(relyingParty, { response, expectedChallenge: 'b3RoZXI', name: 'Phone' })).rejects.toThrow(/challenge/i)
    const elsewhere = new SoftAuthenticator('https://team.example.evil.test').register(options)
    await expect(verifyNewPasskey(relyingParty, { response: elsewhere, expectedChallenge: options.challenge, name: 'Phone' })).rejects.toThrow(/origin/i)
    const lax = new SoftAuthenticator(SITE)
    lax.userVerified = false
    await expect(verifyNewPasskey(relyingParty, { response: lax.register(options), expectedChallenge: options.challenge, name: 'Phone' })).rejects.toThrow(/verif/i)
  })
})

describe('Passkeys', () => {
  it('adds one as a factor change, signs in with it, and keeps the counter and last use', async () => {
    await accounts.add({ username: 'ana', displayName: 'Ana', email: 'ana@example.com', passwordHash: await hashPassword('a long enough password'), role: 'editor' })
    const passkeys = new Passkeys({ accounts, relyingParty, now: () => clock })
    const authenticator = new SoftAuthenticator(SITE)
    const start = await passkeys.registrationOptions((await accounts.get('ana'))!)
    const added = await passkeys.add('ana', { response: authenticator.register(start.options), expectedChallenge: start.options.challenge, userId: start.userId, name: 'Laptop' })
    expect(added.factorsChangedAt).toBe(clock.toISOString())
    expect(added.passkeyUserId).toBe(start.userId)

    clock = new Date('2026-01-03T00:00:00.000Z')
    const options = await passkeys.signInOptions(null)
    const signedIn = await passkeys.verifySignIn({ response: authenticator.signIn(options), expectedChallenge: options.challenge, secondStepOf: null })
    expect(signedIn.username).toBe('ana')
    expect(signedIn.passkeys[0]).toMatchObject({ counter: 2, lastUsedAt: '2026-01-03T00:00:00.000Z' })
    // A factor's use is no factor change: the person's sessions stay.
    expect(signedIn.factorsChangedAt).toBe(added.factorsChangedAt)
  })
})
