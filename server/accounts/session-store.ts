import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { DelayedWrite } from '../lib/delayed-write.ts'
import { readJsonFileSync } from '../lib/json-file.ts'
import type { Logger } from '../lib/logger.ts'
import { describeDevice } from './device-description.ts'

/** What a signed-in session holds: who, and which password they signed in with. */
export interface SessionData {
  username: string
  /** Changes when the password does, so a password change ends the sessions that used the old one. */
  credential: string
  /** The browser's user agent at sign-in, for the person's list of sessions. */
  device?: string
  /** When the person signed in (ms): kept when the session restarts after a change (restartSession). */
  signedInAt?: number
  /** Set while the password waits for its second step: nobody is signed in yet. */
  secondStepSince?: number
  [key: string]: unknown
}

interface StoredSession {
  data: SessionData
  createdAt: number
  lastSeenAt: number
}

/** One of a person's sessions as their list shows it (and an admin's view of someone's). */
export interface SessionListing {
  /**
   * Names the session in its list and to end it: a hash of the stored key, so neither the
   * cookie's id nor the stored key ever leaves the server, and a handle cannot be used as a cookie.
   */
  handle: string
  /** The browser in words ("Chrome on macOS"), from the user agent kept at sign-in. */
  device: string
  signedInAt: number
  lastUsedAt: number
  /** The session `currentId` names (the one asking). */
  current: boolean
}

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000
/** Last-seen times are written at most this often; a crash loses at most this much idle time. */
const SAVE_DELAY_MS = 1000

/**
 * The server side of sessions, in the shape koa-session's `store` option expects. The cookie
 * carries only a random id; the session lives here, so logging out or expiring really ends it.
 * Ids are kept as SHA-256 hashes, so the file (in the private data folder) cannot be replayed
 * as cookies. Sessions end after 2 h without a request or 12 h after sign-in, whichever is first.
 * Kept in memory and saved to `file` (when given) so a restart signs nobody out; saved durably
 * (lib/atomic-write.ts), so that a sign-out survives a power cut too. Each session keeps the
 * browser's user agent from sign-in (SessionData.device), in the file too: the person's list of
 * sessions names its devices after a restart as before it.
 */
export interface SessionStoreDeps {
  /** Where sessions are saved; null keeps them in memory only. */
  file: string | null
  /** Where a failed save is reported. */
  logger: Logger
  /** The clock (tests move it). */
  now?: () => number
}

export class SessionStore {
  readonly #deps: SessionStoreDeps
  readonly #sessions = new Map<string, StoredSession>()
  /** The file written a moment after a change (null: memory only). */
  readonly #persist: DelayedWrite | null

  constructor(deps: SessionStoreDeps) {
    this.#deps = deps
    const file = deps.file
    this.#persist = file
      ? new DelayedWrite({
          write: () => this.#save(file),
          delayMs: SAVE_DELAY_MS,
          // Sessions still work from memory; only a restart would sign admins out.
          onError: (error) => deps.logger.error(`Saving sessions to ${file} failed:`, error),
        })
      : null
    if (file) this.#loadFrom(file)
  }

  #now(): number {
    return this.#deps.now?.() ?? Date.now()
  }

  async get(id: string): Promise<SessionData | undefined> {
    const key = hashId(id)
    const session = this.#sessions.get(key)
    if (!session) return undefined
    if (this.#expired(session)) {
      this.#sessions.delete(key)
      this.#scheduleSave()
      return undefined
    }
    session.lastSeenAt = this.#now()
    this.#scheduleSave()
    return session.data
  }

  async set(id: string, data: SessionData): Promise<void> {
    const key = hashId(id)
    const now = this.#now()
    const existing = this.#sessions.get(key)
    this.#sessions.set(key, { data, createdAt: existing?.createdAt ?? now, lastSeenAt: now })
    this.#scheduleSave()
  }

  async destroy(id: string): Promise<void> {
    if (this.#sessions.delete(hashId(id))) this.#scheduleSave()
  }

  /** Ends every session of one person (an account removed, an admin ending them all); answers how many ended. */
  destroyUser(username: string): number {
    let ended = 0
    for (const [key, session] of this.#sessions) {
      if (session.data.username === username && this.#sessions.delete(key)) ended++
    }
    this.#scheduleSave()
    return ended
  }

  /**
   * The signed-in sessions of one person, the most recently used first; `currentId` (the asking
   * session's id) is marked. Not listed: a session waiting for its second step (it signs nobody
   * in), and, given the person's `credential` now, one opened with another (their password or a
   * factor changed since: it ends at its next request).
   */
  listFor(username: string, options: { currentId?: string; credential?: string } = {}): SessionListing[] {
    const currentKey = options.currentId === undefined ? undefined : hashId(options.currentId)
    const listed: SessionListing[] = []
    for (const [key, session] of this.#sessions) {
      const { data } = session
      if (data.username !== username || data.secondStepSince !== undefined || this.#expired(session)) continue
      if (options.credential !== undefined && data.credential !== options.credential) continue
      listed.push({
        handle: handleOf(key),
        device: describeDevice(session.data.device),
        signedInAt: session.createdAt,
        lastUsedAt: session.lastSeenAt,
        current: key === currentKey,
      })
    }
    return listed.sort((a, b) => b.lastUsedAt - a.lastUsedAt)
  }

  /** Ends the session of `username` that `handle` names; false when there is none (ended already, or another's). */
  destroyByHandle(username: string, handle: string): boolean {
    for (const [key, session] of this.#sessions) {
      if (session.data.username === username && handleOf(key) === handle) {
        this.#sessions.delete(key)
        this.#scheduleSave()
        return true
      }
    }
    return false
  }

  /** Ends every session of `username` but the one `keepId` names; answers how many ended. */
  destroyOthers(username: string, keepId: string): number {
    const keep = hashId(keepId)
    let ended = 0
    for (const [key, session] of this.#sessions) {
      if (session.data.username === username && key !== keep) {
        this.#sessions.delete(key)
        ended++
      }
    }
    if (ended > 0) this.#scheduleSave()
    return ended
  }


  get size(): number {
    return this.#sessions.size
  }

  /** Writes pending changes now (at shutdown). */
  async flush(): Promise<void> {
    await this.#persist?.flush()
  }

  #expired(session: StoredSession): boolean {
    const now = this.#now()
    return now - session.lastSeenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_LIFETIME_MS
  }

  #scheduleSave(): void {
    this.#persist?.changed()
  }

  async #save(file: string): Promise<void> {
    for (const [key, session] of this.#sessions) if (this.#expired(session)) this.#sessions.delete(key)
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    await writeFileAtomic(file, JSON.stringify(Object.fromEntries(this.#sessions)), { mode: 0o600, durable: true })
  }

  #loadFrom(file: string): void {
    // No file yet, or a damaged one: everyone signs in again.
    const saved = readJsonFileSync(file)
    if (typeof saved !== 'object' || saved === null) return
    for (const [key, value] of Object.entries(saved)) {
      if (isStoredSession(value) && !this.#expired(value)) this.#sessions.set(key, value)
    }
  }
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
}

/** A session's public name: derived from the stored key (itself a hash of the cookie's id), one way. */
function handleOf(key: string): string {
  return createHash('sha256').update('session-handle\0').update(key).digest('base64url').slice(0, 22)
}

function isStoredSession(value: unknown): value is StoredSession {
  const session = value as StoredSession
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.createdAt === 'number' &&
    typeof session.lastSeenAt === 'number' &&
    typeof session.data?.username === 'string' &&
    typeof session.data?.credential === 'string'
  )
}
