import type { PasskeyRegistrationRequest, PasskeySummary, PublicKeyCredentialCreationOptionsJSON } from '../../../core/contract/index.ts'
import type { AdminAccount } from '../../accounts/account-record.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { keepCeremony, takeCeremony } from '../sign-in/passkey-ceremony.ts'
import { PASSKEY_REQUEST_EXPIRED } from '../sign-in/passkey-sign-in.ts'
import type { Passkeys } from '../sign-in/passkeys.ts'
import { requireFreshSignIn, type SessionSlot } from '../sign-in/sign-in-session.ts'

/**
 * A person's own passkeys (any role): list, register (options, then the browser's answer with a
 * name), rename, remove. Registering one is adding a way in, so it asks for a sign-in of the last
 * 10 minutes; its challenge waits in the session (`ceremony`) and is used once. Adding or
 * removing one is a factor change (Passkeys), which ends the person's other sessions.
 */
export class OwnPasskeys {
  readonly #passkeys: Passkeys
  readonly #now: () => number

  constructor(deps: { passkeys: Passkeys; now: () => number }) {
    this.#passkeys = deps.passkeys
    this.#now = deps.now
  }

  list(account: AdminAccount): PasskeySummary[] {
    return account.passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }))
  }

  /** @throws ForbiddenError (the sign-in is not recent), InvalidInputError (20 passkeys already) */
  async registrationOptions(request: { account: AdminAccount; signedInAt: unknown; ceremony: SessionSlot }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    requireFreshSignIn(request.signedInAt, 'add a passkey', this.#now())
    const { options, userId } = await this.#passkeys.registrationOptions(request.account)
    keepCeremony(request.ceremony, { purpose: 'register', challenge: options.challenge, userId }, this.#now())
    return options
  }

  /**
   * The account with the new passkey, once the browser's answer verifies against the challenge
   * this session was given.
   * @throws UnauthorizedError (no challenge, or a used or expired one), InvalidInputError, ConflictError
   */
  async register(request: PasskeyRegistrationRequest & { account: AdminAccount; ceremony: SessionSlot }): Promise<AdminAccount> {
    const ceremony = takeCeremony(request.ceremony, 'register', this.#now())
    if (!ceremony?.userId) throw new UnauthorizedError(PASSKEY_REQUEST_EXPIRED)
    const { response, name } = request
    return this.#passkeys.add(request.account.username, { response, name, expectedChallenge: ceremony.challenge, userId: ceremony.userId })
  }

  async rename(account: AdminAccount, id: string, name: string): Promise<PasskeySummary[]> {
    return this.list(await this.#passkeys.rename(account.username, id, name))
  }

  /** The account without it; the last passkey of a person without a password stays (Passkeys.remove). */
  remove(account: AdminAccount, id: string): Promise<AdminAccount> {
    return this.#passkeys.remove(account.username, id)
  }
}
