import { randomBytes } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { passkeyRenameRequestSchema } from '../../../core/contract/account-requests.ts'
import { type AdminAccount, MAX_PASSKEYS, type StoredPasskey } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { ConflictError, InvalidInputError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import { ACCOUNT_DISABLED } from './password-sign-in.ts'
import type { RelyingParty } from './passkey-relying-party.ts'

/** How long a browser has to answer a challenge; the server forgets the challenge after it. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000

/**
 * The WebAuthn library, loaded at the first passkey ceremony rather than at start: requiring it
 * takes 286 ms (node -e "require('@simplewebauthn/server')"), more than a quarter of the start's
 * budget, for what most starts never use.
 */
let library: Promise<typeof import('@simplewebauthn/server')> | null = null
const webauthn = () => (library ??= import('@simplewebauthn/server'))

/** Said for every passkey that cannot sign in, whatever the reason: the answer names no account. */
export const PASSKEY_REFUSED = 'That passkey could not sign you in'

/** A person's registration about to happen: the user handle the new passkey will carry. */
export interface RegistrationStart {
  options: PublicKeyCredentialCreationOptionsJSON
  /** The WebAuthn user handle (base64url): the person's, or a new one to keep with the passkey. */
  userId: string
}

/**
 * The options for registering a passkey for `person`, who may not have an account yet (an
 * invitee): discoverable (resident key) and verified (a PIN or biometric), so the passkey alone
 * can sign in; the person's existing passkeys excluded so one authenticator is not added twice.
 */
export async function newPasskeyOptions(
  relyingParty: RelyingParty,
  person: { username: string; displayName: string; userId?: string | null; existing?: StoredPasskey[] },
): Promise<RegistrationStart> {
  const userId = person.userId ?? randomBytes(16).toString('base64url')
  const { generateRegistrationOptions } = await webauthn()
  const options = await generateRegistrationOptions({
    rpName: relyingParty.rpName,
    rpID: relyingParty.rpID,
    userName: person.username,
    userDisplayName: person.displayName,
    userID: new Uint8Array(Buffer.from(userId, 'base64url')),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: (person.existing ?? []).map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  return { options, userId }
}

/**
 * Checks a new passkey's registration against the challenge it answers and returns what to keep
 * of it. It saves nothing: a signed-in person's is added by `Passkeys.add`, an invitee's with the
 * account the invitation makes. Throws InvalidInputError when the browser's answer does not verify.
 */
export async function verifyNewPasskey(
  relyingParty: RelyingParty,
  registration: { response: RegistrationResponseJSON; expectedChallenge: string; name: string; now?: Date },
): Promise<StoredPasskey> {
  const name = checkPasskeyName(registration.name)
  let verified
  try {
    const { verifyRegistrationResponse } = await webauthn()
    verified = await verifyRegistrationResponse({
      response: registration.response,
      expectedChallenge: registration.expectedChallenge,
      expectedOrigin: relyingParty.origins,
      expectedRPID: relyingParty.rpID,
      requireUserVerification: true,
    })
  } catch (error) {
    throw new InvalidInputError(`The passkey could not be registered: ${(error as Error).message}`, 'response')
  }
  if (!verified.verified) throw new InvalidInputError('The passkey could not be registered', 'response')
  const { credential } = verified.registrationInfo
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).filter((transport) => /^[a-z-]{1,20}$/.test(transport)).slice(0, 10),
    name,
    createdAt: (registration.now ?? new Date()).toISOString(),
    lastUsedAt: null,
  }
}

/** A passkey's name as a person gives it, by the contract's rule (trimmed, 1 to 60 characters, one line), or InvalidInputError at `name`. */
export function checkPasskeyName(value: unknown): string {
  return parseInput(passkeyRenameRequestSchema, { name: value }).name
}

/**
 * A team's passkeys: registered, renamed and removed by their owner, and checked at sign-in,
 * alone (discoverable, user verified: two factors in one) or as the second step after a password.
 * Every change goes through AccountStore.update; adding or removing one is a factor change
 * (`factorsChangedAt`), which ends the person's other sessions.
 */
export class Passkeys {
  readonly #accounts: AccountStore
  readonly relyingParty: RelyingParty
  readonly #now: () => Date

  constructor(deps: { accounts: AccountStore; relyingParty: RelyingParty; now?: () => Date }) {
    this.#accounts = deps.accounts
    this.relyingParty = deps.relyingParty
    this.#now = deps.now ?? (() => new Date())
  }

  registrationOptions(account: AdminAccount): Promise<RegistrationStart> {
    if (account.passkeys.length >= MAX_PASSKEYS) throw tooMany()
    const { username, displayName, passkeyUserId, passkeys } = account
    return newPasskeyOptions(this.relyingParty, { username, displayName, userId: passkeyUserId, existing: passkeys })
  }

  /** Verifies and keeps a signed-in person's new passkey, with the user handle its options carried. */
  async add(username: string, registration: { response: RegistrationResponseJSON; expectedChallenge: string; userId: string; name: string }): Promise<AdminAccount> {
    const passkey = await verifyNewPasskey(this.relyingParty, { ...registration, now: this.#now() })
    return this.#accounts.update(username, (account) => {
      if (account.passkeys.length >= MAX_PASSKEYS) throw tooMany()
      if (account.passkeys.some((key) => key.id === passkey.id)) throw new ConflictError('This passkey is registered already')
      if (account.passkeyUserId !== null && account.passkeyUserId !== registration.userId) {
        throw new ConflictError('Your passkeys changed while this one was made; add it again')
      }
      const factorsChangedAt = this.#now().toISOString()
      return { ...account, passkeys: [...account.passkeys, passkey], passkeyUserId: registration.userId, factorsChangedAt }
    })
  }

  async rename(username: string, id: string, name: string): Promise<AdminAccount> {
    const checked = checkPasskeyName(name)
    return this.#accounts.update(username, (account) => {
      const passkeys = account.passkeys.map((key) => (key.id === id ? { ...key, name: checked } : key))
      if (!account.passkeys.some((key) => key.id === id)) throw new NotFoundError('No such passkey')
      return { ...account, passkeys }
    })
  }

  /** Removes one; the last one of a person without a password stays (it is their only way in). */
  async remove(username: string, id: string): Promise<AdminAccount> {
    return this.#accounts.update(username, (account) => {
      const passkeys = account.passkeys.filter((key) => key.id !== id)
      if (passkeys.length === account.passkeys.length) throw new NotFoundError('No such passkey')
      if (passkeys.length === 0 && account.passwordHash === null) {
        throw new ConflictError('This passkey is your only way to sign in: set a password or add another passkey first')
      }
      return { ...account, passkeys, factorsChangedAt: this.#now().toISOString() }
    })
  }

  /**
   * Sign-in options. Alone (`secondStepOf` null): any of the site's discoverable passkeys, user
   * verification required. As the second step: only that person's passkeys, whose password was
   * the first factor, so presence is enough.
   */
  async signInOptions(secondStepOf: AdminAccount | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { generateAuthenticationOptions } = await webauthn()
    return generateAuthenticationOptions({
      rpID: this.relyingParty.rpID,
      timeout: PASSKEY_CHALLENGE_MS,
      userVerification: secondStepOf ? 'preferred' : 'required',
      allowCredentials: secondStepOf?.passkeys.map((key) => ({ id: key.id, transports: key.transports })),
    })
  }

  /**
   * The person a passkey's signature signs in, with its counter and last use saved; throws
   * UnauthorizedError (PASSKEY_REFUSED) for an unknown passkey, another person's in a second
   * step, a bad signature or a counter that went back (a cloned authenticator); and a disabled person.
   */
  async verifySignIn(attempt: { response: AuthenticationResponseJSON; expectedChallenge: string; secondStepOf: AdminAccount | null }): Promise<AdminAccount> {
    const { response, expectedChallenge, secondStepOf } = attempt
    const owner = secondStepOf ?? (await this.ownerOf(response))
    const stored = owner?.passkeys.find((key) => key.id === response.id)
    if (!owner || !stored) throw new UnauthorizedError(PASSKEY_REFUSED)
    if (response.response.userHandle && response.response.userHandle !== owner.passkeyUserId) throw new UnauthorizedError(PASSKEY_REFUSED)
    let verified
    try {
      const { verifyAuthenticationResponse } = await webauthn()
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.relyingParty.origins,
        expectedRPID: this.relyingParty.rpID,
        credential: { id: stored.id, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter, transports: stored.transports },
        requireUserVerification: secondStepOf === null,
      })
    } catch {
      throw new UnauthorizedError(PASSKEY_REFUSED)
    }
    if (!verified.verified) throw new UnauthorizedError(PASSKEY_REFUSED)
    // Said only to whoever holds the passkey, as the password's answer says it only after the right password.
    if (owner.disabled) throw new UnauthorizedError(ACCOUNT_DISABLED)
    const { newCounter } = verified.authenticationInfo
    return this.#accounts.update(owner.username, (account) => ({
      ...account,
      passkeys: account.passkeys.map((key) => {
        if (key.id !== stored.id) return key
        // Checked again under the file's lock: two uses of one counter value at once are one too many.
        if ((newCounter > 0 || key.counter > 0) && newCounter <= key.counter) throw new UnauthorizedError(PASSKEY_REFUSED)
        return { ...key, counter: newCounter, lastUsedAt: this.#now().toISOString() }
      }),
    }))
  }

  /** The person whose passkey this is (credential ids are unique), or undefined. */
  async ownerOf(response: AuthenticationResponseJSON): Promise<AdminAccount | undefined> {
    return (await this.#accounts.list()).find((account) => account.passkeys.some((key) => key.id === response.id))
  }
}

function tooMany(): InvalidInputError {
  return new InvalidInputError(`A person may have at most ${MAX_PASSKEYS} passkeys; remove one first`, 'passkeys')
}
