import type Router from '@koa/router'
import { API_PREFIX, type SessionsEnded, type SessionWire } from '../../core/contract/index.ts'
import { personParamsSchema, personSessionParamsSchema } from '../../core/contract/team-requests.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { PersonSessions } from '../services/account/person-sessions.ts'
import { apiRouter } from './api-router.ts'
import { endSession, requireRole, requireSignIn, sessionIdOf } from './sessions.ts'

/**
 * An admin's view of anyone's sessions: list them, end one, end them all (a lost laptop, a
 * person leaving). Admins only; the person's own list is account-api.ts.
 */
export function peopleSessionsRoutes(deps: { accounts: AccountStore; sessions: PersonSessions }): Router {
  const router = apiRouter({ prefix: `${API_PREFIX.admin}/people`, checks: [requireSignIn(deps.accounts), requireRole('admin')] })

  router.get('/:username/sessions', async (ctx) => {
    const { username } = parseInput(personParamsSchema, ctx.params)
    ctx.body = (await deps.sessions.listOf(username, sessionIdOf(ctx))) satisfies SessionWire[]
  })

  router.delete('/:username/sessions', async (ctx) => {
    const { username } = parseInput(personParamsSchema, ctx.params)
    const ended = await deps.sessions.endAllOf(username)
    // An admin who ends all their own sessions has signed out.
    if (username === (ctx.state.account as AdminAccount).username) endSession(ctx)
    ctx.body = { ended } satisfies SessionsEnded
  })

  router.delete('/:username/sessions/:handle', async (ctx) => {
    const { username, handle } = parseInput(personSessionParamsSchema, ctx.params)
    if ((await deps.sessions.endOf(username, handle, sessionIdOf(ctx))).endedCurrent) endSession(ctx)
    ctx.status = 204
  })

  return router
}
