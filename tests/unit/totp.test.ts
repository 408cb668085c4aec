import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { hashRecoveryCode, isRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT, useRecoveryCode } from '../../server/accounts/recovery-codes.ts'
import { isTotpCode, newTotpSecret, TOTP_PERIOD_SECONDS, totpUri, verifyTotp } from '../../server/accounts/totp.ts'

/** A moment in the middle of a time step, so one step either side is exactly ±30 s. */
const T0 = 1_800_000_015_000
const STEP = Math.floor(T0 / 1000 / TOTP_PERIOD_SECONDS)

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) })

describe('TOTP (RFC 6238, 6 digits, 30 s)', () => {
  it('makes a 160-bit base32 secret and an otpauth URI naming the site and the person', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
    const text = totpUri(secret, 'ana')
    expect(text.startsWith('otpauth://totp/Watchio:ana?')).toBe(true)
    const uri = new URL(text)
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Watchio')
  })

  it("accepts the current code and the ones a step before and after, with the step it belongs to", async () => {
    const secret = newTotpSecret()
    const code = await codeAt(secret, T0)
    expect(await verifyTotp({ secret, code, nowMs: T0 })).toBe(STEP)
    expect(await verifyTotp({ secret, code, nowMs: T0 + 30_000 })).toBe(STEP)
    expect(await verifyTotp({ secret, code, nowMs: T0 - 30_000 })).toBe(STEP)
    expect(await verifyTotp({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, nowMs: T0 })).toBe(STEP)
  })

  it('refuses a code two steps away, a wrong code, another secret and what is not 6 digits', async () => {
    const secret = newTotpSecret()
    const code = await codeAt(secret, T0)
    expect(await verifyTotp({ secret, code, nowMs: T0 + 60_000 })).toBeNull()
    expect(await verifyTotp({ secret, code, nowMs: T0 - 60_000 })).toBeNull()
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect(await verifyTotp({ secret, code: wrong, nowMs: T0 })).toBeNull()
    expect(await verifyTotp({ secret: newTotpSecret(), code, nowMs: T0 })).toBeNull()
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345a']) expect(await verifyTotp({ secret, code: bad, nowMs: T0 })).toBeNull()
    expect(isTotpCode('123 456')).toBe(true)
    expect(isTotpCode('abcde-fghjk')).toBe(false)
  })

  it('refuses a code of a step at or before the last one used (a replay), and takes a later one', async () => {
    const secret = newTotpSecret()
    const code = await codeAt(secret, T0)
    expect(await verifyTotp({ secret, code, nowMs: T0, afterStep: STEP })).toBeNull()
    expect(await verifyTotp({ secret, code, nowMs: T0, afterStep: STEP + 1 })).toBeNull()
    const next = await codeAt(secret, T0 + 30_000)
    expect(await verifyTotp({ secret, code: next, nowMs: T0 + 30_000, afterStep: STEP })).toBe(STEP + 1)
  })
})

describe('recovery codes', () => {
  it('makes 10 distinct readable codes of 10 characters, and keeps only their SHA-256', () => {
    const { codes, hashes } = newRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
      expect(code).not.toMatch(/[01ilo]/)
      expect(isRecoveryCode(code)).toBe(true)
    }
    expect(hashes).toEqual(codes.map(hashRecoveryCode))
    expect(hashes.join()).not.toContain(codes[0]!.slice(0, 5))
    expect(hashes[0]).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('takes each code once, typed any way, and nothing that is not one of them', () => {
    const { codes, hashes } = newRecoveryCodes()
    const rest = useRecoveryCode(hashes, ` ${codes[3]!.toUpperCase().replace('-', ' ')} `)
    expect(rest).toHaveLength(RECOVERY_CODE_COUNT - 1)
    expect(useRecoveryCode(rest!, codes[3]!)).toBeNull()
    expect(useRecoveryCode(rest!, codes[4]!)).toHaveLength(RECOVERY_CODE_COUNT - 2)
    expect(useRecoveryCode(hashes, 'abcde-fghjk')).toBeNull()
    expect(useRecoveryCode(hashes, '123456')).toBeNull()
  })
})
