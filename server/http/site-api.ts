import type Router from '@koa/router'
import type { Context } from 'koa'
import { API_PATHS, API_PREFIX, type SiteFileSummary, type SiteFileWire, type SiteHistoryEntry, type SiteVersionWire } from '../../core/contract/index.ts'
import { siteFileNameParamSchema } from '../../core/contract/site-requests.ts'
import { commitParamsSchema } from '../../core/contract/post-requests.ts'
import type { SiteFileName } from '../../core/site-content/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { parseInput, parseParam } from '../lib/parse-input.ts'
import type { SiteCopy } from '../services/site-copy/site-copy.ts'
import type { SiteHistory } from '../services/site-copy/site-history.ts'
import type { SitePreview } from '../services/site-copy/site-preview.ts'
import { apiRouter } from './api-router.ts'
import { sendPreview } from './send-preview.ts'
import { requireRole, requireSignIn } from './sessions.ts'

const PATH = API_PATHS.sitePages.slice(API_PREFIX.admin.length)

/**
 * The site's copy, for admins (content/site/): `GET` the files with their state, `GET /:name`
 * one file's values and version (in review mode its edit awaiting review), `PUT /:name
 * { values, version }` a save (one commit authored by the admin), `POST /:name/preview
 * { values }` its page rendered from unsaved values, `GET /:name/history` and
 * `/:name/history/:commit` its past versions, `POST /:name/restore { commit, version }` one of
 * them back. Mounted in the signed-in area, behind its origin and session checks, as the other
 * admin routes; errors become their status in error-status.ts.
 */
export function siteRoutes(deps: { accounts: AccountStore; site: SiteCopy; history: SiteHistory; preview: SitePreview }): Router {
  // The site's pages are editors' and admins' (authors write posts): every call, reads too, as
  // the admin UI shows authors no Site area.
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts), requireRole('admin', 'editor')] })

  router.get(PATH, async (ctx) => {
    ctx.body = (await deps.site.listCurrent()) satisfies SiteFileSummary[]
  })

  router.get(`${PATH}/:name`, async (ctx) => {
    send(ctx, await deps.site.current(fileName(ctx)))
  })

  router.put(`${PATH}/:name`, async (ctx) => {
    send(ctx, await deps.site.save(fileName(ctx), ctx.request.body, ctx.state.author))
  })

  // The page as visitors will see it with these values: HTML that runs nothing, as a post's preview.
  router.post(`${PATH}/:name/preview`, async (ctx) => {
    sendPreview(ctx, await deps.preview.render(fileName(ctx), ctx.request.body))
  })

  router.get(`${PATH}/:name/history`, async (ctx) => {
    ctx.body = (await deps.history.list(fileName(ctx))) satisfies SiteHistoryEntry[]
  })

  router.get(`${PATH}/:name/history/:commit`, async (ctx) => {
    const name = fileName(ctx)
    ctx.body = (await deps.history.version(name, parseInput(commitParamsSchema, ctx.params).commit)) satisfies SiteVersionWire
  })

  router.post(`${PATH}/:name/restore`, async (ctx) => {
    send(ctx, await deps.site.restore(fileName(ctx), ctx.request.body, ctx.state.author))
  })

  return router
}

function fileName(ctx: Context): SiteFileName {
  return parseParam(siteFileNameParamSchema, ctx.params.name ?? '')
}

/** The file with its version, also as ETag (as a post's answer carries its version). */
function send(ctx: Context, file: SiteFileWire): void {
  if (file.version !== null) ctx.set('ETag', `"${file.version}"`)
  ctx.body = file
}
