import type { PersonChange, PersonWire } from '../../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import type { SessionStore } from '../../accounts/session-store.ts'
import { keepAnEnabledAdmin } from '../../accounts/team-rules.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'

export interface PeopleDeps {
  accounts: AccountStore
  /** Ends a person's sessions when they are disabled or removed. */
  sessions: Pick<SessionStore, 'destroyUser'>
}

/**
 * The team, as admins manage it: who is in it, their role, disabled or not, removed, their
 * second factors reset when they are locked out. A change takes effect on the person's next
 * request (every request reads the account); a disabled or removed person's sessions end at
 * once. The site always keeps an enabled admin (team-rules.ts). Commits keep their author's
 * name and e-mail whatever happens to the account: git history is never rewritten.
 */
export class People {
  readonly #deps: PeopleDeps

  constructor(deps: PeopleDeps) {
    this.#deps = deps
  }

  async list(): Promise<PersonWire[]> {
    return (await this.#deps.accounts.list()).map(personWire)
  }

  /** A role, disabled or not, or both (what may be asked is the contract's personChangeSchema). */
  async change(username: string, change: PersonChange): Promise<PersonWire> {
    const changed = await this.#deps.accounts.update(
      username,
      (account) => ({ ...account, ...(change.role !== undefined && { role: change.role }), ...(change.disabled !== undefined && { disabled: change.disabled }) }),
      { check: keepAnEnabledAdmin },
    )
    if (changed.disabled) this.#deps.sessions.destroyUser(username)
    return personWire(changed)
  }

  async remove(username: string): Promise<void> {
    if (!(await this.#deps.accounts.remove(username, { check: keepAnEnabledAdmin }))) throw new NotFoundError(`No person "${username}"`)
    this.#deps.sessions.destroyUser(username)
  }

  /**
   * For a teammate who lost their phone or passkeys: no authenticator app, recovery codes or
   * passkeys any more; they sign in with their password alone (and add a factor again). Their
   * sessions end (the factors' change says so to every session).
   */
  async resetFactors(username: string): Promise<PersonWire> {
    const account = await this.#deps.accounts.get(username)
    if (!account) throw new NotFoundError(`No person "${username}"`)
    if (account.passwordHash === null) {
      throw new ConflictError(`${account.displayName} signs in with a passkey alone: without it they could not sign in. Invite them again instead.`)
    }
    const reset = await this.#deps.accounts.update(username, (current) => ({
      ...current,
      totp: null,
      recoveryCodes: [],
      passkeys: [],
      factorsChangedAt: new Date().toISOString(),
    }))
    this.#deps.sessions.destroyUser(username)
    return personWire(reset)
  }
}

export function personWire(account: AdminAccount): PersonWire {
  const { username, displayName, email, role, disabled, createdAt } = account
  return { username, displayName, email, role, disabled, hasSecondFactor: hasSecondFactor(account), createdAt }
}
