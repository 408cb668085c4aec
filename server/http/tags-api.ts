import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type TagInUse, type TagRenameResult } from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import type { AdminTags } from '../services/tags/admin-tags.ts'
import { apiRouter } from './api-router.ts'
import { requireRole, requireSignIn } from './sessions.ts'

const LIST = API_PATHS.adminTags.slice(API_PREFIX.admin.length)
const RENAME = API_PATHS.adminTagRename.slice(API_PREFIX.admin.length)

/**
 * The posts' tags: `GET` the tags in use with their counts (every signed-in role: the editor
 * suggests them), `POST /rename { from, to }` renames one across every post in one commit (editors
 * and admins: it changes posts that are not theirs). Mounted in the signed-in area.
 */
export function tagsRoutes(deps: { accounts: AccountStore; tags: AdminTags }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts)] })

  router.get(LIST, (ctx) => {
    ctx.body = deps.tags.list() satisfies TagInUse[]
  })

  router.post(RENAME, requireRole('admin', 'editor'), async (ctx) => {
    ctx.body = (await deps.tags.rename(ctx.request.body, ctx.state.author)) satisfies TagRenameResult
  })

  return router
}
