import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type AuthenticationResponseJSON } from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { InvalidInputError, UnauthorizedError } from '../lib/errors.ts'
import type { ChallengeBudget } from '../services/sign-in/challenge-budget.ts'
import type { LoginGuard } from '../services/sign-in/login-guard.ts'
import { PASSKEY_REFUSED, type Passkeys } from '../services/sign-in/passkeys.ts'
import { apiRouter } from './api-router.ts'
import { finishSignIn } from './auth-api.ts'
import { isKnownDevice } from './login-device.ts'
import { keepCeremony, takeCeremony } from './passkey-challenge.ts'
import { secondStepAccount } from './sessions.ts'

/**
 * Sign-in with a passkey: alone (a discoverable passkey, user verified: something one has and
 * something one is or knows, so two factors in one), or as the second step after a password,
 * where only that person's passkeys count. Each answer is counted by the sign-in guard as a
 * password is, before its signature is checked.
 */
export function passkeySignInRoutes(deps: { accounts: AccountStore; guard: LoginGuard; passkeys: Passkeys; challenges: ChallengeBudget }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post(API_PATHS.passkeySignInOptions.slice(API_PREFIX.auth.length), async (ctx) => {
    await deps.challenges.take(ctx.ip)
    const options = await deps.passkeys.signInOptions(await secondStepAccount(ctx, deps.accounts))
    keepCeremony(ctx, { purpose: 'sign-in', challenge: options.challenge })
    ctx.body = options
  })

  router.post(API_PATHS.passkeySignIn.slice(API_PREFIX.auth.length), async (ctx) => {
    const response = readAssertion(ctx.request.body)
    const ceremony = takeCeremony(ctx, 'sign-in')
    if (!ceremony) throw new UnauthorizedError('The passkey request expired or was used already; try again')
    const secondStepOf = await secondStepAccount(ctx, deps.accounts)
    const owner = secondStepOf ?? (await deps.passkeys.ownerOf(response))
    // An unknown passkey is counted under a name no account can have (usernames hold no spaces).
    const username = owner?.username ?? `unknown passkey ${response.id.slice(0, 100)}`
    const attempt = await deps.guard.begin({ username, address: ctx.ip, knownDevice: owner ? isKnownDevice(ctx, owner.username) : false })
    const account = await deps.passkeys.verifySignIn({ response, expectedChallenge: ceremony.challenge, secondStepOf })
    await attempt.succeeded()
    await finishSignIn(ctx, account)
  })

  return router
}

/** The browser's answer, in the shape the library reads; its contents are the library's to check. */
function readAssertion(body: unknown): AuthenticationResponseJSON {
  const response = (body as { response?: unknown } | null)?.response as AuthenticationResponseJSON | undefined
  const ok =
    typeof response === 'object' &&
    response !== null &&
    typeof response.id === 'string' &&
    response.id !== '' &&
    typeof response.response === 'object' &&
    response.response !== null
  if (!ok) throw new InvalidInputError('response must be the browser\'s passkey answer', 'response')
  if (response.response.userHandle !== undefined && typeof response.response.userHandle !== 'string') throw new UnauthorizedError(PASSKEY_REFUSED)
  return response
}
