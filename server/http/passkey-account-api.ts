import type Router from '@koa/router'
import { API_PATHS, type PasskeySummary } from '../../core/contract/index.ts'
import { passkeyParamsSchema, passkeyRegistrationRequestSchema, passkeyRenameRequestSchema } from '../../core/contract/account-requests.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { OwnPasskeys } from '../services/account/own-passkeys.ts'
import { apiRouter } from './api-router.ts'
import { PASSKEY_CEREMONY, requireSignIn, restartSession, sessionSlot, signedInAtOf } from './sessions.ts'

/**
 * The signed-in person's own passkeys (any role): list, register (options, then the browser's
 * answer with a name), rename, remove (OwnPasskeys). Adding or removing one ends the person's
 * other sessions; this one starts again under a new id, so its owner stays signed in.
 */
export function passkeyAccountRoutes(deps: { accounts: AccountStore; passkeys: OwnPasskeys }): Router {
  const router = apiRouter({ prefix: API_PATHS.accountPasskeys, checks: [requireSignIn(deps.accounts)] })
  const me = (state: { account: AdminAccount }) => state.account

  router.get('/', (ctx) => {
    ctx.body = deps.passkeys.list(me(ctx.state)) satisfies PasskeySummary[]
  })

  router.post('/options', async (ctx) => {
    ctx.body = await deps.passkeys.registrationOptions({ account: me(ctx.state), signedInAt: signedInAtOf(ctx), ceremony: sessionSlot(ctx, PASSKEY_CEREMONY) })
  })

  router.post('/', async (ctx) => {
    const registration = parseInput(passkeyRegistrationRequestSchema, ctx.request.body)
    const account = await deps.passkeys.register({ ...registration, account: me(ctx.state), ceremony: sessionSlot(ctx, PASSKEY_CEREMONY) })
    await restartSession(ctx, account)
    ctx.status = 201
    ctx.body = deps.passkeys.list(account) satisfies PasskeySummary[]
  })

  router.patch('/:id', async (ctx) => {
    const { name } = parseInput(passkeyRenameRequestSchema, ctx.request.body)
    const { id } = parseInput(passkeyParamsSchema, ctx.params)
    ctx.body = (await deps.passkeys.rename(me(ctx.state), id, name)) satisfies PasskeySummary[]
  })

  router.delete('/:id', async (ctx) => {
    const { id } = parseInput(passkeyParamsSchema, ctx.params)
    const account = await deps.passkeys.remove(me(ctx.state), id)
    await restartSession(ctx, account)
    ctx.body = deps.passkeys.list(account) satisfies PasskeySummary[]
  })

  return router
}
