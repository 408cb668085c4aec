import type Router from '@koa/router'
import { API_PATHS, API_PREFIX } from '../../core/contract/index.ts'
import { secondStepCodeSchema } from '../../core/contract/sign-in-requests.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { SecondStep } from '../services/sign-in/second-step.ts'
import { apiRouter } from './api-router.ts'
import { finishSignIn } from './auth-api.ts'
import { sessionDataOf } from './sessions.ts'

/** The sign-in's second step with a code (an authenticator app's or a recovery code), after the password answered 202. */
export function secondStepRoutes(deps: { secondStep: SecondStep; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.auth })

  router.post(API_PATHS.loginCode.slice(API_PREFIX.auth.length), async (ctx) => {
    const { code } = parseInput(secondStepCodeSchema, ctx.request.body)
    const account = await deps.secondStep.finishWithCode({ session: sessionDataOf(ctx), code, address: ctx.ip })
    await finishSignIn(ctx, account, deps.now())
  })

  return router
}
