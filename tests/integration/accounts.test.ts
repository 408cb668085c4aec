import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AccountStore, accountsFilePath, type NewAdminAccount } from '../../server/accounts/account-store.ts'
import { ensureFirstAdmin } from '../../server/accounts/first-admin.ts'
import { hashPassword, verifyPassword } from '../../server/accounts/password.ts'
import { AccountsFileError, ConfigError, InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { waitFor } from '../support/wait-for.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const cliPath = path.join(repoRoot, 'server/admin-cli.ts')

let dataDir: string
let file: string
/** One real hash for the store tests, so they do not pay for scrypt each time. */
let someHash: string

beforeAll(async () => {
  someHash = await hashPassword('a password for tests')
})

beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'watchio-accounts-')), 'data')
  file = accountsFilePath(dataDir)
})

afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true })
})

function account(username: string, extra: Partial<NewAdminAccount> = {}): NewAdminAccount {
  return { username, displayName: `User ${username}`, email: `${username}@example.com`, passwordHash: someHash, ...extra }
}

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

interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run admin -- <args>` as a child process, with `answers` piped to its stdin one per line. */
function runCli(args: string[], answers: string[] = []): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(answers.map((answer) => `${answer}\n`).join(''))
  })
}

describe('npm run admin', () => {
  const password = 'tr0ub4dor & 3 horses'

  it('adds an admin from piped answers, lists it without the hash, changes its password and removes it', async () => {
    const added = await runCli(['add', 'alice'], ['Alice Liddell', 'alice@example.com', password, password])
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(added.stdout).toContain('Added admin "alice"')
    expect(added.stdout + added.stderr).not.toContain(password)

    const store = new AccountStore(file)
    const alice = await store.get('alice')
    expect(alice).toMatchObject({ displayName: 'Alice Liddell', email: 'alice@example.com' })
    expect(await verifyPassword(password, alice!.passwordHash)).toBe(true)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const listed = await runCli(['list'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/USERNAME\s+DISPLAY NAME\s+E-MAIL\s+ROLE\s+DISABLED\s+SECOND FACTOR\s+CREATED/)
    expect(listed.stdout).toMatch(new RegExp(`alice\\s+Alice Liddell\\s+alice@example\\.com\\s+admin\\s+no\\s+none\\s+${alice!.createdAt.slice(0, 10)}`))
    expect(listed.stdout).not.toContain('scrypt')
    expect(listed.stdout).not.toContain(alice!.passwordHash!.split('$')[5])
    expect(listed.stdout).not.toContain(password)

    const newPassword = 'a different long password'
    const changed = await runCli(['passwd', 'alice'], [newPassword, newPassword])
    expect(changed.code).toBe(0)
    expect(changed.stdout + changed.stderr).not.toContain(newPassword)
    const after = await store.get('alice')
    expect(after!.passwordHash).not.toBe(alice!.passwordHash)
    expect(await verifyPassword(newPassword, after!.passwordHash)).toBe(true)
    expect(await verifyPassword(password, after!.passwordHash)).toBe(false)

    const removed = await runCli(['remove', 'alice', '--yes'])
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('Removed admin "alice"')
    expect(await store.get('alice')).toBeUndefined()
    expect(await readdir(dataDir)).toEqual(['admins.json'])
  })

  it('adds an editor, changes roles, disables and enables, resets second factors, and lists them', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const added = await runCli(['add', 'bob', '--role', 'editor'], ['Bob', 'bob@example.com', password, password])
    expect(added.stderr).toBe('')
    expect(added.stdout).toContain('Added editor "bob"')
    expect((await store.get('bob'))?.role).toBe('editor')

    expect((await runCli(['role', 'bob', 'author'])).stdout).toContain('"bob" is now an author')
    expect((await store.get('bob'))?.role).toBe('author')
    expect((await runCli(['disable', 'bob'])).stdout).toContain('Disabled "bob"')
    expect((await store.get('bob'))?.disabled).toBe(true)

    await store.update('bob', (bob) => ({ ...bob, totp: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', addedAt: new Date().toISOString() }, recoveryCodes: ['abc'] }))
    const listed = await runCli(['list'])
    expect(listed.stdout).toMatch(/bob\s+Bob\s+bob@example\.com\s+author\s+yes\s+app\s+\d{4}-/)
    const before = await store.get('bob')
    const reset = await runCli(['reset-factors', 'bob'])
    expect(reset.code).toBe(0)
    expect(reset.stdout).toContain('Removed the second factors of "bob"')
    const after = await store.get('bob')
    expect(after).toMatchObject({ totp: null, recoveryCodes: [], passkeys: [] })
    expect(after!.factorsChangedAt > before!.factorsChangedAt).toBe(true)

    expect((await runCli(['enable', 'bob'])).stdout).toContain('Enabled "bob"')
    expect((await runCli(['role', 'bob', 'admin'])).code).toBe(0)
    // With bob an enabled admin, alice may step down, and then be removed.
    expect((await runCli(['role', 'alice', 'editor'])).code).toBe(0)
    expect((await runCli(['remove', 'bob', '--yes'])).stderr).toMatch(/at least one enabled admin/)
    expect((await runCli(['remove', 'alice', '--yes'])).code).toBe(0)
    expect((await store.list()).map((entry) => [entry.username, entry.role, entry.disabled])).toEqual([['bob', 'admin', false]])
  })

  it('asks before removing, and keeps the admin unless the answer is yes', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const kept = await runCli(['remove', 'alice'], ['n'])
    expect(kept.stdout).toContain('Remove admin alice? (y/N)')
    expect(kept.code).toBe(1)
    expect(await store.get('alice')).toBeDefined()
    const gone = await runCli(['remove', 'alice'], ['y'])
    expect(gone.code).toBe(0)
    expect(await store.get('alice')).toBeUndefined()
  })

  it('refuses bad input with a message and exit code 1, changing nothing', async () => {
    const store = new AccountStore(file)
    await store.add(account('alice'))
    const before = await readFile(file, 'utf8')
    const cases: [string[], string[], RegExp][] = [
      [[], [], /Missing command[\s\S]*Usage: npm run admin/],
      [['frobnicate'], [], /Unknown command "frobnicate"[\s\S]*Usage/],
      [['add'], [], /Missing username/],
      [['add', 'Bad Name'], [], /Username "Bad Name" must be/],
      [['add', 'alice'], [], /already exists/],
      [['add', 'bob'], ['', 'bob@example.com'], /Display name is required/],
      [['add', 'bob'], ['Bob', 'not-an-email'], /E-mail must look like/],
      [['add', 'bob'], ['Bob', 'bob@example.com', 'short', 'short'], /at least 8 characters \(15 or more is better\)/],
      [['add', 'bob'], ['Bob', 'bob@example.com', 'password1', 'password1'], /one of the most common passwords/],
      [['add', 'bob', '--role', 'owner'], [], /Role "owner" must be one of admin, editor, author/],
      [['add', 'bob'], ['Bob', 'bob@example.com', password, `${password}!`], /do not match/],
      [['add', 'bob'], ['Bob', 'bob@example.com', password], /input ended/],
      [['passwd', 'nobody'], [], /No admin "nobody"/],
      [['passwd', 'alice'], ['short', 'short'], /at least 8 characters/],
      [['passwd', 'alice'], ['user alice', 'user alice'], /must not be your username or name/],
      [['role', 'alice'], [], /Missing role/],
      [['role', 'alice', 'owner'], [], /Role "owner" must be one of/],
      [['role', 'nobody', 'editor'], [], /No admin "nobody"/],
      [['role', 'alice', 'editor'], [], /at least one enabled admin/],
      [['disable', 'alice'], [], /at least one enabled admin/],
      [['disable', 'alice', '--yes'], [], /Unknown option --yes/],
      [['passwd', 'alice', '--role', 'editor'], [], /Unknown option --role/],
      [['remove', 'nobody', '--yes'], [], /No admin "nobody"/],
      [['list', 'extra'], [], /Too many arguments/],
      [['list', '--yes'], [], /Unknown option --yes/],
    ]
    for (const [args, answers, message] of cases) {
      const result = await runCli(args, answers)
      expect(result.code, args.join(' ')).toBe(1)
      expect(result.stderr, args.join(' ')).toMatch(message)
    }
    expect(await readFile(file, 'utf8')).toBe(before)
    expect(await store.get('bob')).toBeUndefined()
  })

  it('takes no password on the command line, and does not echo one given there', async () => {
    const result = await runCli(['add', 'bob', password])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/never given on the command line/)
    expect(result.stdout + result.stderr).not.toContain(password)
    expect(await new AccountStore(file).get('bob')).toBeUndefined()
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/add <username>\s/)
    expect(help.stdout).not.toMatch(/<password>/)
  })

  it('reports a malformed accounts file by name', async () => {
    await new AccountStore(file).add(account('alice'))
    await writeFile(file, '{ not json')
    const result = await runCli(['list'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${file}: is not valid JSON`)
  })
})
