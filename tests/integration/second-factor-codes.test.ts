import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generate } from 'otplib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { newRecoveryCodes } from '../../server/accounts/recovery-codes.ts'
import { useSecondFactorCode } from '../../server/accounts/second-factor-codes.ts'
import { SecuritySettings, securityFilePath } from '../../server/accounts/security-settings.ts'
import { newTotpSecret } from '../../server/accounts/totp.ts'
import { AccountsFileError } from '../../server/lib/errors.ts'

const T0 = 1_800_000_015_000
let dir: string
let store: AccountStore
let secret: string
let codes: string[]

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-codes-'))
  store = new AccountStore(accountsFilePath(dir))
  await store.add({ username: 'ana', displayName: 'Ana', email: 'ana@example.com', passwordHash: hashLike() })
  secret = newTotpSecret()
  const recovery = newRecoveryCodes()
  codes = recovery.codes
  await store.update('ana', (account) => ({ ...account, totp: { secret, addedAt: new Date(T0).toISOString() }, recoveryCodes: recovery.hashes }))
})

afterEach(() => rm(dir, { recursive: true, force: true }))

/** A stored-format hash (its cost does not matter: no password is checked here). */
function hashLike(): string {
  return ['scrypt', 10, 8, 1, 'c2FsdHNhbHRzYWx0c2FsdA', 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U'].join('$')
}

const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) })

describe('a second-step code, spent against the accounts file', () => {
  it('takes an authenticator code once: the same code again, even from another store (process), is refused', async () => {
    const code = await codeAt(T0)
    expect(await useSecondFactorCode(store, 'ana', code, T0)).toBe('totp')
    expect(await useSecondFactorCode(store, 'ana', code, T0 + 1000)).toBeNull()
    expect(await useSecondFactorCode(new AccountStore(store.file), 'ana', code, T0 + 20_000)).toBeNull()
    expect((await store.get('ana'))!.totp!.lastUsedStep).toBe(Math.floor(T0 / 30_000))
    // The next step's code still works, and the one before it no longer does.
    expect(await useSecondFactorCode(store, 'ana', await codeAt(T0 - 30_000), T0)).toBeNull()
    expect(await useSecondFactorCode(store, 'ana', await codeAt(T0 + 30_000), T0 + 30_000)).toBe('totp')
  })

  it('accepts one of the same code sent many times at once', async () => {
    const code = await codeAt(T0)
    const results = await Promise.all(Array.from({ length: 8 }, () => useSecondFactorCode(store, 'ana', code, T0)))
    expect(results.filter((result) => result === 'totp')).toHaveLength(1)
    expect(results.filter((result) => result === null)).toHaveLength(7)
  })

  it('takes each recovery code once, and removes it from the file', async () => {
    expect(await useSecondFactorCode(store, 'ana', codes[0]!, T0)).toBe('recovery')
    expect(await useSecondFactorCode(store, 'ana', codes[0]!, T0)).toBeNull()
    expect((await store.get('ana'))!.recoveryCodes).toHaveLength(9)
    const twice = await Promise.all([useSecondFactorCode(store, 'ana', codes[1]!, T0), useSecondFactorCode(store, 'ana', codes[1]!, T0)])
    expect(twice.sort()).toEqual([null, 'recovery'])
    expect(await readFile(store.file, 'utf8')).not.toContain(codes[2])
  })

  it('refuses wrong codes and unknown people', async () => {
    expect(await useSecondFactorCode(store, 'ana', '000000', T0)).toBeNull()
    expect(await useSecondFactorCode(store, 'ana', 'abcde-fghjk', T0)).toBeNull()
    expect(await useSecondFactorCode(store, 'nobody', await codeAt(T0), T0)).toBeNull()
    expect(await useSecondFactorCode(store, 'ana', await codeAt(T0 + 90_000), T0)).toBeNull()
  })
})

describe('SecuritySettings', () => {
  it('requires nothing without a file, keeps what is set across a restart, and names a damaged file', async () => {
    const file = securityFilePath(dir)
    expect(await new SecuritySettings(file).get()).toEqual({ requireSecondFactor: false })
    await new SecuritySettings(file).set({ requireSecondFactor: true })
    expect(await new SecuritySettings(file).get()).toEqual({ requireSecondFactor: true })
    await writeFile(file, '{ "requireSecondFactor": "yes" }')
    await expect(new SecuritySettings(file).get()).rejects.toBeInstanceOf(AccountsFileError)
    await writeFile(file, 'not json')
    await expect(new SecuritySettings(file).get()).rejects.toBeInstanceOf(AccountsFileError)
  })
})
