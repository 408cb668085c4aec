import type { Role } from '../../core/contract/index.ts'
import { checkDisplayName, checkEmail, checkRole, checkUsername } from '../../core/contract/account-fields.ts'
import { MAX_PASSKEY_NAME_LENGTH } from '../../core/contract/passkey-wire.ts'
import { isPasswordHash } from './password.ts'

// The rules of each field are the contract's: the request schemas check them too.

/** A passkey (WebAuthn credential) a person registered: what verifying its signatures needs. */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string
  /** Its COSE public key, base64url. */
  publicKey: string
  /** The authenticator's signature counter (0 for passkeys that do not count). */
  counter: number
  /** How the browser may reach it (usb, internal, hybrid…), as the browser said. */
  transports: string[]
  /** The person's name for it ("MacBook Touch ID"). */
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/** An authenticator app's shared secret (base32), once the person proved their app has it. */
export interface TotpFactor {
  secret: string
  addedAt: string
  /** The time step of the last code accepted: a code is good once, so a step at or before it is refused. */
  lastUsedStep?: number
}

/** One person of the team. The file keeps hashes and public keys only, never a secret they type. */
export interface AdminAccount {
  username: string
  displayName: string
  email: string
  /** Null for a person who signs in with a passkey alone. */
  passwordHash: string | null
  role: Role
  /** A disabled person cannot sign in; their sessions end; their commits keep their name. */
  disabled: boolean
  createdAt: string
  passwordChangedAt: string
  totp: TotpFactor | null
  /** SHA-256 (base64url) of each recovery code not used yet. */
  recoveryCodes: string[]
  passkeys: StoredPasskey[]
  /** The WebAuthn user handle (random, base64url) the person's passkeys carry; null before the first. */
  passkeyUserId: string | null
  /** Changes when a factor is added or removed, so the person's other sessions end. */
  factorsChangedAt: string
}

export const MAX_PASSKEYS = 20

/** Whether this person has a second factor to ask for after the password. */
export function hasSecondFactor(account: AdminAccount): boolean {
  return account.totp !== null || account.passkeys.length > 0
}

/**
 * The first problem with one entry of the accounts file, as `[field, problem]`, or null. The file
 * is edited by the CLI and the server only, but it is read like any input: a hand edit that
 * breaks it is named, never half-used.
 */
export function accountProblem(entry: Record<string, unknown>): [string, string] | null {
  const problems: [string, string | null][] = [
    ['username', checkUsername(entry.username)],
    ['displayName', checkDisplayName(entry.displayName)],
    ['email', checkEmail(entry.email)],
    ['passwordHash', entry.passwordHash === null || (typeof entry.passwordHash === 'string' && isPasswordHash(entry.passwordHash)) ? null : 'must be a hash written by npm run admin, or null'],
    ['role', checkRole(entry.role)],
    ['disabled', typeof entry.disabled === 'boolean' ? null : 'must be true or false'],
    ['createdAt', checkTimestamp(entry.createdAt)],
    ['passwordChangedAt', checkTimestamp(entry.passwordChangedAt)],
    ['factorsChangedAt', checkTimestamp(entry.factorsChangedAt)],
    ['totp', checkTotp(entry.totp)],
    ['recoveryCodes', isList(entry.recoveryCodes, isBase64url, 20) ? null : 'must be a list of at most 20 code hashes'],
    ['passkeys', isList(entry.passkeys, isPasskey, MAX_PASSKEYS) ? null : `must be a list of at most ${MAX_PASSKEYS} passkeys`],
    ['passkeyUserId', entry.passkeyUserId === null || isBase64url(entry.passkeyUserId) ? null : 'must be base64url or null'],
  ]
  for (const [field, problem] of problems) if (problem) return [field, problem]
  if (entry.passwordHash === null && (entry.passkeys as unknown[]).length === 0) {
    return ['passwordHash', 'is null, but the account has no passkey to sign in with']
  }
  return null
}

/** The entry's own fields only (an unknown key in the file is not carried along). */
export function pickAccount(entry: AdminAccount): AdminAccount {
  const { username, displayName, email, passwordHash, role, disabled, createdAt, passwordChangedAt } = entry
  const { totp, recoveryCodes, passkeys, passkeyUserId, factorsChangedAt } = entry
  return {
    username,
    displayName,
    email,
    passwordHash,
    role,
    disabled,
    createdAt,
    passwordChangedAt,
    totp: totp && { secret: totp.secret, addedAt: totp.addedAt, ...(totp.lastUsedStep === undefined ? {} : { lastUsedStep: totp.lastUsedStep }) },
    recoveryCodes: [...recoveryCodes],
    passkeys: passkeys.map(({ id, publicKey, counter, transports, name, createdAt: added, lastUsedAt }) => ({
      id,
      publicKey,
      counter,
      transports: [...transports],
      name,
      createdAt: added,
      lastUsedAt,
    })),
    passkeyUserId,
    factorsChangedAt,
  }
}

/** A version 1 file's entry (password only, every account an admin), read as today's. */
export function upgradeVersion1(entry: Record<string, unknown>): Record<string, unknown> {
  return {
    role: 'admin',
    disabled: false,
    totp: null,
    recoveryCodes: [],
    passkeys: [],
    passkeyUserId: null,
    factorsChangedAt: entry.createdAt,
    ...entry,
  }
}

function checkTimestamp(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO date-time'
}

function checkTotp(value: unknown): string | null {
  if (value === null) return null
  const totp = value as TotpFactor
  if (typeof totp !== 'object' || typeof totp.secret !== 'string' || !/^[A-Z2-7]{16,128}$/.test(totp.secret)) {
    return 'must be null or { secret (base32), addedAt }'
  }
  if (totp.lastUsedStep !== undefined && !(Number.isSafeInteger(totp.lastUsedStep) && totp.lastUsedStep >= 0)) {
    return 'lastUsedStep must be a time step (a whole number)'
  }
  return checkTimestamp(totp.addedAt)
}

function isPasskey(value: unknown): boolean {
  const key = value as StoredPasskey
  return (
    typeof key === 'object' &&
    key !== null &&
    isBase64url(key.id) &&
    isBase64url(key.publicKey) &&
    Number.isSafeInteger(key.counter) &&
    key.counter >= 0 &&
    isList(key.transports, (t) => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t), 10) &&
    typeof key.name === 'string' &&
    key.name.length <= MAX_PASSKEY_NAME_LENGTH &&
    checkTimestamp(key.createdAt) === null &&
    (key.lastUsedAt === null || checkTimestamp(key.lastUsedAt) === null)
  )
}

function isBase64url(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,1400}$/.test(value)
}

function isList(value: unknown, isItem: (item: unknown) => boolean, max: number): boolean {
  return Array.isArray(value) && value.length <= max && value.every(isItem)
}
