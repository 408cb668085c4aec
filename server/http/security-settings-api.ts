import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type SecuritySettingsWire } from '../../core/contract/index.ts'
import { securitySettingsBodySchema } from '../../core/contract/security-settings-requests.ts'
import { type AdminAccount, hasSecondFactor } from '../accounts/account-record.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import type { SecuritySettings } from '../accounts/security-settings.ts'
import { InvalidInputError } from '../lib/errors.ts'
import { parseInput } from '../lib/parse-input.ts'
import { apiRouter } from './api-router.ts'
import { requireRole, requireSignIn } from './sessions.ts'

/** The team's sign-in rules, for admins: whether everyone must have a second factor. */
export function securitySettingsRoutes(deps: { accounts: AccountStore; settings: SecuritySettings }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts), requireRole('admin')] })
  const path = API_PATHS.securitySettings.slice(API_PREFIX.admin.length)

  router.get(path, async (ctx) => {
    ctx.body = (await deps.settings.get()) satisfies SecuritySettingsWire
  })

  router.put(path, async (ctx) => {
    const { requireSecondFactor } = parseInput(securitySettingsBodySchema, ctx.request.body)
    // The admin who turns it on would otherwise be the first one it shuts out.
    if (requireSecondFactor && !hasSecondFactor(ctx.state.account as AdminAccount)) {
      throw new InvalidInputError('Add a second factor to your own account before requiring one from everyone', 'requireSecondFactor')
    }
    ctx.body = (await deps.settings.set({ requireSecondFactor })) satisfies SecuritySettingsWire
  })

  return router
}
