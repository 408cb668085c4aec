import type { AccountProfile, ProfileChange } from '../../../core/contract/index.ts'
import type { AdminAccount } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'

/**
 * A person's own name and e-mail: the author of their commits from their next save on (each
 * request reads the account afresh). What they may be is the contract's (account-fields.ts),
 * checked as the request is read.
 */
export class OwnProfile {
  readonly #accounts: AccountStore

  constructor(deps: { accounts: AccountStore }) {
    this.#accounts = deps.accounts
  }

  read(account: AdminAccount): AccountProfile {
    const { username, displayName, email, role } = account
    return { username, displayName, email, role, hasPassword: account.passwordHash !== null }
  }

  async change(username: string, change: ProfileChange): Promise<AccountProfile> {
    const { displayName, email } = change
    return this.read(await this.#accounts.update(username, (account) => ({ ...account, displayName, email })))
  }
}
