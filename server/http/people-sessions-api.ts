import type Router from '@koa/router'
import { API_PREFIX, type SessionsEnded } from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import type { SessionStore } from '../accounts/session-store.ts'
import { NotFoundError } from '../lib/errors.ts'
import { apiRouter } from './api-router.ts'
import { sessionsWire } from './sessions-wire.ts'
import { credentialOf, endSession, requireRole, requireSignIn, sessionIdOf } from './sessions.ts'

/**
 * An admin's view of anyone's sessions: list them, end one, end them all (a lost laptop, a
 * person leaving). Admins only; the person's own list is account-api.ts.
 */
export function peopleSessionsRoutes(deps: { accounts: AccountStore; sessions: SessionStore }): Router {
  const router = apiRouter({ prefix: `${API_PREFIX.admin}/people`, checks: [requireSignIn(deps.accounts), requireRole('admin')] })

  const personOf = async (username: string) => {
    const account = await deps.accounts.get(username)
    if (!account) throw new NotFoundError(`No person "${username}"`)
    return account
  }

  router.get('/:username/sessions', async (ctx) => {
    const person = await personOf(ctx.params.username!)
    ctx.body = sessionsWire(deps.sessions.listFor(person.username, { currentId: sessionIdOf(ctx), credential: credentialOf(person) }))
  })

  router.delete('/:username/sessions', async (ctx) => {
    const person = await personOf(ctx.params.username!)
    const ended = deps.sessions.destroyUser(person.username)
    // An admin who ends all their own sessions has signed out.
    if (person.username === (ctx.state.account as { username: string }).username) endSession(ctx)
    ctx.body = { ended } satisfies SessionsEnded
  })

  router.delete('/:username/sessions/:handle', async (ctx) => {
    const person = await personOf(ctx.params.username!)
    const own = deps.sessions.listFor(person.username, { currentId: sessionIdOf(ctx) }).find((session) => session.current)
    if (!deps.sessions.destroyByHandle(person.username, ctx.params.handle!)) throw new NotFoundError('No such session (it may have ended already)')
    if (own?.handle === ctx.params.handle) endSession(ctx)
    ctx.status = 204
  })

  return router
}
