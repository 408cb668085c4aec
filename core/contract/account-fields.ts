import { ROLES, type Role } from './account-wire.ts'

/**
 * What a person's name, e-mail, username and role may be: one rule each, kept by the request
 * schemas (the account page, an invitation), by the accounts and invitations files as they are
 * read back, and by `npm run admin`. Each check answers the problem in words that follow the
 * field's name ("displayName is required"), or null.
 */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/
export const MAX_DISPLAY_NAME_LENGTH = 100
export const MAX_EMAIL_LENGTH = 254

export function checkUsername(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'is required'
  if (!USERNAME_PATTERN.test(value)) {
    return 'must be 1 to 64 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit'
  }
  return null
}

export function checkEmail(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'is required'
  if (value.length > MAX_EMAIL_LENGTH) return `must have at most ${MAX_EMAIL_LENGTH} characters`
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return 'must look like name@example.com (one @, no spaces)'
  return null
}

export function checkDisplayName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required'
  if (value.length > MAX_DISPLAY_NAME_LENGTH) return `must have at most ${MAX_DISPLAY_NAME_LENGTH} characters`
  if (value !== value.trim()) return 'must not start or end with spaces'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters'
  return null
}

/** What a role that is none of ROLES is told. */
export const ROLE_RULE = `must be one of ${ROLES.join(', ')}`

export function checkRole(value: unknown): string | null {
  return (ROLES as readonly unknown[]).includes(value) ? null : ROLE_RULE
}

export function isRole(value: unknown): value is Role {
  return checkRole(value) === null
}
