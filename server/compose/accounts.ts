/**
 * The composition root's people: the admin accounts, their sessions and sign-in (password and
 * second factor, passkeys, the guard and the challenge budget) and the team (people,
 * invitations), each built with its dependencies passed in. The writer's admin area
 * (admin.ts) takes its accounts from here; `npm run admin` (admin-cli.ts) opens the same
 * accounts file alone, without the sign-in services.
 */
import path from 'node:path'
import { AccountStore, accountsFilePath } from '../accounts/account-store.ts'
import { ensureFirstAdmin } from '../accounts/first-admin.ts'
import { InvitationStore, invitationsFilePath } from '../accounts/invitation-store.ts'
import { loadSessionSecret } from '../accounts/session-secret.ts'
import { SecuritySettings, securityFilePath } from '../accounts/security-settings.ts'
import { SessionStore } from '../accounts/session-store.ts'
import type { Config } from '../config.ts'
import { trustedOrigins } from '../http/trusted-origins.ts'
import type { Logger } from '../lib/logger.ts'
import { smtpMailer } from '../mail/mailer.ts'
import type { Clock } from '../services/posts/publish-schedule.ts'
import { OwnPasskeys } from '../services/account/own-passkeys.ts'
import { OwnPassword } from '../services/account/own-password.ts'
import { OwnProfile } from '../services/account/own-profile.ts'
import { PersonSessions } from '../services/account/person-sessions.ts'
import { TotpEnrolment } from '../services/account/totp-enrolment.ts'
import { ChallengeBudget } from '../services/sign-in/challenge-budget.ts'
import { LoginGuard } from '../services/sign-in/login-guard.ts'
import { PasskeySignIn } from '../services/sign-in/passkey-sign-in.ts'
import { relyingPartyOf } from '../services/sign-in/passkey-relying-party.ts'
import { Passkeys } from '../services/sign-in/passkeys.ts'
import { PasswordSignIn } from '../services/sign-in/password-sign-in.ts'
import { SecondFactorRequirement } from '../services/sign-in/second-factor-requirement.ts'
import { SecondStep } from '../services/sign-in/second-step.ts'
import { InvitationLinkBudget } from '../services/team/invitation-link-budget.ts'
import { Invitations } from '../services/team/invitations.ts'
import { People } from '../services/team/people.ts'


/**
 * Everything about who may sign in, in order: the accounts (the first one created at first
 * start, its password printed once), the session key and the team's sign-in rules (read now: a
 * damaged rules file stops the start, naming it, rather than failing each request), the
 * sessions, the guard (one, shared by every way in: a password, a code, a passkey), passkeys,
 * then the ways in, one's own account and the team, built on them.
 */
export async function openAccounts(options: {
  config: Pick<Config, 'dataDir' | 'siteDir' | 'sessionSecret' | 'firstAdmin' | 'siteUrl' | 'mail'>
  logger: Logger
  clock: Clock
}) {
  const { config, logger, clock } = options
  const accounts = new AccountStore(accountsFilePath(config.dataDir))
  await createFirstAdmin({ config, logger, accounts })
  const secret = await loadSessionSecret({ dataDir: config.dataDir, configured: config.sessionSecret })
  const security = new SecuritySettings(securityFilePath(config.dataDir))
  await security.get()
  // In the site's own folder: one writer per content repository, so two sites sharing a
  // DATA_DIR never overwrite each other's sessions.
  const sessions = new SessionStore({ file: path.join(config.siteDir, 'sessions.json'), logger })
  const now = () => clock().getTime()
  const guard = new LoginGuard()
  // Passkeys are bound to SITE_URL's host and work on the origins the API trusts.
  const passkeys = new Passkeys({ accounts, relyingParty: relyingPartyOf(config.siteUrl, trustedOrigins(config.siteUrl)), now: clock })
  const invitations = new Invitations({
    invitations: new InvitationStore({ file: invitationsFilePath(config.dataDir), now: clock }),
    accounts,
    mailer: config.mail ? smtpMailer(config.mail) : null,
    siteUrl: config.siteUrl,
    logger,
    relyingParty: passkeys.relyingParty,
    links: new InvitationLinkBudget(),
    now,
  })
  return {
    accounts,
    sessions,
    /** The ways in (a password, its second step, a passkey) and the team's rule of a second factor for everyone. */
    signIn: {
      password: new PasswordSignIn({ accounts, guard }),
      secondStep: new SecondStep({ accounts, guard, now }),
      passkeys: new PasskeySignIn({ accounts, guard, passkeys, challenges: new ChallengeBudget(), now }),
      requirement: new SecondFactorRequirement({ settings: security }),
    },
    /** The signed-in person's own account (and an admin's view of anyone's sessions). */
    account: {
      profile: new OwnProfile({ accounts }),
      password: new OwnPassword({ accounts, sessions, guard, now }),
      totp: new TotpEnrolment({ accounts, guard, settings: security, now }),
      passkeys: new OwnPasskeys({ passkeys, now }),
      sessions: new PersonSessions({ accounts, sessions }),
    },
    /** Sign the session cookie. */
    sessionKeys: [secret],
    /** The clock a sign-in is dated by (tests move it). */
    now,
    people: new People({ accounts, sessions }),
    invitations,
  }
}

/** At first start, the first admin account; a password made up for it is printed, once. */
async function createFirstAdmin(options: { config: Pick<Config, 'firstAdmin' | 'siteUrl'>; logger: Logger; accounts: AccountStore }): Promise<void> {
  const { config, logger, accounts } = options
  const first = await ensureFirstAdmin({
    store: accounts,
    env: { ADMIN_USERNAME: config.firstAdmin.username, ADMIN_PASSWORD: config.firstAdmin.password },
    siteHost: new URL(config.siteUrl).host,
  })
  if (first?.password) {
    logger.info(
      [
        'First start: created the admin account. This password is shown only once.',
        `  Sign in at ${config.siteUrl}/admin/login`,
        `  username: ${first.username}`,
        `  password: ${first.password}`,
        `  Change it with: npm run admin -- passwd ${first.username}`,
      ].join('\n'),
    )
  } else if (first) {
    logger.info(`First start: created the admin account "${first.username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`)
  }
}
