import type * as Crypto from 'node:crypto'

/** One scrypt run: the work it cost (N, r, p) and the key it made. */
export interface ScryptCall {
  N: number
  r: number
  p: number
  keyLength: number
}

/** Every scrypt run since the test last emptied it (`scryptCalls.splice(0)`). */
export const scryptCalls: ScryptCall[] = []

/**
 * node:crypto with a scrypt that notes each run in scryptCalls, then runs the real one: the work
 * a sign-in does is counted, not timed. For a test file's
 * `vi.mock('node:crypto', async (original) => (await import('./scrypt-calls.ts')).countingScrypt(await original()))`.
 */
export function countingScrypt(crypto: typeof Crypto): typeof Crypto {
  const scrypt = (...args: unknown[]) => {
    const [, , keyLength, options] = args as [unknown, unknown, number, Crypto.ScryptOptions]
    scryptCalls.push({ N: options.N ?? options.cost ?? 16384, r: options.r ?? options.blockSize ?? 8, p: options.p ?? options.parallelization ?? 1, keyLength })
    return (crypto.scrypt as (...args: unknown[]) => void)(...args)
  }
  return { ...crypto, scrypt: scrypt as typeof Crypto.scrypt }
}
