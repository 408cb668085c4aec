import Koa, { type Middleware } from 'koa'
import type { Config } from './config.ts'
import type { PostIndex } from './content/post-index.ts'
import type { Logger } from './logger.ts'
import type { RenderUrl } from './pages/render-page.ts'
import { FileCache } from './http/file-cache.ts'
import { handleErrors } from './http/handle-errors.ts'
import { publicApiRoutes } from './http/public-api.ts'
import { securityHeaders } from './http/security-headers.ts'
import { siteMiddleware } from './http/site.ts'

export interface AppDeps {
  config: Pick<Config, 'mode' | 'trustProxy'>
  index: PostIndex
  render: RenderUrl
  /** `dist/client` in production; null in development, where Vite serves the files. */
  clientDir: string | null
  fileCache: FileCache
  logger: Logger
  /** Vite's dev middleware, development only. */
  devMiddleware?: Middleware
}

/** Builds the Koa app from its parts (tests build it directly; index.ts wires real ones). */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa()
  app.proxy = deps.config.trustProxy
  app.silent = true

  app.use(securityHeaders(deps.config.mode))
  app.use(handleErrors(deps.logger))

  const api = publicApiRoutes({ posts: deps.index, revision: () => deps.index.revision })
  app.use(api.routes())
  app.use(api.allowedMethods())
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next()
    ctx.status = 404
    ctx.type = 'text/plain; charset=utf-8'
    ctx.body = 'Not Found'
  })

  if (deps.devMiddleware) app.use(deps.devMiddleware)
  app.use(siteMiddleware({ clientDir: deps.clientDir, files: deps.fileCache, render: deps.render }))
  return app
}
