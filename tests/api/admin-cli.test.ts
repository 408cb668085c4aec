/**
 * `npm run admin`, the account commands, run as npm runs them: the compiled CLI on its own
 * DATA_DIR, answers piped to its stdin, checked by what it prints, its exit code and the
 * accounts file it leaves.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { AccountStore } from '../../server/accounts/account-store.ts'
import { verifyPassword } from '../../server/accounts/password.ts'
import { runCompiled } from '../support/run-compiled.ts'
import { accountsFile as file, account, dataDir, useTempAccountsFile } from '../support/temp-accounts.ts'

useTempAccountsFile()

/** `npm run admin -- <args>` with `answers` piped to its stdin one per line. */
const runCli = (args: string[], answers: string[] = []) => runCompiled('admin-cli', args, { answers, env: { DATA_DIR: dataDir } })

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
