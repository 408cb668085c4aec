import type Router from '@koa/router'
import { type AdminUser, API_PATHS, type InvitationPreview } from '../../core/contract/index.ts'
import { acceptInvitationRequestSchema, invitationLookupSchema, invitationPasskeyOptionsSchema } from '../../core/contract/team-requests.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { Invitations } from '../services/team/invitations.ts'
import { apiRouter } from './api-router.ts'
import { adminUser } from './auth-api.ts'
import { PASSKEY_CEREMONY, sessionSlot, startSignedInSession } from './sessions.ts'

/**
 * The invitee's side, signed out: `POST /api/auth/invitations/lookup { token }` says who invites
 * and as what; `POST …/accept { token, username, email, password }` creates the account and signs
 * it in. With a passkey instead of a password: `POST …/passkey-options { token, username }` gives
 * the browser its registration options (the challenge kept in the session), and `POST …/accept
 * { token, username, email, passkey: { name, response } }` verifies it and creates the account.
 * The token is in the body, never in a URL (logs, Referer). Unknown links answer 404, used,
 * expired or revoked ones 410, each with its reason; an address that sends many unknown links
 * waits (429).
 */
export function invitationRoutes(deps: { invitations: Invitations; now: () => number }): Router {
  const router = apiRouter()

  router.post(API_PATHS.invitationLookup, async (ctx) => {
    const { token } = parseInput(invitationLookupSchema, ctx.request.body)
    ctx.body = (await deps.invitations.preview(token, ctx.ip)) satisfies InvitationPreview
  })

  router.post(API_PATHS.invitationPasskeyOptions, async (ctx) => {
    const request = parseInput(invitationPasskeyOptionsSchema, ctx.request.body)
    ctx.body = await deps.invitations.passkeyOptions({ ...request, address: ctx.ip, ceremony: sessionSlot(ctx, PASSKEY_CEREMONY) })
  })

  router.post(API_PATHS.invitationAccept, async (ctx) => {
    const request = parseInput(acceptInvitationRequestSchema, ctx.request.body)
    const account = await deps.invitations.accept({ ...request, address: ctx.ip, ceremony: sessionSlot(ctx, PASSKEY_CEREMONY) })
    await startSignedInSession(ctx, account, deps.now())
    ctx.status = 201
    ctx.body = adminUser(account) satisfies AdminUser
  })

  return router
}
