import type {
  AcceptInvitationRequest,
  InvitationPreview,
  InvitationWire,
  InviteMail,
  InviteRequest,
  InviteResult,
  PublicKeyCredentialCreationOptionsJSON,
} from '../../../core/contract/index.ts'
import type { AdminAccount, StoredPasskey } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { type InvitationRecord, type InvitationStore, invitationState } from '../../accounts/invitation-store.ts'
import { hashPassword } from '../../accounts/password.ts'
import { newPasswordProblem } from '../../accounts/password-policy.ts'
import { InvalidInputError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { invitationMail } from '../../mail/invitation-mail.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { keepCeremony, takeCeremony } from '../sign-in/passkey-ceremony.ts'
import type { RelyingParty } from '../sign-in/passkey-relying-party.ts'
import { newPasskeyOptions, verifyNewPasskey } from '../sign-in/passkeys.ts'
import type { SessionSlot } from '../sign-in/sign-in-session.ts'
import type { InvitationLinkBudget } from './invitation-link-budget.ts'

export interface InvitationsDeps {
  invitations: InvitationStore
  accounts: AccountStore
  /** Null without SMTP_URL: the admin hands the link over themselves. */
  mailer: Mailer | null
  /** The links' origin (SITE_URL). */
  siteUrl: string
  logger: Logger
  /** Whose passkeys an invitee may register (the site's origin). */
  relyingParty: RelyingParty
  /** The invitee's calls, open to anybody: an address sending links that open nothing waits. */
  links: InvitationLinkBudget
  /** The clock of the passkey challenges. */
  now: () => number
}

/** How the invitee signs in from now on: a password's hash, or a passkey (or both). */
export interface AcceptedCredentials {
  username: string
  email: string
  passwordHash: string | null
  /** A passkey registered while accepting, with the WebAuthn user handle it carries. */
  passkey?: { credential: StoredPasskey; userId: string }
}

/** The path of the page that accepts an invitation; the token follows in the fragment. */
export const INVITE_PAGE = '/admin/invite'

/**
 * Invitations: an admin invites by name and role and gets a one-time link (7 days, single use,
 * revocable), e-mailed too when the invite has an address and SMTP is set; the invitee chooses a
 * username and a password (or a passkey) and is a member of the team. The token travels in the
 * link's fragment, which browsers send to no server: it never reaches a log or a Referer.
 */
export class Invitations {
  readonly #deps: InvitationsDeps

  constructor(deps: InvitationsDeps) {
    this.#deps = deps
  }

  async list(): Promise<InvitationWire[]> {
    const now = this.#deps.invitations.now()
    return (await this.#deps.invitations.list()).map((invitation) => invitationWire(invitation, now))
  }

  /** A new invitation and its link; a mail that fails loses nothing (the link is in the answer, and why in `mail`). */
  async invite(by: AdminAccount, request: InviteRequest): Promise<InviteResult> {
    const { invitation, token } = await this.#deps.invitations.create({
      displayName: request.displayName,
      email: request.email ?? null,
      role: request.role,
      invitedBy: by.username,
      invitedByName: by.displayName,
    })
    const link = `${this.#deps.siteUrl}${INVITE_PAGE}#${token}`
    return { invitation: invitationWire(invitation, this.#deps.invitations.now()), link, mail: await this.#mail(invitation, link) }
  }

  async revoke(id: string): Promise<InvitationWire> {
    return invitationWire(await this.#deps.invitations.revoke(id), this.#deps.invitations.now())
  }

  /**
   * What the invitee is shown, asked from `address`.
   * @throws NotFoundError (an unknown link), GoneError (used, expired, revoked), RateLimitedError (too many unknown links)
   */
  async preview(token: string, address: string): Promise<InvitationPreview> {
    return this.#deps.links.guard(address, async () => {
      const invitation = await this.#deps.invitations.usable(token)
      const { displayName, email, role, invitedByName: invitedBy, expiresAt } = invitation
      return { displayName, email, role, invitedBy, expiresAt }
    })
  }

  /**
   * The start of accepting with a passkey: the invitation still usable and the username the
   * invitee chose free, so the browser's prompt names the account they are about to have. The
   * challenge waits in `ceremony` with the username it was made for.
   */
  async passkeyOptions(request: { token: string; username: string; address: string; ceremony: SessionSlot }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { token, username } = request
    const invitee = await this.#deps.links.guard(request.address, async () => {
      const invitation = await this.#deps.invitations.usable(token)
      await this.#refuseTaken(username)
      return { username, displayName: invitation.displayName }
    })
    const { options, userId } = await newPasskeyOptions(this.#deps.relyingParty, invitee)
    keepCeremony(request.ceremony, { purpose: 'invitation', challenge: options.challenge, userId, username }, this.#deps.now())
    return options
  }

  /**
   * Accepting, from `address`: with a password (the policy's words at the field), or with a
   * passkey made for the prompt this session was given (`ceremony`), which then is the person's
   * only way in. The new person, to be signed in.
   * @throws NotFoundError, GoneError, RateLimitedError, InvalidInputError
   */
  async accept(request: AcceptInvitationRequest & { address: string; ceremony: SessionSlot }): Promise<AdminAccount> {
    return this.#deps.links.guard(request.address, async () => {
      const { token, username, email } = request
      const invitation = await this.#deps.invitations.usable(token)
      if ('password' in request) {
        const problem = await newPasswordProblem(request.password, { username, displayName: invitation.displayName })
        if (problem) throw new InvalidInputError(`password ${problem}`, 'password')
        await this.#refuseTaken(username)
        return this.acceptInvitation(token, { username, email, passwordHash: await hashPassword(request.password) })
      }
      const ceremony = takeCeremony(request.ceremony, 'invitation', this.#deps.now())
      if (!ceremony?.userId || !ceremony.username) throw new InvalidInputError('The passkey prompt expired: add the passkey again', 'passkey')
      const credential = await verifyNewPasskey(this.#deps.relyingParty, {
        response: request.passkey.response,
        expectedChallenge: ceremony.challenge,
        name: request.passkey.name,
        now: new Date(this.#deps.now()),
      })
      // The passkey was made for the username the prompt showed; another would carry the wrong name.
      if (username !== ceremony.username) throw new InvalidInputError('username changed after the passkey was made: add the passkey again', 'username')
      return this.acceptInvitation(token, { username, email, passwordHash: null, passkey: { credential, userId: ceremony.userId } })
    })
  }

  /**
   * Uses the invitation once and creates the person it names, with the role it gives and the
   * credentials given: one of two accepts at once wins, the other gets a GoneError. The passkey
   * path calls this with `passwordHash: null` and the passkey it verified.
   */
  async acceptInvitation(token: string, credentials: AcceptedCredentials): Promise<AdminAccount> {
    const { username, email, passwordHash, passkey } = credentials
    if (passwordHash === null && !passkey) throw new InvalidInputError('password is required', 'password')
    let created: AdminAccount | undefined
    await this.#deps.invitations.consume(token, async (invitation) => {
      await this.#refuseTaken(username)
      created = await this.#deps.accounts.add({
        username,
        displayName: invitation.displayName,
        email,
        passwordHash,
        role: invitation.role,
        ...(passkey && { passkeys: [passkey.credential], passkeyUserId: passkey.userId }),
      })
      return username
    })
    return created!
  }

  async #refuseTaken(username: string): Promise<void> {
    if (await this.#deps.accounts.get(username)) throw new InvalidInputError(`username "${username}" is taken: choose another`, 'username')
  }

  async #mail(invitation: InvitationRecord, link: string): Promise<InviteMail> {
    const { mailer, siteUrl, logger } = this.#deps
    if (!invitation.email) return { sent: false, reason: 'No e-mail address was given: hand the link over yourself.' }
    if (!mailer) return { sent: false, reason: 'E-mail is not set up on this site (SMTP_URL): hand the link over yourself.' }
    const message = invitationMail({ to: invitation.email, displayName: invitation.displayName, role: invitation.role, invitedBy: invitation.invitedByName, link, siteUrl })
    try {
      await mailer.send(message)
      return { sent: true }
    } catch (error) {
      logger.warn(`Sending the invitation of ${invitation.displayName} failed: ${(error as Error).message}`)
      return { sent: false, reason: `The e-mail could not be sent (${(error as Error).message}): hand the link over yourself.` }
    }
  }
}

export function invitationWire(invitation: InvitationRecord, now: Date): InvitationWire {
  const { id, displayName, email, role, invitedByName: invitedBy, createdAt, expiresAt, usedBy } = invitation
  return { id, displayName, email, role, invitedBy, createdAt, expiresAt, state: invitationState(invitation, now), usedBy }
}
