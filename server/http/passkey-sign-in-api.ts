import type Router from '@koa/router'
import { API_PATHS, API_PREFIX } from '../../core/contract/index.ts'
import { passkeySignInRequestSchema } from '../../core/contract/sign-in-requests.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { PasskeySignIn } from '../services/sign-in/passkey-sign-in.ts'
import { apiRouter } from './api-router.ts'
import { finishSignIn } from './auth-api.ts'
import { isKnownDevice } from './login-device.ts'
import { PASSKEY_CEREMONY, sessionDataOf, sessionSlot } from './sessions.ts'

/** Sign-in with a passkey, alone or as the second step after a password (PasskeySignIn). */
export function passkeySignInRoutes(deps: { passkeys: PasskeySignIn; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post(API_PATHS.passkeySignInOptions.slice(API_PREFIX.auth.length), async (ctx) => {
    ctx.body = await deps.passkeys.options({ address: ctx.ip, session: sessionDataOf(ctx), ceremony: sessionSlot(ctx, PASSKEY_CEREMONY) })
  })

  router.post(API_PATHS.passkeySignIn.slice(API_PREFIX.auth.length), async (ctx) => {
    const { response } = parseInput(passkeySignInRequestSchema, ctx.request.body)
    const account = await deps.passkeys.verify({
      response,
      address: ctx.ip,
      session: sessionDataOf(ctx),
      ceremony: sessionSlot(ctx, PASSKEY_CEREMONY),
      knownDevice: (username) => isKnownDevice(ctx, username),
    })
    await finishSignIn(ctx, account, deps.now())
  })

  return router
}
