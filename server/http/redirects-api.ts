import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type RedirectsList, type RedirectWire } from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { redirectRemoveQuerySchema } from '../../core/contract/redirect-requests.ts'
import { parseInput } from '../lib/parse-input.ts'
import type { Redirects } from '../services/redirects/redirects.ts'
import { apiRouter } from './api-router.ts'
import { requireRole, requireSignIn } from './sessions.ts'

const PATH = API_PATHS.redirects.slice(API_PREFIX.admin.length)

/**
 * The site's redirects, for admins: `GET` the list, `POST { from, to }` adds one, `DELETE
 * ?from=/path` removes one; each change is one commit authored by the admin. Mounted in the
 * signed-in area, behind its origin and session checks, as the other admin routes.
 */
export function redirectsRoutes(deps: { accounts: AccountStore; redirects: Redirects }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts)] })

  router.get(PATH, async (ctx) => {
    ctx.body = (await deps.redirects.list()) satisfies RedirectsList
  })

  // Every role reads the list; changing it moves visitors, so it is for editors and admins.
  router.post(PATH, requireRole('admin', 'editor'), async (ctx) => {
    const redirect = await deps.redirects.add(ctx.request.body, ctx.state.author)
    ctx.status = 201
    ctx.body = redirect satisfies RedirectWire
  })

  router.delete(PATH, requireRole('admin', 'editor'), async (ctx) => {
    const { from } = parseInput(redirectRemoveQuerySchema, ctx.query)
    await deps.redirects.remove(from, ctx.state.author)
    ctx.status = 204
  })

  return router
}
