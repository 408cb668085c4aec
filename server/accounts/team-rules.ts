import { ConflictError } from '../lib/errors.ts'
import type { AdminAccount } from './account-record.ts'

/**
 * The team must keep someone who can manage it: at least one admin who is not disabled. A change
 * that would leave none (demoting, disabling or removing the last one) is refused with a 409.
 * Given to AccountStore's `check`, so it holds under the file's lock.
 */
export function keepAnEnabledAdmin(after: AdminAccount[]): void {
  if (!after.some((account) => account.role === 'admin' && !account.disabled)) {
    throw new ConflictError('The site must keep at least one enabled admin: make someone else an admin first')
  }
}
