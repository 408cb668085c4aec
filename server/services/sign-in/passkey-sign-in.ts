import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '../../../core/contract/index.ts'
import type { AccountStore, AdminAccount } from '../../accounts/account-store.ts'
import type { SessionData } from '../../accounts/session-store.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import type { ChallengeBudget } from './challenge-budget.ts'
import type { LoginGuard } from './login-guard.ts'
import { keepCeremony, takeCeremony } from './passkey-ceremony.ts'
import { PASSKEY_REFUSED, type Passkeys } from './passkeys.ts'
import { secondStepAccount, type SessionSlot } from './sign-in-session.ts'

/** A passkey answer that finds no challenge behind it (none asked, 5 minutes past, or used). */
export const PASSKEY_REQUEST_EXPIRED = 'The passkey request expired or was used already; try again'

export interface PasskeySignInDeps {
  accounts: AccountStore
  guard: LoginGuard
  passkeys: Passkeys
  challenges: ChallengeBudget
  now: () => number
}

/**
 * Sign-in with a passkey: alone (a discoverable passkey, user verified: something one has and
 * something one is or knows, so two factors in one), or as the second step after a password,
 * where only that person's passkeys count. The challenge waits in the session (`ceremony`) for
 * 5 minutes and is used once. Each answer is counted by the sign-in guard as a password is,
 * before its signature is checked.
 */
export class PasskeySignIn {
  readonly #deps: PasskeySignInDeps

  constructor(deps: PasskeySignInDeps) {
    this.#deps = deps
  }

  /**
   * The browser's options, for anyone (within the address's budget of challenges), or for the
   * person whose password `session` waits with.
   * @throws RateLimitedError
   */
  async options(request: { address: string; session: Partial<SessionData> | null; ceremony: SessionSlot }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { accounts, passkeys, challenges, now } = this.#deps
    await challenges.take(request.address)
    const options = await passkeys.signInOptions(await secondStepAccount(request.session, accounts, now()))
    keepCeremony(request.ceremony, { purpose: 'sign-in', challenge: options.challenge }, now())
    return options
  }

  /**
   * The person the browser's answer signs in. `knownDevice` says whether this browser signed in
   * to a username before (the device cookie).
   * @throws UnauthorizedError (PASSKEY_REFUSED, PASSKEY_REQUEST_EXPIRED, a disabled person), RateLimitedError
   */
  async verify(attempt: {
    response: AuthenticationResponseJSON
    address: string
    session: Partial<SessionData> | null
    ceremony: SessionSlot
    knownDevice: (username: string) => boolean
  }): Promise<AdminAccount> {
    const { accounts, guard, passkeys, now } = this.#deps
    const { response } = attempt
    // A user handle that is not text is no passkey's: refused before the challenge is spent.
    if (response.response.userHandle !== undefined && typeof response.response.userHandle !== 'string') throw new UnauthorizedError(PASSKEY_REFUSED)
    const ceremony = takeCeremony(attempt.ceremony, 'sign-in', now())
    if (!ceremony) throw new UnauthorizedError(PASSKEY_REQUEST_EXPIRED)
    const secondStepOf = await secondStepAccount(attempt.session, accounts, now())
    const owner = secondStepOf ?? (await passkeys.ownerOf(response))
    // An unknown passkey is counted under a name no account can have (usernames hold no spaces).
    const username = owner?.username ?? `unknown passkey ${response.id.slice(0, 100)}`
    const counted = await guard.begin({ username, address: attempt.address, knownDevice: owner ? attempt.knownDevice(owner.username) : false })
    const account = await passkeys.verifySignIn({ response, expectedChallenge: ceremony.challenge, secondStepOf })
    await counted.succeeded()
    return account
  }
}
