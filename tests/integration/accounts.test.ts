import { spawn } from 'node:child_process'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { AccountStore } from '../../server/accounts/account-store.ts'
import { ensureFirstAdmin } from '../../server/accounts/first-admin.ts'
import { hashPassword, verifyPassword } from '../../server/accounts/password.ts'
import { AccountsFileError, ConfigError, InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { accountsFile as file, account, dataDir, someHash, useTempAccountsFile } from '../support/temp-accounts.ts'
import { waitFor } from '../support/wait-for.ts'

useTempAccountsFile()

describe('AccountStore', () => {
  it('is empty while the file does not exist, and creates it (0600, folder 0700) on the first add', async () => {
    const store = new AccountStore(file)
    expect(await store.isEmpty()).toBe(true)
    expect(await store.list()).toEqual([])
    expect(await store.get('alice')).toBeUndefined()

    const before = Date.now()
    await store.add(account('alice'))
    // Without a clock of its own, the store dates by the wall clock.
    const createdAt = Date.parse((await store.get('alice'))!.createdAt)
    expect(createdAt).toBeGreaterThanOrEqual(before)
    expect(createdAt).toBeLessThanOrEqual(Date.now())
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    const saved = JSON.parse(await readFile(file, 'utf8'))
    expect(saved.version).toBe(2)
    expect(saved.admins).toHaveLength(1)
    expect(saved.admins[0]).toMatchObject({ username: 'alice', email: 'alice@example.com', passwordHash: someHash })
  })

  it('adds, gets, lists, changes a password hash and removes, each dated by its clock', async () => {
    let now = new Date('2026-03-01T10:00:00.000Z')
    const store = new AccountStore(file, { now: () => now })
    await store.add(account('alice'))
    await store.add(account('bob', { displayName: 'Bob B.' }))
    expect(await store.isEmpty()).toBe(false)

    const alice = await store.get('alice')
    expect(alice).toMatchObject({ username: 'alice', displayName: 'User alice', email: 'alice@example.com', passwordHash: someHash })
    expect(alice!.createdAt).toBe(alice!.passwordChangedAt)
    expect(alice!.createdAt).toBe('2026-03-01T10:00:00.000Z')
    expect((await store.list()).map((admin) => admin.username)).toEqual(['alice', 'bob'])

    now = new Date('2026-03-01T10:00:01.000Z')
    const newHash = await hashPassword('another password')
    await store.setPasswordHash('bob', newHash)
    const bob = await store.get('bob')
    expect(bob!.passwordHash).toBe(newHash)
    expect(bob!.passwordChangedAt).toBe('2026-03-01T10:00:01.000Z')
    expect(bob!.createdAt).toBe('2026-03-01T10:00:00.000Z')
    expect((await store.get('alice'))!.passwordHash).toBe(someHash)

    expect(await store.remove('alice')).toBe(true)
    expect(await store.remove('alice')).toBe(false)
    expect((await store.list()).map((admin) => admin.username)).toEqual(['bob'])
  })

  it('refuses a taken username, an unknown one and invalid fields, and leaves the file alone', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const before = await readFile(file, 'utf8')
    await expect(store.add(account('alice', { displayName: 'Other' }))).rejects.toThrow(InvalidInputError)
    await expect(store.add(account('alice'))).rejects.toThrow(/already exists/)
    await expect(store.setPasswordHash('nobody', someHash)).rejects.toThrow(NotFoundError)
    await expect(store.setPasswordHash('alice', 'not a hash')).rejects.toThrow(InvalidInputError)
    await expect(store.add(account('Bad Name'))).rejects.toThrow(/username/)
    await expect(store.add(account('carol', { email: 'no-at-sign' }))).rejects.toThrow(/email/)
    await expect(store.add(account('carol', { displayName: '' }))).rejects.toThrow(/displayName/)
    await expect(store.add(account('carol', { displayName: 'x'.repeat(101) }))).rejects.toThrow(/displayName/)
    await expect(store.add(account('carol', { passwordHash: 'plain' }))).rejects.toThrow(/passwordHash/)
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('never returns its own objects: changing a result changes nothing stored', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const alice = await store.get('alice')
    alice!.displayName = 'Changed'
    ;(await store.list())[0]!.email = 'changed@example.com'
    expect(await store.get('alice')).toMatchObject({ displayName: 'User alice', email: 'alice@example.com' })
  })

  it('writes atomically: no temp or lock file is left behind', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    await store.add(account('bob'))
    await store.setPasswordHash('alice', someHash)
    await store.remove('bob')
    expect(await readdir(dataDir)).toEqual(['admins.json'])
  })

  it('takes over at once a lock file left by a process that died, and waits for one a live process holds', async () => {
    const exited = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => exited.on('exit', resolve))
    await mkdir(dataDir, { recursive: true })
    await writeFile(`${file}.lock`, JSON.stringify({ pid: exited.pid, hostname: hostname(), startedAt: new Date().toISOString() }))
    const store = new AccountStore(file)
    await store.add(account('alice'))
    expect(await readdir(dataDir)).toEqual(['admins.json'])

    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    // The lock's clock and timers are the test's: it looks again only when the test moves time on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      await writeFile(`${file}.lock`, JSON.stringify({ pid: holder.pid, hostname: hostname(), startedAt: new Date().toISOString() }))
      const adding = store.add(account('bob'))
      // It found the lock held by a live process, and waits on its timer to look again.
      await waitFor(() => vi.getTimerCount() === 1)
      expect((await store.list()).map((admin) => admin.username)).toEqual(['alice'])
      await rm(`${file}.lock`)
      await vi.advanceTimersToNextTimerAsync()
      await adding
      expect((await store.list()).map((admin) => admin.username)).toEqual(['alice', 'bob'])
    } finally {
      vi.useRealTimers()
      holder.kill('SIGKILL')
    }
  })

  it('keeps every one of many simultaneous writes, from one store and from two', async () => {
    const first = new AccountStore(file)
    const second = new AccountStore(file)
    const names = Array.from({ length: 12 }, (_, i) => `user${i}`)
    await Promise.all(names.map((name, i) => (i % 2 ? first : second).add(account(name))))
    expect((await first.list()).map((admin) => admin.username).sort()).toEqual([...names].sort())
    expect(await readdir(dataDir)).toEqual(['admins.json'])
  })

  it('sees changes another instance (the CLI) made, without being rebuilt', async () => {
    const server = new AccountStore(file)
    const cli = new AccountStore(file)
    expect(await server.isEmpty()).toBe(true)
    await cli.add(account('alice'))
    expect(await server.get('alice')).toBeDefined()
    await cli.add(account('bob'))
    expect((await server.list()).map((admin) => admin.username)).toEqual(['alice', 'bob'])
    await cli.remove('alice')
    expect(await server.get('alice')).toBeUndefined()
    const newHash = await hashPassword('changed elsewhere')
    await cli.setPasswordHash('bob', newHash)
    expect((await server.get('bob'))!.passwordHash).toBe(newHash)
    await rm(file)
    expect(await server.isEmpty()).toBe(true)
  })

  it('reports a malformed file with its path and what is wrong', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const valid = JSON.parse(await readFile(file, 'utf8'))
    const cases: [string, string | RegExp][] = [
      ['{ "version": 1, "admins": [', 'is not valid JSON'],
      ['[]', 'must hold a JSON object'],
      [JSON.stringify({ version: 3, admins: [] }), 'has version 3'],
      [JSON.stringify({ version: 2 }), '"admins" must be a list'],
      [JSON.stringify({ version: 2, admins: ['alice'] }), 'admins[0] must be an object'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], email: 'nope' }] }), 'admins[0].email'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], username: 'Alice' }] }), 'admins[0].username'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], displayName: '' }] }), 'admins[0].displayName'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], passwordHash: 12 }] }), 'admins[0].passwordHash'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], passwordHash: null }] }), 'no passkey to sign in with'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], role: 'owner' }] }), 'admins[0].role must be one of admin, editor, author'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], disabled: 'no' }] }), 'admins[0].disabled'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], totp: { secret: 'short', addedAt: valid.admins[0].createdAt } }] }), 'admins[0].totp'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], passkeys: [{ id: 'x' }] }] }), 'admins[0].passkeys'],
      [JSON.stringify({ version: 2, admins: [{ ...valid.admins[0], createdAt: 'yesterday' }] }), 'admins[0].createdAt'],
      [JSON.stringify({ version: 1, admins: [{ ...valid.admins[0], role: undefined, createdAt: 'yesterday' }] }), 'admins[0].createdAt'],
      [JSON.stringify({ version: 2, admins: [valid.admins[0], valid.admins[0]] }), 'admins[1].username "alice" appears twice'],
    ]
    for (const [text, expected] of cases) {
      await writeFile(file, text)
      const error = await store.list().then(
        () => null,
        (caught: unknown) => caught,
      )
      expect(error, text).toBeInstanceOf(AccountsFileError)
      expect((error as AccountsFileError).code).toBe('accounts_file_invalid')
      expect((error as Error).message).toContain(file)
      expect((error as Error).message).toContain(expected)
      // A write must not replace a file it cannot read.
      await expect(store.add(account('bob'))).rejects.toThrow(AccountsFileError)
      expect(await readFile(file, 'utf8')).toBe(text)
    }
    // A version 1 file (before roles) is read, every account an admin with no second factor.
    const { username, displayName, email, passwordHash, createdAt, passwordChangedAt } = valid.admins[0]
    await writeFile(file, JSON.stringify({ version: 1, admins: [{ username, displayName, email, passwordHash, createdAt, passwordChangedAt }] }))
    expect(await store.get('alice')).toMatchObject({ role: 'admin', disabled: false, totp: null, passkeys: [], factorsChangedAt: createdAt })
    // Once fixed, the file is read again.
    await writeFile(file, JSON.stringify(valid))
    expect((await store.list()).map((admin) => admin.username)).toEqual(['alice'])
  })
})

describe('ensureFirstAdmin', () => {
  it('creates "admin" with a generated password when no account exists, once', async () => {
    const store = new AccountStore(file)
    const created = await ensureFirstAdmin({ store, env: {}, siteHost: 'watchio.app' })
    expect(created).toMatchObject({ username: 'admin' })
    expect(created!.password).toMatch(/^[A-Za-z2-9]{20}$/)
    const admin = await store.get('admin')
    expect(admin).toMatchObject({ displayName: 'Admin', email: 'admin@watchio.app' })
    expect(await verifyPassword(created!.password!, admin!.passwordHash)).toBe(true)
    expect(await ensureFirstAdmin({ store, env: {}, siteHost: 'watchio.app' })).toBeNull()
    expect(await store.list()).toHaveLength(1)
  })

  it('seeds the account from ADMIN_USERNAME and ADMIN_PASSWORD and never returns that password', async () => {
    const store = new AccountStore(file)
    const env = { ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: 'chosen by the operator' }
    const created = await ensureFirstAdmin({ store, env, siteHost: 'localhost:3000' })
    expect(created).toEqual({ username: 'editor', password: null })
    const editor = await store.get('editor')
    expect(editor).toMatchObject({ displayName: 'editor', email: 'editor@localhost' })
    expect(await verifyPassword('chosen by the operator', editor!.passwordHash)).toBe(true)
    expect(await store.get('admin')).toBeUndefined()
  })

  it('refuses only one of the two variables, or a bad username, and creates nothing', async () => {
    const store = new AccountStore(file)
    for (const env of [{ ADMIN_USERNAME: 'editor' }, { ADMIN_PASSWORD: 'chosen by the operator' }, { ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: '' }]) {
      await expect(ensureFirstAdmin({ store, env, siteHost: 'watchio.app' })).rejects.toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/)
    }
    await expect(
      ensureFirstAdmin({ store, env: { ADMIN_USERNAME: 'Not Valid', ADMIN_PASSWORD: 'chosen by the operator' }, siteHost: 'watchio.app' }),
    ).rejects.toThrow(ConfigError)
    // The password follows the one rule for new passwords.
    await expect(ensureFirstAdmin({ store, env: { ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: 'password123' }, siteHost: 'watchio.app' })).rejects.toThrow(
      /ADMIN_PASSWORD: is one of the most common passwords/,
    )
    await expect(ensureFirstAdmin({ store, env: { ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: 'short' }, siteHost: 'watchio.app' })).rejects.toThrow(/at least 8 characters/)
    expect(await store.isEmpty()).toBe(true)
  })

  it('does nothing when an account exists, whatever the variables say', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const env = { ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: 'chosen by the operator' }
    expect(await ensureFirstAdmin({ store, env, siteHost: 'watchio.app' })).toBeNull()
    expect(await ensureFirstAdmin({ store, env: { ADMIN_USERNAME: 'only-one' }, siteHost: 'watchio.app' })).toBeNull()
    expect((await store.list()).map((admin) => admin.username)).toEqual(['alice'])
  })
})
