import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type RecoveryCodes, type TotpSetup, type TotpStatus } from '../../core/contract/index.ts'
import { identityProofSchema } from '../../core/contract/account-requests.ts'
import { secondStepCodeSchema } from '../../core/contract/sign-in-requests.ts'
import type { AccountStore, AdminAccount } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { TotpEnrolment } from '../services/account/totp-enrolment.ts'
import { apiRouter } from './api-router.ts'
import { requireSignIn, restartSession, sessionSlot, signedInAtOf } from './sessions.ts'

const PATH = API_PATHS.accountTotp.slice(API_PREFIX.admin.length)
/** Where a setup's new key waits for the app's first code (TotpEnrolment). */
const TOTP_SETUP = 'totpSetup'

/**
 * The signed-in person's authenticator app (any role): its state, a setup and its confirmation,
 * new recovery codes, turning it off (TotpEnrolment). A change of factor ends the person's other
 * sessions and starts this one again, so it stays signed in.
 */
export function totpRoutes(deps: { accounts: AccountStore; totp: TotpEnrolment }): Router {
  // Runs only for this router's routes (as in admin-api.ts): any signed-in role.
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts)] })
  const me = (state: { account: AdminAccount }) => state.account

  router.get(PATH, (ctx) => {
    ctx.body = deps.totp.status(me(ctx.state)) satisfies TotpStatus
  })

  router.post(`${PATH}/setup`, async (ctx) => {
    ctx.body = (await deps.totp.start({ account: me(ctx.state), signedInAt: signedInAtOf(ctx), setup: sessionSlot(ctx, TOTP_SETUP) })) satisfies TotpSetup
  })

  router.post(`${PATH}/confirm`, async (ctx) => {
    const { code } = parseInput(secondStepCodeSchema, ctx.request.body)
    const { account, recoveryCodes } = await deps.totp.confirm({ account: me(ctx.state), code, setup: sessionSlot(ctx, TOTP_SETUP) })
    await restartSession(ctx, account)
    ctx.body = recoveryCodes satisfies RecoveryCodes
  })

  router.post(`${PATH}/recovery-codes`, async (ctx) => {
    const proof = parseInput(identityProofSchema, ctx.request.body)
    ctx.body = (await deps.totp.renewRecoveryCodes({ account: me(ctx.state), proof, address: ctx.ip })) satisfies RecoveryCodes
  })

  router.post(`${PATH}/disable`, async (ctx) => {
    const proof = parseInput(identityProofSchema, ctx.request.body)
    const account = await deps.totp.disable({ account: me(ctx.state), proof, address: ctx.ip })
    await restartSession(ctx, account)
    ctx.body = deps.totp.status(account) satisfies TotpStatus
  })

  return router
}
