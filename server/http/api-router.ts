import Router from '@koa/router'
import type { Middleware } from 'koa'

/**
 * Every router of the API, in two rules that leave no spelling of a route without its checks:
 *
 * - Its routes match the path exactly as the contract spells it, letter case included.
 *   `@koa/router` compares a router's own middleware (`router.use(…)`) with the case kept but, by
 *   default, its routes without: `/API/ADMIN/…` reached the routes and skipped the sign-in. The
 *   other spellings (`//`, `%61`, `..`, a trailing `/`) are brought to the canonical path before
 *   routing (canonical-path.ts).
 * - `checks` (the sign-in, a role) are put in front of each route itself, not on a prefix: a route
 *   is reached with them or not at all.
 */
export function apiRouter(options: { prefix?: string; checks?: Middleware[] } = {}): Router {
  const router = new Router({ prefix: options.prefix, sensitive: true })
  const checks = options.checks ?? []
  if (checks.length === 0) return router
  // Every get/post/put/patch/delete goes through register() with its methods; router.use() with none.
  const register = router.register.bind(router)
  router.register = (path, methods, middleware, more) => register(path, methods, methods.length > 0 ? [...checks, ...[middleware].flat()] : middleware, more)
  return router
}
