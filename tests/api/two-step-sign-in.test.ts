import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECOND_STEP_EXPIRED } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { newRecoveryCodes } from '../../server/accounts/recovery-codes.ts'
import { newTotpSecret } from '../../server/accounts/totp.ts'
import { SECOND_FACTOR_REQUIRED } from '../../server/http/second-factor-required.ts'
import { MAX_CODE_FAILURES_PER_ACCOUNT } from '../../server/services/sign-in/login-guard.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { cheapHash } from '../support/team-accounts.ts'

/**
 * The second step of signing in (an authenticator code or a recovery code), setting the app up
 * and turning it off, and the admin's "require a second factor for everyone", over the real
 * server. The server's clock is the test's (`offsetMs` moves it), so codes are made for the
 * moment the server checks them. Each test has accounts of its own: one's failures never spend
 * another's budget.
 */
const PASSWORD = 'the right password 42'
let offsetMs = 0
const nowMs = () => Date.now() + offsetMs
let running: SignedInServer
let server: RunningServer
/** Accounts created with an authenticator app already set up: their secret and recovery codes. */
const factors = new Map<string, { secret: string; codes: string[] }>()

beforeAll(async () => {
  running = await signedInServer({
    signIn: false,
    clock: () => new Date(nowMs()),
    prepare: async ({ dataDir }) => {
      const store = new AccountStore(accountsFilePath(dataDir))
      for (const username of ['fresh', 'idle', 'member', 'wrong', 'guessed', 'late', 'recovering', 'boss']) {
        await store.add({ username, displayName: username, email: `${username}@watchio.example`, passwordHash: cheapHash(PASSWORD), role: username === 'member' ? 'author' : 'admin' })
      }
      for (const username of ['wrong', 'guessed', 'late', 'recovering', 'boss']) {
        const secret = newTotpSecret()
        const { codes, hashes } = newRecoveryCodes()
        factors.set(username, { secret, codes })
        await store.update(username, (account) => ({ ...account, totp: { secret, addedAt: new Date().toISOString() }, recoveryCodes: hashes }))
      }
    },
  })
  server = running.server
})

afterAll(() => running?.close())


const client = () => new ApiClient(server.url)
const codeNow = (secret: string, atMs = nowMs()) => generate({ secret, epoch: Math.floor(atMs / 1000) })

/** The first step: the password, answered 202 with the factors to ask for. */
async function passwordStep(username: string, api = client()): Promise<ApiClient> {
  const login = await api.json('POST', '/api/auth/login', { username, password: PASSWORD })
  expect(login.status).toBe(202)
  expect(login.body).toEqual({ secondFactor: ['totp'] })
  return api
}

async function signedIn(username: string): Promise<ApiClient> {
  const api = client()
  const login = await api.login(username, PASSWORD)
  expect(login.status).toBe(200)
  return api
}

describe('setting up an authenticator app', () => {
  it('sets up with a confirmed code, gives recovery codes once, ends other sessions, then asks for a code at sign-in; turns off with the password', async () => {
    const api = await signedIn('fresh')
    const elsewhere = await signedIn('fresh')
    expect((await api.json('GET', '/api/admin/account/totp')).body).toEqual({ enabled: false, addedAt: null, recoveryCodesLeft: 0 })

    const setup = await api.json<{ secret: string; uri: string; qrCode: string }>('POST', '/api/admin/account/totp/setup')
    expect(setup.status).toBe(200)
    const { secret, uri, qrCode } = setup.body
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(`otpauth://totp/Watchio:fresh?secret=${secret}&issuer=Watchio`)
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    // Not saved yet: only a code from the app confirms it.
    expect((await api.json('GET', '/api/admin/account/totp')).body).toMatchObject({ enabled: false })
    expect((await api.json('POST', '/api/admin/account/totp/confirm', { code: '000000' })).status).toBe(400)
    // Another session cannot confirm this one's setup.
    expect((await elsewhere.json('POST', '/api/admin/account/totp/confirm', { code: await codeNow(secret) })).status).toBe(409)

    const confirmCode = await codeNow(secret)
    const confirmed = await api.json<{ recoveryCodes: string[] }>('POST', '/api/admin/account/totp/confirm', { code: confirmCode })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.recoveryCodes).toHaveLength(10)
    expect((await api.json('GET', '/api/auth/me')).status).toBe(200)
    expect((await elsewhere.json('GET', '/api/auth/me')).status).toBe(401)
    expect((await api.json('GET', '/api/admin/account/totp')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect((await api.json('POST', '/api/admin/account/totp/setup')).status).toBe(409)

    // Signing in now takes the second step; the code that confirmed the setup is used up.
    const next = await passwordStep('fresh')
    expect((await next.json('GET', '/api/auth/me')).status).toBe(401)
    expect((await next.json('GET', '/api/admin/blog/posts')).status).toBe(401)
    expect((await next.json('POST', '/api/auth/login/code', { code: confirmCode })).status).toBe(401)
    offsetMs += 30_000
    const finished = await next.json('POST', '/api/auth/login/code', { code: await codeNow(secret) })
    expect(finished.status).toBe(200)
    expect(finished.body).toEqual({ username: 'fresh', displayName: 'fresh', role: 'admin' })
    expect((await next.json('GET', '/api/auth/me')).status).toBe(200)

    // New recovery codes and turning off ask for the password or a current code.
    expect((await next.json('POST', '/api/admin/account/totp/recovery-codes', {})).status).toBe(400)
    expect((await next.json('POST', '/api/admin/account/totp/disable', { password: 'not it at all' })).status).toBe(403)
    offsetMs += 30_000
    const renewed = await next.json<{ recoveryCodes: string[] }>('POST', '/api/admin/account/totp/recovery-codes', { code: await codeNow(secret) })
    expect(renewed.status).toBe(200)
    expect(renewed.body.recoveryCodes).toHaveLength(10)
    expect(renewed.body.recoveryCodes).not.toContain(confirmed.body.recoveryCodes[0])
    const off = await next.json('POST', '/api/admin/account/totp/disable', { password: PASSWORD })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ enabled: false, addedAt: null, recoveryCodesLeft: 0 })
    expect((await next.json('GET', '/api/auth/me')).status).toBe(200)
    expect((await api.json('GET', '/api/auth/me')).status).toBe(401)
    expect((await client().login('fresh', PASSWORD)).status).toBe(200)
  })

  it('asks for a sign-in of the last 10 minutes before a setup: a session left open cannot add a factor', async () => {
    const api = client()
    expect((await api.login('idle', PASSWORD)).status).toBe(200)
    offsetMs += 11 * 60 * 1000
    try {
      const late = await api.json('POST', '/api/admin/account/totp/setup', {})
      expect(late.status).toBe(403)
      expect(late.body).toMatch(/sign in again, then do it within 10 minutes/)
      // Signing in again makes it possible.
      expect((await api.login('idle', PASSWORD)).status).toBe(200)
      expect((await api.json('POST', '/api/admin/account/totp/setup', {})).status).toBe(200)
    } finally {
      offsetMs -= 11 * 60 * 1000
    }
  })

  it('answers 401 to the account calls when signed out', async () => {
    expect((await client().json('GET', '/api/admin/account/totp')).status).toBe(401)
    expect((await client().json('POST', '/api/admin/account/totp/setup')).status).toBe(401)
  })
})

describe('the second step', () => {
  it('refuses a wrong code, a code without a password step, and a replayed one; takes the right one once', async () => {
    const { secret } = factors.get('wrong')!
    const api = await passwordStep('wrong')
    const wrong = await api.json('POST', '/api/auth/login/code', { code: '123456' === (await codeNow(secret)) ? '654321' : '123456' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toBe('That code is not right, or was used already')
    expect((await api.json('POST', '/api/auth/login/code', { code: '' })).status).toBe(400)
    const code = await codeNow(secret)
    expect((await client().json('POST', '/api/auth/login/code', { code })).status).toBe(401)
    expect((await api.json('POST', '/api/auth/login/code', { code })).status).toBe(200)
    const again = await passwordStep('wrong')
    expect((await again.json('POST', '/api/auth/login/code', { code })).status).toBe(401)
  })

  it('takes a recovery code once', async () => {
    const { codes } = factors.get('recovering')!
    const first = await passwordStep('recovering')
    expect((await first.json('POST', '/api/auth/login/code', { code: codes[0]!.toUpperCase() })).status).toBe(200)
    const second = await passwordStep('recovering')
    expect((await second.json('POST', '/api/auth/login/code', { code: codes[0] })).status).toBe(401)
    expect((await second.json('POST', '/api/auth/login/code', { code: codes[1] })).status).toBe(200)
    expect((await second.json('GET', '/api/admin/account/totp')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 8 })
  })

  it(`counts a code before checking it: 30 guesses at once get ${MAX_CODE_FAILURES_PER_ACCOUNT} checks, then even the right code waits; a new password step does not refill it`, async () => {
    const { secret } = factors.get('guessed')!
    const api = await passwordStep('guessed')
    const right = await codeNow(secret)
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(guesses.map((code) => api.request('POST', '/api/auth/login/code', { json: { code } })))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_CODE_FAILURES_PER_ACCOUNT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - MAX_CODE_FAILURES_PER_ACCOUNT)
    const blocked = await api.request('POST', '/api/auth/login/code', { json: { code: right } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    const fromElsewhere = await passwordStep('guessed')
    expect((await fromElsewhere.json('POST', '/api/auth/login/code', { code: right })).status).toBe(429)
  })

  it('expires five minutes after the password', async () => {
    const { secret } = factors.get('late')!
    const api = await passwordStep('late')
    offsetMs += 5 * 60 * 1000 + 1000
    const late = await api.json('POST', '/api/auth/login/code', { code: await codeNow(secret) })
    expect(late.status).toBe(401)
    expect(late.body).toBe(SECOND_STEP_EXPIRED)
    expect((await api.json('GET', '/api/auth/me')).status).toBe(401)
  })
})

describe('requiring a second factor for everyone', () => {
  it('is for admins with a factor of their own; then anyone without one gets 403 outside their account until they add one', async () => {
    const member = await signedIn('member')
    expect((await member.json('GET', '/api/admin/settings/security')).status).toBe(403)
    expect((await member.json('PUT', '/api/admin/settings/security', { requireSecondFactor: true })).status).toBe(403)
    const plainAdmin = await signedIn('fresh')
    expect((await plainAdmin.json('GET', '/api/admin/settings/security')).body).toEqual({ requireSecondFactor: false })
    expect((await plainAdmin.json('PUT', '/api/admin/settings/security', { requireSecondFactor: true })).status).toBe(400)

    const boss = await passwordStep('boss')
    expect((await boss.json('POST', '/api/auth/login/code', { code: await codeNow(factors.get('boss')!.secret) })).status).toBe(200)
    expect((await boss.json('PUT', '/api/admin/settings/security', { requireSecondFactor: 'yes' })).status).toBe(400)
    try {
      const on = await boss.json('PUT', '/api/admin/settings/security', { requireSecondFactor: true })
      expect(on.status).toBe(200)
      expect(on.body).toEqual({ requireSecondFactor: true })
      expect((await boss.json('GET', '/api/admin/blog/posts')).status).toBe(200)
      expect((await boss.json('GET', '/api/auth/me')).body).toEqual({ username: 'boss', displayName: 'boss', role: 'admin' })

      expect((await member.json('GET', '/api/auth/me')).body).toEqual({ username: 'member', displayName: 'member', role: 'author', mustAddSecondFactor: true })
      for (const path of ['/api/admin/blog/posts', '/api/admin/media', '/api/admin/site', '/api/admin/redirects']) {
        const refused = await member.json('GET', path)
        expect(refused.status, path).toBe(403)
        expect(refused.body).toBe(SECOND_FACTOR_REQUIRED)
      }
      // Signed out is still 401, not 403.
      expect((await client().json('GET', '/api/admin/blog/posts')).status).toBe(401)
      // The account's own calls answer, and adding a factor lifts the block.
      expect((await member.json('GET', '/api/admin/account/totp')).status).toBe(200)
      const { secret } = (await member.json<{ secret: string }>('POST', '/api/admin/account/totp/setup')).body
      expect((await member.json('POST', '/api/admin/account/totp/confirm', { code: await codeNow(secret) })).status).toBe(200)
      expect((await member.json('GET', '/api/auth/me')).body).toEqual({ username: 'member', displayName: 'member', role: 'author' })
      expect((await member.json('GET', '/api/admin/blog/posts')).status).toBe(200)
      // While it is required, the last factor cannot be turned off.
      offsetMs += 30_000
      const code = await codeNow(secret)
      expect((await member.json('POST', '/api/admin/account/totp/disable', { code })).status).toBe(409)
      // The refused change did not spend the code.
      expect((await member.json('POST', '/api/admin/account/totp/recovery-codes', { code })).status).toBe(200)
    } finally {
      expect((await boss.json('PUT', '/api/admin/settings/security', { requireSecondFactor: false })).status).toBe(200)
    }
    expect((await plainAdmin.json('GET', '/api/admin/blog/posts')).status).toBe(200)
  })
})
