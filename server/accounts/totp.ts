import { generateSecret, generateURI, verify } from 'otplib'

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** The name an authenticator app shows above the person's codes. */
export const TOTP_ISSUER = 'Watchio'

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's advice), base32 as apps type it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The `otpauth://totp/...` URI a QR code carries to the app. */
export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS })
}

/** Whether `code` looks like a TOTP code at all (6 digits; spaces a person typed are dropped first). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(normalizeTotpCode(code))
}

export function normalizeTotpCode(code: string): string {
  return code.replace(/\s+/g, '')
}

/**
 * The time step `code` belongs to, or null when it is wrong. One step either side of `nowMs` is
 * accepted (a phone's clock a little off, a code typed as it changed). A code of a step at or
 * before `afterStep` is refused: each code is good once, so one seen over a shoulder or replayed
 * from a request is worthless.
 */
export async function verifyTotp(options: { secret: string; code: string; nowMs: number; afterStep?: number }): Promise<number | null> {
  const token = normalizeTotpCode(options.code)
  if (!/^\d{6}$/.test(token)) return null
  const result = await verify({
    secret: options.secret,
    token,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(options.nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(options.afterStep === undefined ? {} : { afterTimeStep: options.afterStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}
