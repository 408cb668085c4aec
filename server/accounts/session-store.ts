import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** What a signed-in session holds: who, and which password they signed in with. */
export interface SessionData {
  username: string
  /** Changes when the password does, so a password change ends the sessions that used the old one. */
  credential: string
  [key: string]: unknown
}

interface StoredSession {
  data: SessionData
  createdAt: number
  lastSeenAt: number
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
 * Kept in memory and saved to `file` (when given) so a restart signs nobody out.
 */
export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>()
  private saveTimer: NodeJS.Timeout | null = null
  private saving: Promise<void> = Promise.resolve()

  constructor(
    private readonly options: { file: string | null; now?: () => number } = { file: null },
  ) {
    if (options.file) this.loadFrom(options.file)
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  async get(id: string): Promise<SessionData | undefined> {
    const key = hashId(id)
    const session = this.sessions.get(key)
    if (!session) return undefined
    if (this.expired(session)) {
      this.sessions.delete(key)
      this.scheduleSave()
      return undefined
    }
    session.lastSeenAt = this.now()
    this.scheduleSave()
    return session.data
  }

  async set(id: string, data: SessionData): Promise<void> {
    const key = hashId(id)
    const now = this.now()
    const existing = this.sessions.get(key)
    this.sessions.set(key, { data, createdAt: existing?.createdAt ?? now, lastSeenAt: now })
    this.scheduleSave()
  }

  async destroy(id: string): Promise<void> {
    if (this.sessions.delete(hashId(id))) this.scheduleSave()
  }

  /** Ends every session of one admin (an account removed). */
  destroyUser(username: string): void {
    for (const [key, session] of this.sessions) {
      if (session.data.username === username) this.sessions.delete(key)
    }
    this.scheduleSave()
  }

  get size(): number {
    return this.sessions.size
  }

  /** Writes pending changes now (at shutdown). */
  async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer)
      this.saveTimer = null
      this.saving = this.saving.then(() => this.save())
    }
    await this.saving
  }

  private expired(session: StoredSession): boolean {
    const now = this.now()
    return now - session.lastSeenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_LIFETIME_MS
  }

  private scheduleSave(): void {
    if (!this.options.file || this.saveTimer) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null
      this.saving = this.saving.then(() => this.save())
    }, SAVE_DELAY_MS)
    this.saveTimer.unref()
  }

  private async save(): Promise<void> {
    const file = this.options.file!
    for (const [key, session] of this.sessions) if (this.expired(session)) this.sessions.delete(key)
    const temp = `${file}.tmp-${process.pid}`
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      await writeFile(temp, JSON.stringify(Object.fromEntries(this.sessions)), { mode: 0o600 })
      await rename(temp, file)
    } catch (error) {
      // Sessions still work from memory; only a restart would sign admins out.
      console.error(`Saving sessions to ${file} failed:`, error)
    }
  }

  private loadFrom(file: string): void {
    let saved: unknown
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      return // No file yet, or a damaged one: everyone signs in again.
    }
    if (typeof saved !== 'object' || saved === null) return
    for (const [key, value] of Object.entries(saved)) {
      if (isStoredSession(value) && !this.expired(value)) this.sessions.set(key, value)
    }
  }
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
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
