import Router from '@koa/router'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { type AdminUser, API_PATHS, type InvitationPreview } from '../../renderer/contract/index.ts'
import { NotFoundError, RateLimitedError } from '../lib/errors.ts'
import type { Invitations } from '../services/invitations.ts'
import { adminUser } from './auth-api.ts'
import { startSession } from './sessions.ts'

/** Links that open nothing, per address, before it must wait: a mistyped link is a few; guessing 256 bits is hopeless anyway. */
export const MAX_UNKNOWN_INVITATIONS = 20
const WINDOW_SECONDS = 15 * 60

/**
 * The invitee's side, signed out: `POST /api/auth/invitations/lookup { token }` says who invites
 * and as what; `POST …/accept { token, username, email, password }` creates the account and signs
 * it in. The token is in the body, never in a URL (logs, Referer). Unknown links answer 404,
 * used, expired or revoked ones 410, each with its reason; an address that sends many unknown
 * links waits (429).
 */
export function invitationRoutes(deps: { invitations: Invitations }): Router {
  const router = new Router()
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
    const token = tokenOf(ctx.request.body)
    ctx.body = (await guarded(ctx.ip, () => deps.invitations.preview(token))) satisfies InvitationPreview
  })

  router.post(API_PATHS.invitationAccept, async (ctx) => {
    const account = await guarded(ctx.ip, () => deps.invitations.acceptWithPassword(ctx.request.body))
    await startSession(ctx, account)
    ctx.status = 201
    ctx.body = adminUser(account) satisfies AdminUser
  })

  return router
}

function tokenOf(body: unknown): string {
  const token = (body as { token?: unknown } | null)?.token
  return typeof token === 'string' ? token : ''
}
