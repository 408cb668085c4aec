import { describe, expect, it, vi } from 'vitest'
import { generatePassword, hashPassword, isPasswordHash, verifyPassword } from '../../server/accounts/password.ts'
import { MAX_PASSWORD_LENGTH } from '../../core/contract/account-settings-wire.ts'
import { newPasswordProblem } from '../../server/accounts/password-policy.ts'
import { MIN_NEW_PASSWORD_LENGTH } from '../../core/contract/index.ts'
import { scryptCalls } from '../support/scrypt-calls.ts'

vi.mock('node:crypto', async (original) => (await import('../support/scrypt-calls.ts')).countingScrypt(await original()))

// Each scrypt takes a few hundred milliseconds (N = 2^17) and at most two run at once.
const SLOW = 30_000

describe('hashPassword', () => {
  it(
    'writes scrypt$17$8$1$<16-byte salt>$<32-byte key> and a new salt each time',
    async () => {
      const [first, second] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')])
      for (const hash of [first, second]) {
        const parts = hash.split('$')
        expect(parts.slice(0, 4)).toEqual(['scrypt', '17', '8', '1'])
        expect(Buffer.from(parts[4]!, 'base64url')).toHaveLength(16)
        expect(Buffer.from(parts[5]!, 'base64url')).toHaveLength(32)
        expect(parts[4]).toMatch(/^[A-Za-z0-9_-]+$/)
        expect(isPasswordHash(hash)).toBe(true)
      }
      expect(first).not.toBe(second)
      expect(first.split('$')[4]).not.toBe(second.split('$')[4])
    },
    SLOW,
  )

  it('writes a lower cost only when asked (the tests\' fixtures), and verifying it costs what it was made with', async () => {
    const cheap = await hashPassword('correct horse battery', { log2N: 7 })
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '7', '8', '1'])
    scryptCalls.splice(0)
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true)
    expect(await verifyPassword('wrong horse battery', cheap)).toBe(false)
    expect(scryptCalls.map(({ N }) => N)).toEqual([2 ** 7, 2 ** 7])
    for (const log2N of [0, 21, 7.5, Number.NaN]) await expect(hashPassword('correct horse battery', { log2N })).rejects.toThrow(RangeError)
  })

  it('refuses a password over the maximum', async () => {
    await expect(hashPassword('x'.repeat(MAX_PASSWORD_LENGTH + 1))).rejects.toThrow(/at most 1024/)
  })

  it('has the agreed limits: the shortest new password is the policy\'s (ASVS: 8)', () => {
    expect(MIN_NEW_PASSWORD_LENGTH).toBe(8)
    expect(MAX_PASSWORD_LENGTH).toBe(1024)
  })
})

describe('verifyPassword', () => {
  it(
    'accepts the right password and refuses others, an unknown user and malformed hashes',
    async () => {
      const hash = await hashPassword('correct horse battery')
      const key = hash.split('$')[5]!
      const [right, wrong, empty, caseChanged, unknown, ...malformed] = await Promise.all([
        verifyPassword('correct horse battery', hash),
        verifyPassword('correct horse batterY', hash),
        verifyPassword('', hash),
        verifyPassword('Correct horse battery', hash),
        verifyPassword('correct horse battery', null),
        verifyPassword('correct horse battery', ''),
        verifyPassword('correct horse battery', 'plain text password'),
        verifyPassword('correct horse battery', hash.replace('scrypt$', 'bcrypt$')),
        verifyPassword('correct horse battery', hash.replace('$17$', '$40$')),
        verifyPassword('correct horse battery', `${hash}$extra`),
        verifyPassword('correct horse battery', hash.replace(key, '!!!')),
      ])
      expect(right).toBe(true)
      expect([wrong, empty, caseChanged, unknown]).toEqual([false, false, false, false])
      expect(malformed).toEqual(malformed.map(() => false))
    },
    SLOW,
  )

  it(
    'refuses a password over the maximum without an error',
    async () => {
      const long = 'x'.repeat(MAX_PASSWORD_LENGTH + 1)
      expect(await verifyPassword(long, null)).toBe(false)
    },
    SLOW,
  )

  it(
    'treats composed and decomposed forms of a password as the same',
    async () => {
      const hash = await hashPassword('caf\u00e9 au lait 12')
      expect(await verifyPassword('cafe\u0301 au lait 12', hash)).toBe(true)
    },
    SLOW,
  )

  it(
    'does the same work for an unknown user, a malformed hash or an over-long password as for a wrong password: one scrypt at the default cost',
    async () => {
      const hash = await hashPassword('correct horse battery')
      const work = async (password: string, stored: string | null) => {
        scryptCalls.splice(0)
        expect(await verifyPassword(password, stored)).toBe(false)
        return scryptCalls.splice(0)
      }
      const wrong = await work('wrong password here', hash)
      expect(wrong).toEqual([{ N: 2 ** 17, r: 8, p: 1, keyLength: 32 }])
      expect(await work('wrong password here', null)).toEqual(wrong)
      expect(await work('wrong password here', 'plain text password')).toEqual(wrong)
      expect(await work('x'.repeat(MAX_PASSWORD_LENGTH + 1), hash)).toEqual(wrong)
    },
    SLOW,
  )
})

describe('generatePassword', () => {
  it('gives 20 characters from the readable alphabet, different each time', async () => {
    const passwords = Array.from({ length: 200 }, generatePassword)
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z2-9]{20}$/)
      expect(password).not.toMatch(/[0O1lI]/)
      expect(await newPasswordProblem(password)).toBeNull()
    }
    expect(new Set(passwords).size).toBe(passwords.length)
    // 200 × 20 characters reach every one of the 57 letters and digits.
    expect(new Set(passwords.join('')).size).toBe(57)
  })
})
