import type Router from '@koa/router'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { type AdminUser, API_PATHS, type InvitationPreview } from '../../core/contract/index.ts'
import { InvalidInputError, NotFoundError, RateLimitedError } from '../lib/errors.ts'
import type { Invitations } from '../services/team/invitations.ts'
import { newPasskeyOptions, verifyNewPasskey } from '../services/sign-in/passkeys.ts'
import type { RelyingParty } from '../services/sign-in/passkey-relying-party.ts'
import { apiRouter } from './api-router.ts'
import { adminUser } from './auth-api.ts'
import { keepCeremony, takeCeremony } from './passkey-challenge.ts'
import { startSession } from './sessions.ts'
import { stringField } from '../lib/request-fields.ts'

/** Links that open nothing, per address, before it must wait: a mistyped link is a few; guessing 256 bits is hopeless anyway. */
export const MAX_UNKNOWN_INVITATIONS = 20
const WINDOW_SECONDS = 15 * 60

/**
 * The invitee's side, signed out: `POST /api/auth/invitations/lookup { token }` says who invites
 * and as what; `POST …/accept { token, username, email, password }` creates the account and signs
 * it in. With a passkey instead of a password: `POST …/passkey-options { token, username }` gives
 * the browser its registration options (the challenge kept in the session), and `POST …/accept
 * { token, username, email, passkey: { name, response } }` verifies it and creates the account. The token is in the body, never in a URL (logs, Referer). Unknown links answer 404,
 * used, expired or revoked ones 410, each with its reason; an address that sends many unknown
 * links waits (429).
 */
export function invitationRoutes(deps: { invitations: Invitations; relyingParty: RelyingParty }): Router {
  const router = apiRouter()
  const unknownLinks = new RateLimiterMemory({ keyPrefix: 'invitation-address', points: MAX_UNKNOWN_INVITATIONS, duration: WINDOW_SECONDS })

  /** Refuses an address that spent its budget; counts the unknown links it sends. */
  const guarded = async <T>(address: string, task: () => Promise<T>): Promise<T> => {
    const spent = await unknownLinks.get(address)
    if (spent && spent.consumedPoints >= MAX_UNKNOWN_INVITATIONS) throw new RateLimitedError(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)), 'invitation links')
    try {
      return await task()
    } catch (error) {
      if (error instanceof NotFoundError) await unknownLinks.penalty(address, 1)
      throw error
    }
  }

  router.post(API_PATHS.invitationLookup, async (ctx) => {
    const token = stringField(ctx.request.body, 'token')
    ctx.body = (await guarded(ctx.ip, () => deps.invitations.preview(token))) satisfies InvitationPreview
  })

  router.post(API_PATHS.invitationPasskeyOptions, async (ctx) => {
    const invitee = await guarded(ctx.ip, () => deps.invitations.passkeyInvitee(ctx.request.body))
    const { options, userId } = await newPasskeyOptions(deps.relyingParty, invitee)
    keepCeremony(ctx, { purpose: 'invitation', challenge: options.challenge, userId, username: invitee.username })
    ctx.body = options
  })

  router.post(API_PATHS.invitationAccept, async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | null
    const account = await guarded(ctx.ip, async () => {
      if (!body || body.passkey === undefined) return deps.invitations.acceptWithPassword(body)
      // A used, expired or revoked link says so before anything about the passkey.
      await deps.invitations.preview(stringField(body, 'token'))
      const passkey = body.passkey as { name?: unknown; response?: unknown } | null
      const ceremony = takeCeremony(ctx, 'invitation')
      if (!ceremony?.userId || !ceremony.username) throw new InvalidInputError('The passkey prompt expired: add the passkey again', 'passkey')
      if (typeof passkey?.response !== 'object' || passkey.response === null) throw new InvalidInputError('passkey.response is required', 'passkey')
      const credential = await verifyNewPasskey(deps.relyingParty, {
        response: passkey.response as Parameters<typeof verifyNewPasskey>[1]['response'],
        expectedChallenge: ceremony.challenge,
        name: typeof passkey.name === 'string' && passkey.name.trim() !== '' ? passkey.name : 'Passkey 1',
      })
      return deps.invitations.acceptWithPasskey(body, { credential, userId: ceremony.userId }, ceremony.username)
    })
    await startSession(ctx, account)
    ctx.status = 201
    ctx.body = adminUser(account) satisfies AdminUser
  })

  return router
}

