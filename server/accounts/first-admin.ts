import { ConfigError } from '../lib/errors.ts'
import { checkUsername } from '../../core/contract/account-fields.ts'
import type { AccountStore } from './account-store.ts'
import { generatePassword, hashPassword } from './password.ts'
import { newPasswordProblem } from './password-policy.ts'

export interface FirstAdminOptions {
  store: AccountStore
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string }
  /** The site's host name, for the e-mail address of the created account (a port is dropped). */
  siteHost: string
}

/**
 * On a start with no account, creates one so the admin area can be reached: from ADMIN_USERNAME
 * and ADMIN_PASSWORD when both are set, else `admin` with a random password. Returns the password
 * only when it was generated, for the caller to print once; a chosen password is never echoed.
 * Returns null when accounts already exist (the variables are then ignored).
 */
export async function ensureFirstAdmin(options: FirstAdminOptions): Promise<{ username: string; password: string | null } | null> {
  const { store, env } = options
  if (!(await store.isEmpty())) return null
  const username = env.ADMIN_USERNAME?.trim() || undefined
  const password = env.ADMIN_PASSWORD || undefined
  const host = options.siteHost.replace(/:\d+$/, '') || 'localhost'

  if (username || password) {
    const problems: string[] = []
    if (!username || !password) problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both to seed the first admin account, or neither')
    const usernameProblem = username ? checkUsername(username) : null
    if (usernameProblem) problems.push(`ADMIN_USERNAME=${JSON.stringify(username)}: ${usernameProblem}`)
    // The same rule as every new password (password-policy.ts).
    const passwordProblem = password ? await newPasswordProblem(password, { username }) : null
    if (passwordProblem) problems.push(`ADMIN_PASSWORD: ${passwordProblem}`)
    if (problems.length > 0 || !username || !password) throw new ConfigError(problems)
    await store.add({ username, displayName: username, email: `${username}@${host}`, passwordHash: await hashPassword(password) })
    return { username, password: null }
  }

  const generated = generatePassword()
  await store.add({ username: 'admin', displayName: 'Admin', email: `admin@${host}`, passwordHash: await hashPassword(generated) })
  return { username: 'admin', password: generated }
}
