import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type SecuritySettingsWire } from '../../core/contract/index.ts'
import { securitySettingsChangeSchema } from '../../core/contract/team-requests.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { SecondFactorRequirement } from '../services/sign-in/second-factor-requirement.ts'
import { apiRouter } from './api-router.ts'
import { requireRole, requireSignIn } from './sessions.ts'

/** The team's sign-in rules, for admins: whether everyone must have a second factor. */
export function securitySettingsRoutes(deps: { accounts: AccountStore; requirement: SecondFactorRequirement }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts), requireRole('admin')] })
  const path = API_PATHS.securitySettings.slice(API_PREFIX.admin.length)

  router.get(path, async (ctx) => {
    ctx.body = (await deps.requirement.get()) satisfies SecuritySettingsWire
  })

  router.put(path, async (ctx) => {
    const change = parseInput(securitySettingsChangeSchema, ctx.request.body)
    ctx.body = (await deps.requirement.change(ctx.state.account, change)) satisfies SecuritySettingsWire
  })

  return router
}
