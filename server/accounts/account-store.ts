import { mkdir, open, stat } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { AccountsFileError, InvalidInputError, NotFoundError } from '../lib/errors.ts'
import { LockFile } from '../lib/lock-file.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { isPasswordHash } from './password.ts'

export interface AdminAccount {
  username: string
  displayName: string
  email: string
  passwordHash: string
  createdAt: string
  passwordChangedAt: string
}

export type NewAdminAccount = Omit<AdminAccount, 'createdAt' | 'passwordChangedAt'>

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/
export const MAX_DISPLAY_NAME_LENGTH = 100
export const MAX_EMAIL_LENGTH = 254
export const ACCOUNTS_FILE_NAME = 'admins.json'

const FILE_VERSION = 1
/** A lock older than this was left by a process that hung or died mid-write: a write takes milliseconds. */
const STALE_LOCK_MS = 10_000
const LOCK_WAIT_MS = 5_000

/** The accounts file inside DATA_DIR. */
export function accountsFilePath(dataDir: string): string {
  return path.join(dataDir, ACCOUNTS_FILE_NAME)
}

export function checkUsername(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'is required'
  if (!USERNAME_PATTERN.test(value)) {
    return 'must be 1 to 64 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit'
  }
  return null
}

export function checkEmail(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'is required'
  if (value.length > MAX_EMAIL_LENGTH) return `must have at most ${MAX_EMAIL_LENGTH} characters`
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return 'must look like name@example.com (one @, no spaces)'
  return null
}

export function checkDisplayName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required'
  if (value.length > MAX_DISPLAY_NAME_LENGTH) return `must have at most ${MAX_DISPLAY_NAME_LENGTH} characters`
  if (value !== value.trim()) return 'must not start or end with spaces'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters'
  return null
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
 * It takes a file, not dependencies, hence no `deps` object.
 */
export class AccountStore {
  readonly file: string
  #snapshot: Snapshot | null = null
  /** Serializes this store's writes; the lock file covers other stores and processes. */
  readonly #writes = new SerialQueue()

  constructor(file: string) {
    this.file = file
  }

  async get(username: string): Promise<AdminAccount | undefined> {
    const found = (await this.#load()).find((admin) => admin.username === username)
    return found && { ...found }
  }

  async list(): Promise<AdminAccount[]> {
    return (await this.#load()).map((admin) => ({ ...admin }))
  }

  async isEmpty(): Promise<boolean> {
    return (await this.#load()).length === 0
  }

  /** Throws InvalidInputError when a field is invalid or the username is taken. */
  async add(account: NewAdminAccount): Promise<void> {
    const fields = {
      username: checkUsername(account.username),
      displayName: checkDisplayName(account.displayName),
      email: checkEmail(account.email),
      passwordHash: isPasswordHash(account.passwordHash) ? null : 'is not a password hash',
    }
    for (const [field, problem] of Object.entries(fields)) {
      if (problem) throw new InvalidInputError(`${field} ${problem}`, field)
    }
    await this.#update((admins) => {
      if (admins.some((admin) => admin.username === account.username)) {
        throw new InvalidInputError(`Admin "${account.username}" already exists`, 'username')
      }
      const now = new Date().toISOString()
      const { username, displayName, email, passwordHash } = account
      return [...admins, { username, displayName, email, passwordHash, createdAt: now, passwordChangedAt: now }]
    })
  }

  /** Throws NotFoundError for an unknown username. */
  async setPasswordHash(username: string, passwordHash: string): Promise<void> {
    if (!isPasswordHash(passwordHash)) throw new InvalidInputError('passwordHash is not a password hash', 'passwordHash')
    await this.#update((admins) => {
      if (!admins.some((admin) => admin.username === username)) throw new NotFoundError(`No admin "${username}"`)
      const now = new Date().toISOString()
      return admins.map((admin) => (admin.username === username ? { ...admin, passwordHash, passwordChangedAt: now } : admin))
    })
  }

  /** False when there was no such admin. */
  async remove(username: string): Promise<boolean> {
    let removed = false
    await this.#update((admins) => {
      const rest = admins.filter((admin) => admin.username !== username)
      removed = rest.length !== admins.length
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
  if (!isRecord(data)) throw new AccountsFileError(file, 'must hold a JSON object { "version": 1, "admins": [...] }')
  if (data.version !== FILE_VERSION) {
    throw new AccountsFileError(file, `has version ${JSON.stringify(data.version)}; this server reads version ${FILE_VERSION}`)
  }
  if (!Array.isArray(data.admins)) throw new AccountsFileError(file, '"admins" must be a list')
  const seen = new Set<string>()
  return data.admins.map((entry: unknown, index) => {
    const where = `admins[${index}]`
    if (!isRecord(entry)) throw new AccountsFileError(file, `${where} must be an object`)
    const problems: [string, string | null][] = [
      ['username', checkUsername(entry.username)],
      ['displayName', checkDisplayName(entry.displayName)],
      ['email', checkEmail(entry.email)],
      ['passwordHash', typeof entry.passwordHash === 'string' && isPasswordHash(entry.passwordHash) ? null : 'must be a hash written by npm run admin'],
      ['createdAt', checkTimestamp(entry.createdAt)],
      ['passwordChangedAt', checkTimestamp(entry.passwordChangedAt)],
    ]
    for (const [field, problem] of problems) {
      if (problem) throw new AccountsFileError(file, `${where}.${field} ${problem}`)
    }
    const account = entry as unknown as AdminAccount
    if (seen.has(account.username)) throw new AccountsFileError(file, `${where}.username "${account.username}" appears twice`)
    seen.add(account.username)
    const { username, displayName, email, passwordHash, createdAt, passwordChangedAt } = account
    return { username, displayName, email, passwordHash, createdAt, passwordChangedAt }
  })
}

function checkTimestamp(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO date-time'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isMissing(error: unknown): boolean {
  return nodeErrorCode(error) === 'ENOENT'
}
