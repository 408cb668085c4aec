import { MIN_NEW_PASSWORD_LENGTH, RECOMMENDED_PASSWORD_LENGTH } from '../../core/contract/index.ts'
import { MAX_PASSWORD_LENGTH } from '../../core/contract/account-settings-wire.ts'

/**
 * What a new password must be, as OWASP ASVS 5.0 (6.2) asks: at least 8 characters (15
 * recommended, said in the form), at most MAX_PASSWORD_LENGTH, no composition rules, and not
 * one of the passwords attackers try first: the 49,233 of zxcvbn-ts's common list (kept with the
 * library, bundled, no network), nor the person's own username or name. The one rule for every
 * new password: the account page, an invitation, `npm run admin`, the first admin. The lengths
 * are the contract's, so the admin's form says what the server checks.
 */

/**
 * Loaded on the first new password, not at start: requiring the list takes 65 ms (node -e
 * "require('@zxcvbn-ts/language-common')"), a sixteenth of the start's budget, for a check made
 * a few times a month. The compiled server keeps it in a chunk of its own.
 */
let common: Promise<Set<string>> | null = null

async function loadCommonPasswords(): Promise<Set<string>> {
  const loaded = await import('@zxcvbn-ts/language-common')
  // A CommonJS package: Node's ESM loader names its exports, a bundle's import() gives `default`.
  const { dictionary } = (loaded.dictionary ? loaded : (loaded as unknown as { default: typeof loaded }).default)
  return new Set(dictionary['passwords-common'])
}

/** The problem with `password` as a new password, said to the person choosing it, or null. */
export async function newPasswordProblem(password: string, context: { username?: string; displayName?: string } = {}): Promise<string | null> {
  // Length in characters as typed (a composed é is one), as the form counts it.
  const length = [...password.normalize('NFC')].length
  if (length < MIN_NEW_PASSWORD_LENGTH) return `must have at least ${MIN_NEW_PASSWORD_LENGTH} characters (${RECOMMENDED_PASSWORD_LENGTH} or more is better)`
  if (password.length > MAX_PASSWORD_LENGTH) return `must have at most ${MAX_PASSWORD_LENGTH} characters`
  const folded = password.normalize('NFC').toLowerCase()
  common ??= loadCommonPasswords()
  if ((await common).has(folded)) return 'is one of the most common passwords; choose another'
  const own = [context.username, context.displayName].map((word) => word?.trim().toLowerCase()).filter((word): word is string => !!word)
  if (own.includes(folded)) return 'must not be your username or name'
  return null
}
