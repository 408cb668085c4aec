import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generate } from 'otplib'
import type { Role } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { newRecoveryCodes } from '../../server/accounts/recovery-codes.ts'
import { SecuritySettings, securityFilePath } from '../../server/accounts/security-settings.ts'
import { SessionStore } from '../../server/accounts/session-store.ts'
import { newTotpSecret } from '../../server/accounts/totp.ts'
import { LoginGuard } from '../../server/services/sign-in/login-guard.ts'
import type { SessionSlot } from '../../server/services/sign-in/sign-in-session.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { cheapHash } from '../support/team-accounts.ts'

/** The password of every person a test adds (stored at a low cost: the tests count checks, not hashing). */
export const PASSWORD = 'a long and uncommon passphrase'

/** A moment on a 30-second boundary: an authenticator's code changes every 30 seconds from here. */
export const T0 = 1_800_000_000_000

/**
 * The parts the accounts' services are built from (compose/accounts.ts), over a temp folder: the
 * accounts file, the sessions (in memory), the team's sign-in rules, the sign-in guard, and a
 * clock the test moves (`clock.ms`).
 */
export interface AccountWorld {
  dir: string
  accounts: AccountStore
  sessions: SessionStore
  settings: SecuritySettings
  guard: LoginGuard
  clock: { ms: number }
  now: () => number
  /** Adds a person with PASSWORD; answers their username. */
  addPerson(username: string, options?: { role?: Role }): Promise<string>
  /** Sets an authenticator app up for `username` (its steps before T0 used); answers its secret and recovery codes. */
  addTotp(username: string): Promise<{ secret: string; codes: string[] }>
  close(): Promise<void>
}

export async function accountWorld(): Promise<AccountWorld> {
  const dir = await mkdtemp(path.join(tmpdir(), 'watchio-account-services-'))
  const clock = { ms: T0 }
  const accounts = new AccountStore(accountsFilePath(dir), { now: () => new Date(clock.ms) })
  return {
    dir,
    accounts,
    sessions: new SessionStore({ file: null, logger: recordingLogger(), now: () => clock.ms }),
    settings: new SecuritySettings(securityFilePath(dir)),
    guard: new LoginGuard(),
    clock,
    now: () => clock.ms,
    async addPerson(username, options = {}) {
      await accounts.add({ username, displayName: `Person ${username}`, email: `${username}@example.com`, passwordHash: cheapHash(PASSWORD), role: options.role ?? 'author' })
      return username
    },
    async addTotp(username) {
      const secret = newTotpSecret()
      const { codes, hashes } = newRecoveryCodes()
      await accounts.update(username, (account) => ({ ...account, totp: { secret, addedAt: new Date(clock.ms).toISOString() }, recoveryCodes: hashes }))
      return { secret, codes }
    },
    close: () => rm(dir, { recursive: true, force: true }),
  }
}

/** An authenticator app's code for `secret` at `ms`. */
export function totpCode(secret: string, ms: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(ms / 1000) })
}

/** A session's slot, as the HTTP layer gives one: a value kept between two requests. */
export function memorySlot(): SessionSlot & { value: unknown } {
  const slot = {
    value: undefined as unknown,
    get: () => slot.value,
    set: (value: unknown) => void (slot.value = value),
    delete: () => void (slot.value = undefined),
  }
  return slot
}
