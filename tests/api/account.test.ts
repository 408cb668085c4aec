import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import type { Role } from '../../core/contract/index.ts'
import { MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import { cheapHash } from '../support/team-accounts.ts'

/**
 * The signed-in person's own account over the real server: their profile (the author of their
 * commits), their password, and their sessions; and an admin's view of anyone's sessions. Each
 * test signs in as a person of its own, so no test's sessions or sign-in failures touch another's.
 */
let site: TempSite
let server: RunningServer
let close: () => Promise<void>
const PASSWORD = 'the right password 42'
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

const PEOPLE: [string, Role][] = [
  ['writer', 'author'],
  ['checker', 'editor'],
  ['guesser', 'author'],
  ['commoner', 'author'],
  ['changer', 'editor'],
  ['traveller', 'author'],
  ['leaver', 'author'],
  ['laptop', 'editor'],
  ['rotator', 'author'],
]

beforeAll(async () => {
  ;({ site, server, close } = await signedInServer({
    env: { TRUST_PROXY: 'true' },
    signIn: false,
    prepare: async ({ dataDir }) => {
      const store = new AccountStore(accountsFilePath(dataDir))
      // With accounts already there, the start seeds no first admin: this is it.
      await store.add({ username: TEST_ADMIN.username, displayName: TEST_ADMIN.displayName, email: 'admin@watchio.example', passwordHash: cheapHash(TEST_ADMIN.password) })
      for (const [username, role] of PEOPLE) {
        await store.add({ username, displayName: `Person ${username}`, email: `${username}@watchio.example`, passwordHash: cheapHash(PASSWORD), role })
      }
    },
  }))
})

afterAll(() => close?.())


/** A client signed in as `username` from its own browser and address. */
async function signedIn(username: string, options: { agent?: string; address?: string; password?: string } = {}): Promise<ApiClient> {
  const client = new ApiClient(server.url)
  const response = await client.request('POST', '/api/auth/login', {
    json: { username, password: options.password ?? PASSWORD },
    headers: { 'User-Agent': options.agent ?? CHROME_MAC, 'X-Forwarded-For': options.address ?? '198.51.100.1' },
  })
  if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.status}`)
  return client
}

async function status(client: ApiClient, method: string, path: string, json?: unknown): Promise<number> {
  return (await client.json(method, path, json)).status
}

describe('profile', () => {
  it('reads and changes the name and e-mail, and the next commit is authored with them', async () => {
    const writer = await signedIn('writer')
    const before = await writer.json('GET', '/api/admin/account')
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ username: 'writer', displayName: 'Person writer', email: 'writer@watchio.example', role: 'author', hasPassword: true })

    const changed = await writer.json('PUT', '/api/admin/account', { displayName: '  Wren Writer ', email: 'wren@team.example' })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ displayName: 'Wren Writer', email: 'wren@team.example' })
    // The same session: requireSignIn reads the account afresh on each request.
    expect((await writer.json('GET', '/api/auth/me')).body).toMatchObject({ displayName: 'Wren Writer' })

    const created = await writer.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'by-wren', title: 'By Wren', isPublished: false }))
    expect(created.status).toBe(201)
    expect(git(site.repoDir, 'log', '-1', '--format=%an <%ae>')).toBe('Wren Writer <wren@team.example>')
  })

  it('refuses an empty name or a malformed e-mail, naming the field, and changes nothing', async () => {
    const checker = await signedIn('checker')
    const noName = await checker.json('PUT', '/api/admin/account', { displayName: '   ', email: 'checker@watchio.example' })
    expect(noName.status).toBe(400)
    expect(noName.body).toBe('displayName is required')
    const badEmail = await checker.json('PUT', '/api/admin/account', { displayName: 'Cleo', email: 'cleo at example' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body).toMatch(/^email must look like name@example\.com/)
    const long = await checker.json('PUT', '/api/admin/account', { displayName: 'x'.repeat(101), email: 'checker@watchio.example' })
    expect(long.status).toBe(400)
    expect(long.body).toMatch(/^displayName must have at most 100 characters/)
    expect(await status(checker, 'PUT', '/api/admin/account', [1])).toBe(400)
    expect((await checker.json('GET', '/api/admin/account')).body).toMatchObject({ displayName: 'Person checker', email: 'checker@watchio.example' })
  })

  it('answers 401 when signed out', async () => {
    const nobody = new ApiClient(server.url)
    expect(await status(nobody, 'GET', '/api/admin/account')).toBe(401)
    expect(await status(nobody, 'PUT', '/api/admin/account', { displayName: 'X', email: 'x@example.com' })).toBe(401)
    expect(await status(nobody, 'POST', '/api/admin/account/password', { currentPassword: PASSWORD, newPassword: 'something new here' })).toBe(401)
    expect(await status(nobody, 'GET', '/api/admin/account/sessions')).toBe(401)
  })
})

describe('password change', () => {
  it('refuses a wrong current password with 400, and counts it as a failed sign-in', async () => {
    const address = '203.0.113.7'
    const guesser = await signedIn('guesser', { address })
    const guess = (currentPassword: string) =>
      guesser.request('POST', '/api/admin/account/password', {
        json: { currentPassword, newPassword: 'a brand new passphrase' },
        headers: { 'X-Forwarded-For': address },
      })
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS; i++) {
      const wrong = await guess(`wrong ${i}`)
      expect(wrong.status).toBe(400)
      expect(await wrong.text()).toBe('currentPassword is wrong')
    }
    // The sign-in guard's budget for this person and address is spent: even the right one waits.
    const blocked = await guess(PASSWORD)
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    const login = await new ApiClient(server.url).request('POST', '/api/auth/login', {
      json: { username: 'guesser', password: PASSWORD },
      headers: { 'X-Forwarded-For': address },
    })
    expect(login.status).toBe(429)
    // The password did not change, and the session is still signed in.
    expect(await status(guesser, 'GET', '/api/auth/me')).toBe(200)
  })

  it('refuses a new password the policy refuses, and one sent without the current password', async () => {
    const commoner = await signedIn('commoner')
    const change = (body: unknown) => commoner.json('POST', '/api/admin/account/password', body)
    const common = await change({ currentPassword: PASSWORD, newPassword: 'password123' })
    expect(common.status).toBe(400)
    expect(common.body).toBe('newPassword is one of the most common passwords; choose another')
    const short = await change({ currentPassword: PASSWORD, newPassword: 'seven77' })
    expect(short.status).toBe(400)
    expect(short.body).toBe('newPassword must have at least 8 characters (15 or more is better)')
    const ownName = await change({ currentPassword: PASSWORD, newPassword: 'Person Commoner' })
    expect(ownName.body).toBe('newPassword must not be your username or name')
    const noCurrent = await change({ newPassword: 'a brand new passphrase' })
    expect(noCurrent.status).toBe(400)
    expect(noCurrent.body).toBe('currentPassword is required')
    expect((await change({ currentPassword: PASSWORD })).body).toBe('newPassword is required')
    // Nothing changed: the old password still signs in.
    await signedIn('commoner')
  })

  it('changes it: this session stays signed in (under a new id), every other one ends', async () => {
    const here = await signedIn('changer')
    const laptop = await signedIn('changer', { agent: FIREFOX_WINDOWS })
    const phone = await signedIn('changer')
    const before = here.cookieHeader
    const changedFrom = Date.now()
    const changed = await here.json('POST', '/api/admin/account/password', { currentPassword: PASSWORD, newPassword: 'kettle on the stove again' })
    const changedBy = Date.now()
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ ended: 2 })
    expect(here.cookieHeader).not.toBe(before)
    expect(await status(here, 'GET', '/api/auth/me')).toBe(200)
    expect(await status(laptop, 'GET', '/api/auth/me')).toBe(401)
    expect(await status(phone, 'GET', '/api/auth/me')).toBe(401)
    const replay = new ApiClient(server.url)
    replay.setCookieHeader(before)
    expect(await status(replay, 'GET', '/api/auth/me')).toBe(401)
    const sessions = await here.json<{ current: boolean }[]>('GET', '/api/admin/account/sessions')
    expect(sessions.body).toHaveLength(1)
    expect(sessions.body[0]!.current).toBe(true)
    expect((await new ApiClient(server.url).login('changer', PASSWORD)).status).toBe(401)
    await signedIn('changer', { password: 'kettle on the stove again' })
    const account = await new AccountStore(accountsFilePath(site.dataDir)).get('changer')
    // Dated when it was changed (during the request), by the server's wall clock.
    expect(Date.parse(account!.passwordChangedAt)).toBeGreaterThanOrEqual(changedFrom)
    expect(Date.parse(account!.passwordChangedAt)).toBeLessThanOrEqual(changedBy)
  })
})

describe('sessions', () => {
  it('lists the person’s sessions with their device and last use, this one marked', async () => {
    const from = Date.now()
    const mac = await signedIn('traveller')
    const pc = await signedIn('traveller', { agent: FIREFOX_WINDOWS })
    await signedIn('leaver')
    const listed = await pc.json<{ handle: string; device: string; signedInAt: string; lastUsedAt: string; current: boolean }[]>('GET', '/api/admin/account/sessions')
    expect(listed.status).toBe(200)
    expect(listed.body.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Firefox on Windows', current: true },
      { device: 'Chrome on macOS', current: false },
    ])
    for (const session of listed.body) {
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt))
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(from)
      expect(Date.parse(session.lastUsedAt)).toBeLessThanOrEqual(Date.now())
      // A handle is no cookie.
      expect(mac.cookieHeader).not.toContain(session.handle)
      expect(pc.cookieHeader).not.toContain(session.handle)
    }
    // Using the Mac session is its last use.
    const macBefore = listed.body.find((session) => !session.current)!
    // The server (in this process) is a second later: its sessions read the time from Date.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(macBefore.lastUsedAt) + 1000 })
    try {
      await mac.json('GET', '/api/auth/me')
    } finally {
      vi.useRealTimers()
    }
    const again = await pc.json<{ handle: string; lastUsedAt: string }[]>('GET', '/api/admin/account/sessions')
    const macAfter = again.body.find((session) => session.handle === macBefore.handle)!
    expect(Date.parse(macAfter.lastUsedAt)).toBe(Date.parse(macBefore.lastUsedAt) + 1000)
  })

  it('ends one session by its handle; an unknown handle is 404; ending this one signs out', async () => {
    const keep = await signedIn('leaver')
    const lost = await signedIn('leaver', { agent: FIREFOX_WINDOWS })
    const lostHandle = (await lost.json<{ handle: string; current: boolean }[]>('GET', '/api/admin/account/sessions')).body.find((s) => s.current)!.handle
    const seen = await keep.json<{ handle: string; current: boolean }[]>('GET', '/api/admin/account/sessions')
    expect(seen.body.find((session) => session.handle === lostHandle)?.current).toBe(false)
    expect(await status(keep, 'DELETE', `/api/admin/account/sessions/${lostHandle}`)).toBe(204)
    expect(await status(lost, 'GET', '/api/auth/me')).toBe(401)
    expect(await status(keep, 'DELETE', `/api/admin/account/sessions/${lostHandle}`)).toBe(404)
    // Another person's handle is not theirs to end.
    const someoneElse = await signedIn('laptop')
    const theirs = (await someoneElse.json<{ handle: string }[]>('GET', '/api/admin/account/sessions')).body[0]!.handle
    expect(await status(keep, 'DELETE', `/api/admin/account/sessions/${theirs}`)).toBe(404)
    expect(await status(someoneElse, 'GET', '/api/auth/me')).toBe(200)
    const own = (await keep.json<{ handle: string; current: boolean }[]>('GET', '/api/admin/account/sessions')).body.find((s) => s.current)!.handle
    expect(await status(keep, 'DELETE', `/api/admin/account/sessions/${own}`)).toBe(204)
    expect(await status(keep, 'GET', '/api/auth/me')).toBe(401)
  })

  it('ends all the other sessions at once, and keeps this one', async () => {
    const here = await signedIn('traveller')
    const others = [await signedIn('traveller', { agent: FIREFOX_WINDOWS }), await signedIn('traveller')]
    const ended = await here.json<{ ended: number }>('POST', '/api/admin/account/sessions/end-others')
    expect(ended.status).toBe(200)
    expect(ended.body.ended).toBeGreaterThanOrEqual(2)
    for (const other of others) expect(await status(other, 'GET', '/api/auth/me')).toBe(401)
    expect(await status(here, 'GET', '/api/auth/me')).toBe(200)
    expect((await here.json<unknown[]>('GET', '/api/admin/account/sessions')).body).toHaveLength(1)
  })

  it('lets an admin list and end anyone’s sessions', async () => {
    const admin = await new ApiClient(server.url).signIn()
    const work = await signedIn('laptop', { agent: FIREFOX_WINDOWS })
    const home = await signedIn('laptop')
    const listed = await admin.json<{ handle: string; device: string; current: boolean }[]>('GET', '/api/admin/people/laptop/sessions')
    expect(listed.status).toBe(200)
    expect(listed.body.every((session) => !session.current)).toBe(true)
    const firefox = listed.body.find((session) => session.device === 'Firefox on Windows')!
    expect(await status(admin, 'DELETE', `/api/admin/people/laptop/sessions/${firefox.handle}`)).toBe(204)
    expect(await status(work, 'GET', '/api/auth/me')).toBe(401)
    expect(await status(home, 'GET', '/api/auth/me')).toBe(200)
    const all = await admin.json<{ ended: number }>('DELETE', '/api/admin/people/laptop/sessions')
    expect(all.status).toBe(200)
    expect(all.body.ended).toBeGreaterThanOrEqual(1)
    expect(await status(home, 'GET', '/api/auth/me')).toBe(401)
    expect(await status(admin, 'GET', '/api/auth/me')).toBe(200)
    expect(await status(admin, 'GET', '/api/admin/people/nobody-here/sessions')).toBe(404)
    expect(await status(admin, 'DELETE', `/api/admin/people/laptop/sessions/${firefox.handle}`)).toBe(404)
  })

  it('lists no session opened before a factor or password changed elsewhere (it ends at its next request)', async () => {
    const admin = await new ApiClient(server.url).signIn()
    const one = await signedIn('rotator')
    await signedIn('rotator', { agent: FIREFOX_WINDOWS })
    expect((await admin.json<unknown[]>('GET', '/api/admin/people/rotator/sessions')).body).toHaveLength(2)
    // As adding a second factor does (another part of the account page).
    await new AccountStore(accountsFilePath(site.dataDir)).update('rotator', (account) => ({ ...account, factorsChangedAt: new Date().toISOString() }))
    expect((await admin.json<unknown[]>('GET', '/api/admin/people/rotator/sessions')).body).toEqual([])
    expect(await status(one, 'GET', '/api/auth/me')).toBe(401)
  })

  it('refuses everyone else with 403: an editor or an author cannot see or end another’s sessions', async () => {
    const admin = await new ApiClient(server.url).signIn()
    const adminHandle = (await admin.json<{ handle: string; current: boolean }[]>('GET', '/api/admin/account/sessions')).body.find((s) => s.current)!.handle
    for (const username of ['checker', 'writer']) {
      const person = await signedIn(username)
      expect(await status(person, 'GET', `/api/admin/people/${TEST_ADMIN.username}/sessions`)).toBe(403)
      expect(await status(person, 'DELETE', `/api/admin/people/${TEST_ADMIN.username}/sessions/${adminHandle}`)).toBe(403)
      expect(await status(person, 'DELETE', `/api/admin/people/${TEST_ADMIN.username}/sessions`)).toBe(403)
      // Not even their own, through the admins' route.
      expect(await status(person, 'GET', `/api/admin/people/${username}/sessions`)).toBe(403)
    }
    expect(await status(admin, 'GET', '/api/auth/me')).toBe(200)
    expect(await status(new ApiClient(server.url), 'GET', `/api/admin/people/${TEST_ADMIN.username}/sessions`)).toBe(401)
  })
})
