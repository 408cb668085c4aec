import type { IdentityProof, RecoveryCodes, TotpSetup, TotpStatus } from '../../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { newRecoveryCodes } from '../../accounts/recovery-codes.ts'
import type { SecuritySettings } from '../../accounts/security-settings.ts'
import { newTotpSecret, totpUri, verifyTotp } from '../../accounts/totp.ts'
import { ConflictError, InvalidInputError } from '../../lib/errors.ts'
import type { LoginGuard } from '../sign-in/login-guard.ts'
import { requireFreshSignIn, type SessionSlot } from '../sign-in/sign-in-session.ts'
import { proveIdentity } from './identity-proof.ts'

/** A setup not confirmed within this long starts over (the app's code proves it holds the key). */
export const TOTP_SETUP_MS = 15 * 60 * 1000

/** A setup under way: the new key, kept in the session (never in the accounts file) until confirmed. */
interface PendingSetup {
  secret: string
  since: number
}

export interface TotpEnrolmentDeps {
  accounts: AccountStore
  /** Counts the wrong passwords and codes a factor change is asked for. */
  guard: LoginGuard
  /** Whether the site requires a second factor: then the last one cannot be turned off. */
  settings: SecuritySettings
  now: () => number
}

/**
 * A person's authenticator app (any role): set it up (a new key, kept in the session until a
 * code from the app confirms it), new recovery codes, turn it off. Adding one asks for a recent
 * sign-in; changing it asks for the password or a current code. Each change of factor moves
 * `factorsChangedAt`, which ends the person's other sessions (the caller restarts this one).
 */
export class TotpEnrolment {
  readonly #deps: TotpEnrolmentDeps

  constructor(deps: TotpEnrolmentDeps) {
    this.#deps = deps
  }

  status(account: AdminAccount): TotpStatus {
    return { enabled: account.totp !== null, addedAt: account.totp?.addedAt ?? null, recoveryCodesLeft: account.recoveryCodes.length }
  }

  /**
   * A new key for the app, kept in `setup` until confirmed; `signedInAt` is when this session signed in.
   * @throws ConflictError (one is set up already), ForbiddenError (the sign-in is not recent)
   */
  async start(request: { account: AdminAccount; signedInAt: unknown; setup: SessionSlot }): Promise<TotpSetup> {
    const { account } = request
    if (account.totp) throw new ConflictError('An authenticator app is already set up: turn it off first to set up another')
    requireFreshSignIn(request.signedInAt, 'set up an authenticator app', this.#deps.now())
    const secret = newTotpSecret()
    request.setup.set({ secret, since: this.#deps.now() } satisfies PendingSetup)
    const uri = totpUri(secret, account.username)
    return { secret, uri, qrCode: await qrCodeOf(uri) }
  }

  /**
   * Turns the app on with the setup's key once `code` is one of its codes; the recovery codes,
   * shown once, come with it. The code counts as used: it cannot also finish a sign-in.
   * @throws ConflictError (no setup, or an expired one; an app set up meanwhile), InvalidInputError (a wrong code)
   */
  async confirm(request: { account: AdminAccount; code: string; setup: SessionSlot }): Promise<{ account: AdminAccount; recoveryCodes: RecoveryCodes }> {
    const { now } = this.#deps
    const pending = pendingSetup(request.setup.get())
    if (!pending || now() - pending.since > TOTP_SETUP_MS) throw new ConflictError('Start the setup again: it was not started, or it expired')
    const step = await verifyTotp({ secret: pending.secret, code: request.code, nowMs: now() })
    if (step === null) throw new InvalidInputError('That code is not right: check the app shows Watchio and type the code it shows now', 'code')
    const { codes, hashes } = newRecoveryCodes()
    const at = new Date(now()).toISOString()
    const saved = await this.#deps.accounts.update(request.account.username, (current) => {
      if (current.totp) throw new ConflictError('An authenticator app is already set up')
      return { ...current, totp: { secret: pending.secret, addedAt: at, lastUsedStep: step }, recoveryCodes: hashes, factorsChangedAt: at }
    })
    request.setup.delete()
    return { account: saved, recoveryCodes: { recoveryCodes: codes } }
  }

  /**
   * New recovery codes in place of the old ones, once the person proved it is them.
   * @throws ConflictError (no app), and what proveIdentity throws
   */
  async renewRecoveryCodes(request: { account: AdminAccount; proof: IdentityProof | null; address: string }): Promise<RecoveryCodes> {
    const { account } = request
    if (!account.totp) throw new ConflictError('Recovery codes come with an authenticator app: set one up first')
    await proveIdentity(this.#deps, request)
    const { codes, hashes } = newRecoveryCodes()
    await this.#deps.accounts.update(account.username, (current) => ({ ...current, recoveryCodes: hashes }))
    return { recoveryCodes: codes }
  }

  /**
   * Turns the app off, once the person proved it is them; not the last factor while the site
   * requires one (checked before the proof: a code typed for a refused change is not spent).
   * @throws ConflictError, and what proveIdentity throws
   */
  async disable(request: { account: AdminAccount; proof: IdentityProof | null; address: string }): Promise<AdminAccount> {
    const { account } = request
    if (!account.totp) throw new ConflictError('No authenticator app is set up')
    const { requireSecondFactor } = await this.#deps.settings.get()
    if (requireSecondFactor && account.passkeys.length === 0) {
      throw new ConflictError('This site requires a second factor: add a passkey before turning the authenticator app off')
    }
    await proveIdentity(this.#deps, request)
    const at = new Date(this.#deps.now()).toISOString()
    return this.#deps.accounts.update(account.username, (current) => {
      const next = { ...current, totp: null, factorsChangedAt: at }
      // Recovery codes stand in for a lost factor: with none left, they would open nothing.
      return hasSecondFactor(next) ? next : { ...next, recoveryCodes: [] }
    })
  }
}

function pendingSetup(value: unknown): PendingSetup | null {
  const pending = value as Partial<PendingSetup> | null | undefined
  return typeof pending?.secret === 'string' && typeof pending.since === 'number' ? { secret: pending.secret, since: pending.since } : null
}

/** The setup's URI as an image the page shows: an SVG data URL (the site's CSP allows data: images, and no inline styles). */
async function qrCodeOf(uri: string): Promise<string> {
  // Loaded at the first setup, not at start (requiring it takes 23 ms).
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
