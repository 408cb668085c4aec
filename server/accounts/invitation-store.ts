import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { INVITATION_DAYS, type InvitationState, type Role } from '../../core/contract/index.ts'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { AccountsFileError, ConflictError, GoneError, NotFoundError } from '../lib/errors.ts'
import { readJsonFile } from '../lib/json-file.ts'
import { LockFile } from '../lib/lock-file.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { checkDisplayName, checkEmail, checkRole, checkUsername } from '../../core/contract/account-fields.ts'

/** One invitation as the file keeps it: the token's SHA-256 only, so the file cannot be used as links. */
export interface InvitationRecord {
  /** Names it in the People page (revoke); not the token. */
  id: string
  tokenHash: string
  displayName: string
  email: string | null
  role: Role
  /** Username and display name of the admin who invited. */
  invitedBy: string
  invitedByName: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
  /** The username the invitee chose. */
  usedBy: string | null
  revokedAt: string | null
}

export type NewInvitation = Pick<InvitationRecord, 'displayName' | 'email' | 'role' | 'invitedBy' | 'invitedByName'>

export const INVITATIONS_FILE_NAME = 'invitations.json'
const FILE_VERSION = 1
const DAY_MS = 24 * 60 * 60 * 1000
const VALID_MS = INVITATION_DAYS * DAY_MS
/** Used, revoked and expired invitations stay listed this long, then go at the next write. */
const KEPT_MS = 30 * DAY_MS
const TOKEN_BYTES = 32
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const STALE_LOCK_MS = 10_000
const LOCK_WAIT_MS = 5_000

export function invitationsFilePath(dataDir: string): string {
  return path.join(dataDir, INVITATIONS_FILE_NAME)
}

export function invitationState(invitation: InvitationRecord, now: Date): InvitationState {
  if (invitation.usedAt) return 'used'
  if (invitation.revokedAt) return 'revoked'
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'pending'
}

/**
 * The team's invitations: `{ "version": 1, "invitations": [...] }` in DATA_DIR, beside the
 * accounts. A link carries a random 256-bit token; only its SHA-256 is kept, so neither the file
 * nor a backup of it lets anyone in. Writes are atomic and durable under a lock file (a used or
 * revoked invitation must not come back after a power cut), one at a time in this process: so
 * of two accepts of one link at once, one wins and the other finds it used.
 */
export class InvitationStore {
  readonly file: string
  readonly #now: () => Date
  readonly #writes = new SerialQueue()

  constructor(deps: { file: string; now?: () => Date }) {
    this.file = deps.file
    this.#now = deps.now ?? (() => new Date())
  }

  now(): Date {
    return this.#now()
  }

  async list(): Promise<InvitationRecord[]> {
    return (await this.#load()).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  /** A new invitation and its token, which is given out once and never kept. */
  async create(fields: NewInvitation): Promise<{ invitation: InvitationRecord; token: string }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    const now = this.#now()
    const invitation: InvitationRecord = {
      id: randomBytes(12).toString('base64url'),
      tokenHash: hashToken(token),
      displayName: fields.displayName,
      email: fields.email,
      role: fields.role,
      invitedBy: fields.invitedBy,
      invitedByName: fields.invitedByName,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + VALID_MS).toISOString(),
      usedAt: null,
      usedBy: null,
      revokedAt: null,
    }
    await this.#change((all) => [...all, invitation])
    return { invitation, token }
  }

  /** The invitation this token opens, whatever its state; undefined for none. */
  async findByToken(token: string): Promise<InvitationRecord | undefined> {
    return findToken(await this.#load(), token)
  }

  /** The invitation a link may still be used with; NotFoundError or GoneError (with the reason) otherwise. */
  async usable(token: string): Promise<InvitationRecord> {
    return this.#usableIn(await this.#load(), token)
  }

  /** Withdraws a pending (or expired) invitation; an accepted one cannot be. */
  async revoke(id: string): Promise<InvitationRecord> {
    let revoked: InvitationRecord | undefined
    await this.#change((all) => {
      const found = all.find((invitation) => invitation.id === id)
      if (!found) throw new NotFoundError('No such invitation')
      if (found.usedAt) throw new ConflictError(`${found.displayName} already accepted this invitation: disable or remove them under People instead`)
      revoked = found.revokedAt ? found : { ...found, revokedAt: this.#now().toISOString() }
      return all.map((invitation) => (invitation.id === id ? revoked! : invitation))
    })
    return revoked!
  }

  /**
   * Uses the invitation once: `use` runs under the file's lock while it is still usable (it
   * creates the account and returns its username); then the invitation is marked used. If `use`
   * throws (a username taken), the invitation stays usable.
   */
  async consume(token: string, use: (invitation: InvitationRecord) => Promise<string>): Promise<InvitationRecord> {
    let used: InvitationRecord | undefined
    await this.#change(async (all) => {
      const invitation = this.#usableIn(all, token)
      const username = await use(invitation)
      used = { ...invitation, usedAt: this.#now().toISOString(), usedBy: username }
      return all.map((entry) => (entry.id === invitation.id ? used! : entry))
    })
    return used!
  }

  #usableIn(all: InvitationRecord[], token: string): InvitationRecord {
    const invitation = findToken(all, token)
    if (!invitation) throw new NotFoundError('This invitation link is not valid: check that the whole link was copied, or ask for a new one')
    const state = invitationState(invitation, this.#now())
    if (state === 'used') throw new GoneError('This invitation was already used: sign in instead, or ask for a new one')
    if (state === 'revoked') throw new GoneError('This invitation was withdrawn: ask the admin who invited you for a new one')
    if (state === 'expired') throw new GoneError(`This invitation expired (links work for ${INVITATION_DAYS} days): ask for a new one`)
    return invitation
  }

  async #load(): Promise<InvitationRecord[]> {
    // Missing or not JSON: no invitations. That fails closed: a lost file opens no link (only hashes were in it).
    const data = await readJsonFile(this.file)
    if (data === null) return []
    return parseInvitations(data, this.file)
  }

  #change(change: (all: InvitationRecord[]) => InvitationRecord[] | Promise<InvitationRecord[]>): Promise<void> {
    return this.#writes.run(async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 })
      const lock = await LockFile.acquire(`${this.file}.lock`, { mode: 0o600, waitMs: LOCK_WAIT_MS, maxAgeMs: STALE_LOCK_MS })
      try {
        const cutoff = this.#now().getTime() - KEPT_MS
        const kept = (await change(await this.#load())).filter((invitation) => lastEventOf(invitation) > cutoff)
        const text = `${JSON.stringify({ version: FILE_VERSION, invitations: kept }, null, 2)}\n`
        await writeFileAtomic(this.file, text, { mode: 0o600, durable: true })
      } finally {
        await lock.release().catch(() => {})
      }
    })
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** Every entry is compared in constant time, so the answer's timing says nothing of the tokens kept. */
function findToken(all: InvitationRecord[], token: string): InvitationRecord | undefined {
  const wanted = Buffer.from(hashToken(TOKEN_PATTERN.test(token) ? token : ''))
  let found: InvitationRecord | undefined
  for (const invitation of all) {
    const kept = Buffer.from(invitation.tokenHash)
    if (kept.length === wanted.length && timingSafeEqual(kept, wanted) && TOKEN_PATTERN.test(token)) found = invitation
  }
  return found
}

function lastEventOf(invitation: InvitationRecord): number {
  return Math.max(...[invitation.expiresAt, invitation.usedAt, invitation.revokedAt].map((time) => (time ? Date.parse(time) : 0)))
}

/** The file's invitations, or an AccountsFileError naming the file and the first problem. */
function parseInvitations(data: unknown, file: string): InvitationRecord[] {
  const record = data as { version?: unknown; invitations?: unknown }
  if (typeof record !== 'object' || record.version !== FILE_VERSION || !Array.isArray(record.invitations)) {
    throw new AccountsFileError(file, `must hold { "version": ${FILE_VERSION}, "invitations": [...] }`)
  }
  return record.invitations.map((entry: unknown, index) => {
    const problem = invitationProblem(entry as Record<string, unknown>)
    if (problem) throw new AccountsFileError(file, `invitations[${index}].${problem}`)
    const { id, tokenHash, displayName, email, role, invitedBy, invitedByName, createdAt, expiresAt, usedAt, usedBy, revokedAt } = entry as InvitationRecord
    return { id, tokenHash, displayName, email, role, invitedBy, invitedByName, createdAt, expiresAt, usedAt, usedBy, revokedAt }
  })
}

function invitationProblem(entry: Record<string, unknown>): string | null {
  if (typeof entry !== 'object' || entry === null) return 'must be an object'
  const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))
  const checks: [string, string | null][] = [
    ['id', typeof entry.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(entry.id) ? null : 'must be base64url'],
    ['tokenHash', typeof entry.tokenHash === 'string' && /^[A-Za-z0-9_-]{43}$/.test(entry.tokenHash) ? null : 'must be a SHA-256, base64url'],
    ['displayName', checkDisplayName(entry.displayName)],
    ['email', entry.email === null ? null : checkEmail(entry.email)],
    ['role', checkRole(entry.role)],
    ['invitedBy', checkUsername(entry.invitedBy)],
    ['invitedByName', checkDisplayName(entry.invitedByName)],
    ['createdAt', isTime(entry.createdAt) ? null : 'must be an ISO date-time'],
    ['expiresAt', isTime(entry.expiresAt) ? null : 'must be an ISO date-time'],
    ['usedAt', entry.usedAt === null || isTime(entry.usedAt) ? null : 'must be an ISO date-time or null'],
    ['usedBy', entry.usedBy === null ? null : checkUsername(entry.usedBy)],
    ['revokedAt', entry.revokedAt === null || isTime(entry.revokedAt) ? null : 'must be an ISO date-time or null'],
  ]
  for (const [field, problem] of checks) if (problem) return `${field} ${problem}`
  return null
}
