import { createHash, randomInt } from 'node:crypto'

/** Ten codes, each good once: enough for the rare lost phone, few enough to keep on paper. */
export const RECOVERY_CODE_COUNT = 10
const CODE_LENGTH = 10
/** No 0/o, 1/l/i: a code read off paper is typed right. 31 symbols, 10 of them: about 50 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** New recovery codes to show once (`xxxxx-xxxxx`), and the hashes the accounts file keeps. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return { codes, hashes: codes.map(hashRecoveryCode) }
}

/** SHA-256, base64url, of the code as typed any way (case, dashes and spaces do not matter). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url')
}

/** Whether `code` has the shape of a recovery code (10 of its letters and digits). */
export function isRecoveryCode(code: string): boolean {
  const normalized = normalizeRecoveryCode(code)
  return normalized.length === CODE_LENGTH && [...normalized].every((char) => ALPHABET.includes(char))
}

/**
 * The hashes left once `code` is used, or null when it is not one of them. The caller saves
 * the rest: a code works once.
 */
export function useRecoveryCode(hashes: readonly string[], code: string): string[] | null {
  if (!isRecoveryCode(code)) return null
  const hash = hashRecoveryCode(code)
  return hashes.includes(hash) ? hashes.filter((stored) => stored !== hash) : null
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '')
}
