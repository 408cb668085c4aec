import type { AccountStore } from './account-store.ts'
import { useRecoveryCode } from './recovery-codes.ts'
import { isTotpCode, verifyTotp } from './totp.ts'

/** Which kind of code finished a second step. */
export type UsedCode = 'totp' | 'recovery'

/** Thrown inside a store update to write nothing: the code was used meanwhile. */
class CodeAlreadyUsed extends Error {}

/**
 * Checks a second-step code for `username` and spends it: an authenticator code (its time step
 * saved, so it and every older one are refused from then on) or a recovery code (removed from
 * the account). Null when the code is wrong or was used already. The spending happens under
 * the accounts file's lock, so the same code sent twice at once is accepted once.
 */
export async function useSecondFactorCode(accounts: AccountStore, username: string, code: string, nowMs: number): Promise<UsedCode | null> {
  const account = await accounts.get(username)
  if (!account) return null
  try {
    if (isTotpCode(code)) {
      const totp = account.totp
      if (!totp) return null
      const step = await verifyTotp({ secret: totp.secret, code, nowMs, afterStep: totp.lastUsedStep })
      if (step === null) return null
      await accounts.update(username, (current) => {
        const last = current.totp?.lastUsedStep
        if (current.totp?.secret !== totp.secret || (last !== undefined && step <= last)) throw new CodeAlreadyUsed()
        return { ...current, totp: { ...current.totp, lastUsedStep: step } }
      })
      return 'totp'
    }
    if (useRecoveryCode(account.recoveryCodes, code) === null) return null
    await accounts.update(username, (current) => {
      const rest = useRecoveryCode(current.recoveryCodes, code)
      if (rest === null) throw new CodeAlreadyUsed()
      return { ...current, recoveryCodes: rest }
    })
    return 'recovery'
  } catch (error) {
    if (error instanceof CodeAlreadyUsed) return null
    throw error
  }
}
