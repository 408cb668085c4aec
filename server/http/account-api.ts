import type Router from '@koa/router'
import { type AccountProfile, API_PATHS, type SessionsEnded, type SessionWire } from '../../core/contract/index.ts'
import { passwordChangeSchema, profileChangeSchema, sessionParamsSchema } from '../../core/contract/account-requests.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { OwnPassword } from '../services/account/own-password.ts'
import type { OwnProfile } from '../services/account/own-profile.ts'
import type { PersonSessions } from '../services/account/person-sessions.ts'
import { apiRouter } from './api-router.ts'
import { isKnownDevice } from './login-device.ts'
import { endSession, requireSignIn, restartSession, sessionIdOf, signedInAtOf } from './sessions.ts'

export interface AccountRoutesDeps {
  accounts: AccountStore
  profile: OwnProfile
  password: OwnPassword
  sessions: PersonSessions
}

/**
 * The signed-in person's own account, for every role: their name and e-mail (the author of their
 * commits), their password, and their sessions (list, end one, end all others).
 */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  // Its middleware runs only for its own routes.
  const router = apiRouter({ prefix: API_PATHS.account, checks: [requireSignIn(deps.accounts)] })
  const me = (state: { account: AdminAccount }) => state.account

  router.get('/', (ctx) => {
    ctx.body = deps.profile.read(me(ctx.state)) satisfies AccountProfile
  })

  router.put('/', async (ctx) => {
    const change = parseInput(profileChangeSchema, ctx.request.body)
    ctx.body = (await deps.profile.change(me(ctx.state).username, change)) satisfies AccountProfile
  })

  router.post('/password', async (ctx) => {
    const change = parseInput(passwordChangeSchema, ctx.request.body)
    const account = me(ctx.state)
    const { account: saved, ended } = await deps.password.change({
      ...change,
      account,
      address: ctx.ip,
      knownDevice: isKnownDevice(ctx, account.username),
      signedInAt: signedInAtOf(ctx),
      sessionId: sessionIdOf(ctx),
    })
    // This session starts again under a new id, with the new credential.
    await restartSession(ctx, saved)
    ctx.body = { ended } satisfies SessionsEnded
  })

  router.get('/sessions', (ctx) => {
    ctx.body = deps.sessions.list(me(ctx.state), sessionIdOf(ctx)) satisfies SessionWire[]
  })

  router.post('/sessions/end-others', (ctx) => {
    ctx.body = { ended: deps.sessions.endOthers(me(ctx.state).username, sessionIdOf(ctx)) } satisfies SessionsEnded
  })

  router.delete('/sessions/:handle', (ctx) => {
    const { handle } = parseInput(sessionParamsSchema, ctx.params)
    const { endedCurrent } = deps.sessions.end(me(ctx.state).username, handle, sessionIdOf(ctx))
    // Ending this very session is signing out.
    if (endedCurrent) endSession(ctx)
    ctx.status = 204
  })

  return router
}
