import { INVITATION_DAYS, type Role } from '../../core/contract/index.ts'
import type { MailMessage } from './mailer.ts'

const ROLE_WORDS: Record<Role, string> = {
  admin: 'an admin (everything, and the team and its settings)',
  editor: 'an editor (every post, media and site page; publishing)',
  author: 'an author (drafts, submitted for review)',
}

/** The invitation's e-mail: who invites, as what, the link and how long it works. Plain text. */
export function invitationMail(options: { to: string; displayName: string; role: Role; invitedBy: string; link: string; siteUrl: string }): MailMessage {
  const host = new URL(options.siteUrl).host
  return {
    to: options.to,
    subject: `${options.invitedBy} invites you to the ${host} admin`,
    text: [
      `Hello ${options.displayName},`,
      '',
      `${options.invitedBy} invites you to join the team of ${host} as ${ROLE_WORDS[options.role]}.`,
      '',
      'Choose your username and password here:',
      options.link,
      '',
      `The link works once, for ${INVITATION_DAYS} days. If you did not expect it, ignore this message.`,
    ].join('\n'),
  }
}
