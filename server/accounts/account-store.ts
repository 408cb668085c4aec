import { mkdir, open, stat } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { AccountsFileError, InvalidInputError, NotFoundError } from '../lib/errors.ts'
import { LockFile } from '../lib/lock-file.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import type { Role } from '../../core/contract/index.ts'
import { type AdminAccount, accountProblem, pickAccount, upgradeVersion1 } from './account-record.ts'

export type { AdminAccount } from './account-record.ts'

/**
 * What creating a person takes; the rest starts empty. `role` defaults to admin (the CLI, the
 * first start). A person who signs in with a passkey alone (passwordHash null) comes with it.
 */
export type NewAdminAccount = Pick<AdminAccount, 'username' | 'displayName' | 'email' | 'passwordHash'> & {
  role?: Role
  passkeys?: AdminAccount['passkeys']
  passkeyUserId?: string | null
}

/** A rule about the whole team a change must keep: throws to refuse it (nothing is written). */
export interface TeamCheck {
  check?: (after: AdminAccount[]) => void
}

export const ACCOUNTS_FILE_NAME = 'admins.json'

/** Version 2 added roles, disabled accounts and second factors; version 1 files are read as admins. */
const FILE_VERSION = 2
/** A lock older than this was left by a process that hung or died mid-write: a write takes milliseconds. */
const STALE_LOCK_MS = 10_000
const LOCK_WAIT_MS = 5_000

/** The accounts file inside DATA_DIR. */
export function accountsFilePath(dataDir: string): string {
  return path.join(dataDir, ACCOUNTS_FILE_NAME)
}

interface Snapshot {
  /** mtime, ctime, size and inode: an atomic rename always gives a new inode. */
  key: string
  admins: AdminAccount[]
}

/**
 * The admin accounts: `{ "version": 1, "admins": [...] }` in one JSON file outside `content/`.
 * The running server and `npm run admin` both use it, so every read checks the file (one `stat`)
 * and parses it again only when it changed: a removal by the CLI takes effect without a restart.
 * Writes replace the file atomically and durably (lib/atomic-write.ts, mode 0600: a removed
 * admin or an old password must not come back after a power cut) under a lock file
 * (lib/lock-file.ts), so the two processes never lose each other's changes.
 *
 * It takes a file and, for the tests that move time, the clock that dates creations and
 * password changes (the wall clock by default).
 */
export class AccountStore {
  readonly file: string
  readonly #now: () => Date
  #snapshot: Snapshot | null = null
  /** Serializes this store's writes; the lock file covers other stores and processes. */
  readonly #writes = new SerialQueue()

  constructor(file: string, options: { now?: () => Date } = {}) {
    this.file = file
    this.#now = options.now ?? (() => new Date())
  }

  async get(username: string): Promise<AdminAccount | undefined> {
    const found = (await this.#load()).find((admin) => admin.username === username)
    return found && pickAccount(found)
  }

  async list(): Promise<AdminAccount[]> {
    return (await this.#load()).map(pickAccount)
  }

  async isEmpty(): Promise<boolean> {
    return (await this.#load()).length === 0
  }

  /** Throws InvalidInputError when a field is invalid or the username is taken. */
  async add(account: NewAdminAccount): Promise<AdminAccount> {
    const role = account.role ?? 'admin'
    const now = this.#now().toISOString()
    const { username, displayName, email, passwordHash } = account
    const created: AdminAccount = {
      username,
      displayName,
      email,
      passwordHash,
      role,
      disabled: false,
      createdAt: now,
      passwordChangedAt: now,
      totp: null,
      recoveryCodes: [],
      passkeys: account.passkeys ?? [],
      passkeyUserId: account.passkeyUserId ?? null,
      factorsChangedAt: now,
    }
    // The whole record, as the file's reader will check it: an entry it would refuse is never written.
    const problem = accountProblem(created as unknown as Record<string, unknown>)
    if (problem) throw new InvalidInputError(`${problem[0]} ${problem[1]}`, problem[0])
    await this.#update((admins) => {
      if (admins.some((admin) => admin.username === account.username)) {
        throw new InvalidInputError(`Admin "${account.username}" already exists`, 'username')
      }
      return [...admins, created]
    })
    return pickAccount(created)
  }

  /**
   * Changes one person under the file's lock and returns them as saved. `change` gets a copy and
   * returns the new record; an invalid result is refused (InvalidInputError) and nothing is
   * written. Throws NotFoundError for an unknown username. `options.check` sees every account as
   * it would be after the change, under the same lock, and may refuse it by throwing (the site's
   * last enabled admin is kept this way, whoever else changes the file at the same moment).
   */
  async update(username: string, change: (account: AdminAccount) => AdminAccount, options: TeamCheck = {}): Promise<AdminAccount> {
    let saved: AdminAccount | undefined
    await this.#update((admins) => {
      const current = admins.find((admin) => admin.username === username)
      if (!current) throw new NotFoundError(`No admin "${username}"`)
      const next = pickAccount(change(pickAccount(current)))
      if (next.username !== username) throw new InvalidInputError('username cannot change', 'username')
      const problem = accountProblem(next as unknown as Record<string, unknown>)
      if (problem) throw new InvalidInputError(`${problem[0]} ${problem[1]}`, problem[0])
      saved = next
      const after = admins.map((admin) => (admin.username === username ? next : admin))
      options.check?.(after)
      return after
    })
    return pickAccount(saved!)
  }

  /** Throws NotFoundError for an unknown username. */
  async setPasswordHash(username: string, passwordHash: string): Promise<void> {
    await this.update(username, (admin) => ({ ...admin, passwordHash, passwordChangedAt: this.#now().toISOString() }))
  }

  /** False when there was no such admin. `options.check` as for `update`. */
  async remove(username: string, options: TeamCheck = {}): Promise<boolean> {
    let removed = false
    await this.#update((admins) => {
      const rest = admins.filter((admin) => admin.username !== username)
      removed = rest.length !== admins.length
      if (removed) options.check?.(rest)
      return removed ? rest : null
    })
    return removed
  }

  async #load(): Promise<AdminAccount[]> {
    let info
    try {
      info = await stat(this.file, { bigint: true })
    } catch (error) {
      if (!isMissing(error)) throw error
      this.#snapshot = null
      return []
    }
    const key = `${info.mtimeNs}:${info.ctimeNs}:${info.size}:${info.ino}`
    if (this.#snapshot?.key === key) return this.#snapshot.admins
    // Stat and read the same open file, so the key always describes the text parsed.
    let handle
    try {
      handle = await open(this.file, 'r')
    } catch (error) {
      if (!isMissing(error)) throw error
      this.#snapshot = null
      return []
    }
    try {
      const opened = await handle.stat({ bigint: true })
      const text = await handle.readFile('utf8')
      const admins = parseAccountsFile(text, this.file)
      this.#snapshot = { key: `${opened.mtimeNs}:${opened.ctimeNs}:${opened.size}:${opened.ino}`, admins }
      return admins
    } finally {
      await handle.close()
    }
  }

  /** Read-modify-write under both locks; `change` returns null for "nothing to write". */
  #update(change: (admins: AdminAccount[]) => AdminAccount[] | null): Promise<void> {
    return this.#writes.run(() =>
      this.#withFileLock(async () => {
        const next = change(await this.#load())
        if (!next) return
        const text = `${JSON.stringify({ version: FILE_VERSION, admins: next }, null, 2)}\n`
        await writeFileAtomic(this.file, text, { mode: 0o600, durable: true })
        this.#snapshot = null
      }),
    )
  }

  async #withFileLock<T>(task: () => Promise<T>): Promise<T> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 })
    const lock = await LockFile.acquire(`${this.file}.lock`, { mode: 0o600, waitMs: LOCK_WAIT_MS, maxAgeMs: STALE_LOCK_MS })
    try {
      return await task()
    } finally {
      // A lock left behind is taken over once stale; the task's outcome is what the caller needs.
      await lock.release().catch(() => {})
    }
  }
}

/** The accounts in `text`, or an AccountsFileError naming the file and the first problem. */
export function parseAccountsFile(text: string, file: string): AdminAccount[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new AccountsFileError(file, `is not valid JSON (${(error as Error).message})`)
  }
  if (!isRecord(data)) throw new AccountsFileError(file, 'must hold a JSON object { "version": 2, "admins": [...] }')
  if (data.version !== FILE_VERSION && data.version !== 1) {
    throw new AccountsFileError(file, `has version ${JSON.stringify(data.version)}; this server reads versions 1 and ${FILE_VERSION}`)
  }
  if (!Array.isArray(data.admins)) throw new AccountsFileError(file, '"admins" must be a list')
  const seen = new Set<string>()
  return data.admins.map((item: unknown, index) => {
    const where = `admins[${index}]`
    if (!isRecord(item)) throw new AccountsFileError(file, `${where} must be an object`)
    const entry = data.version === 1 ? upgradeVersion1(item) : item
    const problem = accountProblem(entry)
    if (problem) throw new AccountsFileError(file, `${where}.${problem[0]} ${problem[1]}`)
    const account = pickAccount(entry as unknown as AdminAccount)
    if (seen.has(account.username)) throw new AccountsFileError(file, `${where}.username "${account.username}" appears twice`)
    seen.add(account.username)
    return account
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isMissing(error: unknown): boolean {
  return nodeErrorCode(error) === 'ENOENT'
}
