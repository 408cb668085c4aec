import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type InvitationWire, type InviteResult, type PersonWire } from '../../core/contract/index.ts'
import { invitationParamsSchema, inviteRequestSchema, personChangeSchema, personParamsSchema } from '../../core/contract/team-requests.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { Invitations } from '../services/team/invitations.ts'
import type { People } from '../services/team/people.ts'
import { apiRouter } from './api-router.ts'
import { requireRole, requireSignIn } from './sessions.ts'

const PEOPLE = API_PATHS.people.slice(API_PREFIX.admin.length)
const INVITATIONS = API_PATHS.invitations.slice(API_PREFIX.admin.length)

/**
 * The team, for admins only: `GET /people` lists it; `PATCH /people/{username}` changes a role or
 * disables (`{ role?, disabled? }`); `DELETE` removes; `POST …/reset-factors` clears a locked-out
 * person's second factors. Invitations: `GET`/`POST /people/invitations`, `DELETE
 * /people/invitations/{id}` revokes. A change that would leave no enabled admin answers 409.
 */
export function peopleRoutes(deps: { accounts: AccountStore; people: People; invitations: Invitations }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts), requireRole('admin')] })

  router.get(PEOPLE, async (ctx) => {
    ctx.body = (await deps.people.list()) satisfies PersonWire[]
  })

  router.get(INVITATIONS, async (ctx) => {
    ctx.body = (await deps.invitations.list()) satisfies InvitationWire[]
  })

  router.post(INVITATIONS, async (ctx) => {
    const request = parseInput(inviteRequestSchema, ctx.request.body)
    ctx.status = 201
    ctx.body = (await deps.invitations.invite(ctx.state.account, request)) satisfies InviteResult
  })

  router.delete(`${INVITATIONS}/:id`, async (ctx) => {
    const { id } = parseInput(invitationParamsSchema, ctx.params)
    ctx.body = (await deps.invitations.revoke(id)) satisfies InvitationWire
  })

  router.patch(`${PEOPLE}/:username`, async (ctx) => {
    const change = parseInput(personChangeSchema, ctx.request.body)
    const { username } = parseInput(personParamsSchema, ctx.params)
    ctx.body = (await deps.people.change(username, change)) satisfies PersonWire
  })

  router.delete(`${PEOPLE}/:username`, async (ctx) => {
    const { username } = parseInput(personParamsSchema, ctx.params)
    await deps.people.remove(username)
    ctx.status = 204
  })

  router.post(`${PEOPLE}/:username/reset-factors`, async (ctx) => {
    const { username } = parseInput(personParamsSchema, ctx.params)
    ctx.body = (await deps.people.resetFactors(username)) satisfies PersonWire
  })

  return router
}
