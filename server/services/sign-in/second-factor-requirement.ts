import type { SecuritySettingsWire } from '../../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../../accounts/account-record.ts'
import type { SecuritySettings } from '../../accounts/security-settings.ts'
import { InvalidInputError } from '../../lib/errors.ts'

/**
 * The team's sign-in rule an admin sets: whether everyone must have a second factor (an
 * authenticator app or a passkey). While it is on, a person without one may only add one.
 */
export class SecondFactorRequirement {
  readonly #settings: SecuritySettings

  constructor(deps: { settings: SecuritySettings }) {
    this.#settings = deps.settings
  }

  /** Whether the rule is on (in memory once read: a request that does not need the account pays nothing more). */
  async isOn(): Promise<boolean> {
    return (await this.#settings.get()).requireSecondFactor
  }

  async get(): Promise<SecuritySettingsWire> {
    return this.#settings.get()
  }

  /** @throws InvalidInputError when `admin`, turning it on, has no second factor: they would be the first it shuts out. */
  async change(admin: AdminAccount, change: SecuritySettingsWire): Promise<SecuritySettingsWire> {
    if (change.requireSecondFactor && !hasSecondFactor(admin)) {
      throw new InvalidInputError('Add a second factor to your own account before requiring one from everyone', 'requireSecondFactor')
    }
    return this.#settings.set({ requireSecondFactor: change.requireSecondFactor })
  }

  /** Whether this person must add a second factor before anything else (false for nobody signed in). */
  async mustAdd(account: AdminAccount | null): Promise<boolean> {
    if (!account || hasSecondFactor(account)) return false
    return this.isOn()
  }
}
