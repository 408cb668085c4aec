import type Router from '@koa/router'
import { API_PATHS, type PasskeySummary, type RegistrationResponseJSON } from '../../core/contract/index.ts'
import type { AdminAccount } from '../accounts/account-record.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { InvalidInputError, UnauthorizedError } from '../lib/errors.ts'
import { checkPasskeyName, type Passkeys } from '../services/sign-in/passkeys.ts'
import { apiRouter } from './api-router.ts'
import { keepCeremony, takeCeremony } from './passkey-challenge.ts'
import { requireFreshSignIn, requireSignIn, restartSession } from './sessions.ts'
import { fieldsOf } from '../lib/request-fields.ts'

/**
 * The signed-in person's own passkeys (any role): list, register (options, then the browser's
 * answer with a name), rename, remove. Adding or removing one ends the person's other sessions;
 * this one starts again under a new id, so its owner stays signed in.
 */
export function passkeyAccountRoutes(deps: { accounts: AccountStore; passkeys: Passkeys }): Router {
  const router = apiRouter({ prefix: API_PATHS.accountPasskeys, checks: [requireSignIn(deps.accounts)] })
  const me = (state: { account: AdminAccount }) => state.account

  router.get('/', (ctx) => {
    ctx.body = summaries(me(ctx.state))
  })

  router.post('/options', async (ctx) => {
    requireFreshSignIn(ctx, 'add a passkey')
    const { options, userId } = await deps.passkeys.registrationOptions(me(ctx.state))
    keepCeremony(ctx, { purpose: 'register', challenge: options.challenge, userId })
    ctx.body = options
  })

  router.post('/', async (ctx) => {
    const { name, response } = readRegistration(ctx.request.body)
    const ceremony = takeCeremony(ctx, 'register')
    if (!ceremony?.userId) throw new UnauthorizedError('The passkey request expired or was used already; try again')
    const account = await deps.passkeys.add(me(ctx.state).username, { response, name, expectedChallenge: ceremony.challenge, userId: ceremony.userId })
    await restartSession(ctx, account)
    ctx.status = 201
    ctx.body = summaries(account)
  })

  router.patch('/:id', async (ctx) => {
    const name = checkPasskeyName((ctx.request.body as { name?: unknown } | null)?.name)
    ctx.body = summaries(await deps.passkeys.rename(me(ctx.state).username, ctx.params.id!, name))
  })

  router.delete('/:id', async (ctx) => {
    const account = await deps.passkeys.remove(me(ctx.state).username, ctx.params.id!)
    await restartSession(ctx, account)
    ctx.body = summaries(account)
  })

  return router
}

function summaries(account: AdminAccount): PasskeySummary[] {
  return account.passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }))
}

function readRegistration(body: unknown): { name: string; response: RegistrationResponseJSON } {
  const fields = fieldsOf(body)
  const response = fields.response as RegistrationResponseJSON | undefined
  if (typeof response !== 'object' || response === null || typeof response.id !== 'string' || typeof response.response !== 'object' || response.response === null) {
    throw new InvalidInputError('response must be the browser\'s passkey answer', 'response')
  }
  return { name: checkPasskeyName(fields.name), response }
}
