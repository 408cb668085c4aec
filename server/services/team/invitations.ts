import type { InvitationPreview, InvitationWire, InviteMail, InviteRequest, InviteResult } from '../../../core/contract/index.ts'
import { type AdminAccount, type StoredPasskey, checkDisplayName, checkEmail, checkRole, checkUsername, isRole } from '../../accounts/account-record.ts'
import type { AccountStore } from '../../accounts/account-store.ts'
import { type InvitationRecord, type InvitationStore, invitationState } from '../../accounts/invitation-store.ts'
import { hashPassword, MAX_PASSWORD_LENGTH } from '../../accounts/password.ts'
import { newPasswordProblem } from '../../accounts/password-policy.ts'
import { InvalidInputError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { invitationMail } from '../../mail/invitation-mail.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { fieldsOf, stringField } from '../../lib/request-fields.ts'

export interface InvitationsDeps {
  invitations: InvitationStore
  accounts: AccountStore
  /** Null without SMTP_URL: the admin hands the link over themselves. */
  mailer: Mailer | null
  /** The links' origin (SITE_URL). */
  siteUrl: string
  logger: Logger
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
  async invite(by: AdminAccount, body: unknown): Promise<InviteResult> {
    const request = readInvite(body)
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

  /** What the invitee is shown; NotFoundError or GoneError (used, expired, revoked) otherwise. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.#deps.invitations.usable(token)
    const { displayName, email, role, invitedByName: invitedBy, expiresAt } = invitation
    return { displayName, email, role, invitedBy, expiresAt }
  }

  /** Accepting with a password: the fields checked (the policy's words at the field), then acceptInvitation. */
  async acceptWithPassword(body: unknown): Promise<AdminAccount> {
    const fields = fieldsOf(body)
    const token = stringField(fields, 'token')
    const invitation = await this.#deps.invitations.usable(token)
    const { username, email } = readChosen(fields)
    const password = typeof fields.password === 'string' ? fields.password : ''
    if (password === '') throw new InvalidInputError('password is required', 'password')
    if (password.length > MAX_PASSWORD_LENGTH) throw new InvalidInputError(`password must have at most ${MAX_PASSWORD_LENGTH} characters`, 'password')
    const problem = await newPasswordProblem(password, { username, displayName: invitation.displayName })
    if (problem) throw new InvalidInputError(`password ${problem}`, 'password')
    await this.#refuseTaken(username)
    return this.acceptInvitation(token, { username, email, passwordHash: await hashPassword(password) })
  }

  /**
   * The start of accepting with a passkey: the invitation still usable, and the username the
   * invitee chose free, so the browser's prompt names the account they are about to have.
   */
  async passkeyInvitee(body: unknown): Promise<{ token: string; username: string; displayName: string }> {
    const fields = fieldsOf(body)
    const token = stringField(fields, 'token')
    const invitation = await this.#deps.invitations.usable(token)
    const username = typeof fields.username === 'string' ? fields.username.trim() : fields.username
    const problem = checkUsername(username)
    if (problem) throw new InvalidInputError(`username ${problem}`, 'username')
    await this.#refuseTaken(username as string)
    return { token, username: username as string, displayName: invitation.displayName }
  }

  /**
   * Accepting with a passkey the caller verified (verifyNewPasskey, against the challenge it gave
   * for this username): the person has no password and signs in with the passkey alone.
   */
  async acceptWithPasskey(body: unknown, passkey: NonNullable<AcceptedCredentials['passkey']>, forUsername: string): Promise<AdminAccount> {
    const fields = fieldsOf(body)
    const token = stringField(fields, 'token')
    await this.#deps.invitations.usable(token)
    const { username, email } = readChosen(fields)
    // The passkey was made for the username the prompt showed; another would carry the wrong name.
    if (username !== forUsername) throw new InvalidInputError('username changed after the passkey was made: add the passkey again', 'username')
    return this.acceptInvitation(token, { username, email, passwordHash: null, passkey })
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

function readInvite(body: unknown): InviteRequest {
  const fields = fieldsOf(body)
  const displayName = typeof fields.displayName === 'string' ? fields.displayName.trim() : fields.displayName
  const nameProblem = checkDisplayName(displayName)
  if (nameProblem) throw new InvalidInputError(`displayName ${nameProblem}`, 'displayName')
  const roleProblem = checkRole(fields.role)
  if (roleProblem || !isRole(fields.role)) throw new InvalidInputError(`role ${roleProblem}`, 'role')
  const email = typeof fields.email === 'string' ? fields.email.trim() : fields.email
  if (email !== undefined && email !== null && email !== '') {
    const emailProblem = checkEmail(email)
    if (emailProblem) throw new InvalidInputError(`email ${emailProblem}`, 'email')
    return { displayName: displayName as string, role: fields.role, email: email as string }
  }
  return { displayName: displayName as string, role: fields.role }
}

function readChosen(fields: Record<string, unknown>): { username: string; email: string } {
  const username = typeof fields.username === 'string' ? fields.username.trim() : fields.username
  const usernameProblem = checkUsername(username)
  if (usernameProblem) throw new InvalidInputError(`username ${usernameProblem}`, 'username')
  const email = typeof fields.email === 'string' ? fields.email.trim() : fields.email
  const emailProblem = checkEmail(email)
  if (emailProblem) throw new InvalidInputError(`email ${emailProblem}`, 'email')
  return { username: username as string, email: email as string }
}
