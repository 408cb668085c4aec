import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { MAX_PASSWORD_LENGTH } from '../../core/contract/account-settings-wire.ts'

/**
 * Admin password hashing with scrypt. A stored hash describes itself, so the cost can be raised
 * later without breaking old hashes:
 *
 *   scrypt$<log2 N>$<r>$<p>$<salt, base64url>$<key, base64url>
 */

/** What a new password must be is password-policy.ts's newPasswordProblem; the longest any password may be is the contract's. */

const LOG2_N = 17
const BLOCK_SIZE = 8
const PARALLELISM = 1
const SALT_BYTES = 16
const KEY_BYTES = 32

/**
 * scrypt uses 128 × N × r bytes (128 MiB with the defaults). At most two run at once, so 100
 * simultaneous logins queue up instead of asking for 12 GiB; the rest wait their turn here.
 */
const MAX_CONCURRENT_HASHES = 2

/** Bounds for parameters read back from a stored hash: a hand-edited file must not stall the server. */
const MAX_LOG2_N = 20
const MAX_BLOCK_SIZE = 32
const MAX_PARALLELISM = 16

/** No 0/O, 1/l/I: a generated password is printed once and may be typed by hand. */
const READABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
const GENERATED_LENGTH = 20

interface ParsedHash {
  log2N: number
  r: number
  p: number
  salt: Buffer
  key: Buffer
}

/**
 * Compared against when there is no real hash (unknown user, malformed entry), so that case costs
 * one scrypt with the default parameters, like a wrong password. Its key matches no password.
 */
const DUMMY_HASH: ParsedHash = {
  log2N: LOG2_N,
  r: BLOCK_SIZE,
  p: PARALLELISM,
  salt: Buffer.from('watchio-dummy-salt').subarray(0, SALT_BYTES),
  key: Buffer.alloc(KEY_BYTES),
}

/**
 * `log2N` is lowered only by the tests' fixtures, as Devise's test `stretches` and Django's test
 * hashers are: a stored hash carries its own parameters, so an account seeded cheaply signs in
 * cheaply, while the server itself always hashes with the default. At the default, each sign-in
 * of the test suites cost 0.3 s of CPU and 128 MiB.
 */
export async function hashPassword(password: string, cost: { log2N: number } = { log2N: LOG2_N }): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new RangeError(`A password may have at most ${MAX_PASSWORD_LENGTH} characters`)
  }
  if (!(Number.isInteger(cost.log2N) && cost.log2N >= 1 && cost.log2N <= MAX_LOG2_N)) throw new RangeError(`log2N must be an integer from 1 to ${MAX_LOG2_N}`)
  const salt = randomBytes(SALT_BYTES)
  const key = await deriveKey(password, { log2N: cost.log2N, r: BLOCK_SIZE, p: PARALLELISM, salt }, KEY_BYTES)
  return ['scrypt', cost.log2N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/**
 * True when `password` matches `stored`. `stored` is null for an unknown user: the same work is done
 * and the answer is false, so the time taken does not tell which usernames exist.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parsePasswordHash(stored)
  const usable = parsed !== null && password.length <= MAX_PASSWORD_LENGTH
  const target = usable ? parsed : DUMMY_HASH
  const key = await deriveKey(usable ? password : '', target, target.key.length)
  return timingSafeEqual(key, target.key) && usable
}

/** Whether `stored` has the shape `hashPassword` writes, with parameters this module accepts. */
export function isPasswordHash(stored: string): boolean {
  return parsePasswordHash(stored) !== null
}

export function generatePassword(): string {
  let password = ''
  for (let i = 0; i < GENERATED_LENGTH; i++) password += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]
  return password
}

function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [log2N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,3}$/.test(part!) ? Number(part) : NaN)) as [number, number, number]
  if (!(log2N >= 1 && log2N <= MAX_LOG2_N && r >= 1 && r <= MAX_BLOCK_SIZE && p >= 1 && p <= MAX_PARALLELISM)) return null
  const salt = decodeBase64url(parts[4]!)
  const key = decodeBase64url(parts[5]!)
  if (salt === null || key === null || salt.length < 8 || key.length < 16 || key.length > 64) return null
  return { log2N, r, p, salt, key }
}

function decodeBase64url(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : null
}

function deriveKey(password: string, params: Omit<ParsedHash, 'key'>, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.log2N
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 128 * N * params.r * 2 }
  // NFC: the same password typed on two systems may arrive composed or decomposed.
  const input = password.normalize('NFC')
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(input, params.salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))
      }),
  )
}

let running = 0
const waiting: (() => void)[] = []

async function withHashSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_HASHES) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await task()
  } finally {
    // Hand the slot straight to the next waiter, or give it back.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}
