import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, beforeEach } from 'vitest'
import { accountsFilePath, type NewAdminAccount } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'

/** The current test's data folder and its accounts file (live bindings: read them inside a test). */
export let dataDir = ''
export let accountsFile = ''
/** One real hash for the accounts a test adds itself, made once: scrypt at the server's cost is 0.3 s a hash. */
export let someHash = ''

/** Gives each test of the file calling it a fresh data folder (removed after it), and `account()` its hash. */
export function useTempAccountsFile(): void {
  beforeAll(async () => {
    someHash ||= await hashPassword('a password for tests')
  })
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'watchio-accounts-')), 'data')
    accountsFile = accountsFilePath(dataDir)
  })
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true })
  })
}

/** An account to add to the store, with the shared hash (its password: 'a password for tests'). */
export function account(username: string, extra: Partial<NewAdminAccount> = {}): NewAdminAccount {
  return { username, displayName: `User ${username}`, email: `${username}@example.com`, passwordHash: someHash, ...extra }
}
