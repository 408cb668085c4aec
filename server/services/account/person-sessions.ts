import type { SessionWire } from '../../../core/contract/index.ts'
import type { AdminAccount } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import type { SessionListing, SessionStore } from '../../accounts/session-store.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { credentialOf } from '../sign-in/sign-in-session.ts'

/**
 * A person's sessions: their own list (end one, end all the others), and an admin's view of
 * anyone's (a lost laptop, a person leaving: end one, end them all). A session opened with a
 * password or factors changed since is not listed: it ends at its next request.
 */
export class PersonSessions {
  readonly #accounts: AccountStore
  readonly #sessions: SessionStore

  constructor(deps: { accounts: AccountStore; sessions: SessionStore }) {
    this.#accounts = deps.accounts
    this.#sessions = deps.sessions
  }

  /** `currentId`: the id of the session that asks, marked `current` in the list. */
  list(person: AdminAccount, currentId: string | undefined): SessionWire[] {
    return sessionsWire(this.#sessions.listFor(person.username, { currentId, credential: credentialOf(person) }))
  }

  /**
   * Ends the session of `username` that `handle` names; answers whether it was the asking one
   * (then the asker has signed out).
   * @throws NotFoundError when it names none of theirs (ended already, or another's)
   */
  end(username: string, handle: string, currentId: string | undefined): { endedCurrent: boolean } {
    const current = this.#sessions.listFor(username, { currentId }).find((session) => session.current)
    if (!this.#sessions.destroyByHandle(username, handle)) throw new NotFoundError('No such session (it may have ended already)')
    return { endedCurrent: current?.handle === handle }
  }

  /** Ends every session of `username` but `keepId`'s; answers how many ended. */
  endOthers(username: string, keepId: string | undefined): number {
    return this.#sessions.destroyOthers(username, keepId ?? '')
  }

  /** An admin's view: `username`'s sessions. @throws NotFoundError for nobody of that name */
  async listOf(username: string, currentId: string | undefined): Promise<SessionWire[]> {
    return this.list(await this.#person(username), currentId)
  }

  /** An admin ending one of `username`'s sessions. @throws NotFoundError */
  async endOf(username: string, handle: string, currentId: string | undefined): Promise<{ endedCurrent: boolean }> {
    return this.end((await this.#person(username)).username, handle, currentId)
  }

  /** An admin ending all of `username`'s sessions; answers how many ended. @throws NotFoundError */
  async endAllOf(username: string): Promise<number> {
    return this.#sessions.destroyUser((await this.#person(username)).username)
  }

  async #person(username: string): Promise<AdminAccount> {
    const account = await this.#accounts.get(username)
    if (!account) throw new NotFoundError(`No person "${username}"`)
    return account
  }
}

/** A person's sessions as the wire carries them: times as ISO date-times. */
export function sessionsWire(sessions: SessionListing[]): SessionWire[] {
  return sessions.map(({ handle, device, signedInAt, lastUsedAt, current }) => ({
    handle,
    device,
    signedInAt: new Date(signedInAt).toISOString(),
    lastUsedAt: new Date(lastUsedAt).toISOString(),
    current,
  }))
}
