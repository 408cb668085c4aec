import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Middleware } from 'koa'
import path from 'node:path'
import { AccountStore, accountsFilePath } from './accounts/account-store.ts'
import { ensureFirstAdmin } from './accounts/first-admin.ts'
import { loadSessionSecret } from './accounts/session-secret.ts'
import { SessionStore } from './accounts/session-store.ts'
import { createApp } from './app.ts'
import { ContentRepository } from './git/content-repository.ts'
import type { BuildInfo } from './build-info.ts'
import type { Config } from './config.ts'
import type { Logger } from './logger.ts'
import { AdminPosts } from './services/admin-posts.ts'
import { LoginGuard } from './services/login-guard.ts'
import { PostHistory } from './services/post-history.ts'
import { openSite } from './site.ts'

export interface RunningServer {
  /** Base URL actually listened on, e.g. http://127.0.0.1:41235. */
  url: string
  site: Awaited<ReturnType<typeof openSite>>
  close(): Promise<void>
}

/**
 * Loads the content, brings the prerendered pages up to date (production), watches the
 * posts folder and listens. `clientDir` defaults to dist/client; tests pass a copy so that
 * several servers never write into the same folder.
 */
export async function startServer(options: {
  config: Config
  build: BuildInfo
  logger: Logger
  clientDir?: string
}): Promise<RunningServer> {
  const { config, build, logger } = options
  // Before the posts are read: it refuses to start beside another writer of the repository,
  // and finishes or undoes a save that a crash interrupted. (The build only reads: no lock.)
  const repository = await ContentRepository.open({ dir: config.contentDir, logger })
  let site: Awaited<ReturnType<typeof openSite>>
  try {
    site = await openSite({ config, build, logger, clientDir: options.clientDir })
  } catch (error) {
    await repository.close()
    throw error
  }
  let devMiddleware: Middleware | undefined
  if (config.mode === 'production') {
    const rendered = await site.pages.catchUp()
    if (rendered > 0) logger.info(`Regenerated ${rendered} pages whose content changed since the last run`)
  } else {
    devMiddleware = await createViteMiddleware()
  }
  site.watch()
  const admin = await openAdmin({ config, logger, site, repository })

  const app = createApp({
    config,
    index: site.content.index,
    render: site.render,
    clientDir: config.mode === 'production' ? site.clientDir : null,
    fileCache: site.fileCache,
    logger,
    devMiddleware,
    admin,
  })
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening)).on('error', reject)
  })
  const { port } = server.address() as AddressInfo
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    site,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(async () => {
        await admin.sessions.flush()
        await site.close()
        await repository.close()
      }),
  }
}

/**
 * The admin side: accounts (the first one created at first start, its password printed
 * once), sessions, the sign-in guard, and the posts service that turns saves into commits.
 */
async function openAdmin(options: {
  config: Config
  logger: Logger
  site: Awaited<ReturnType<typeof openSite>>
  repository: ContentRepository
}) {
  const { config, logger, site, repository } = options
  const accounts = new AccountStore(accountsFilePath(config.dataDir))
  const first = await ensureFirstAdmin({
    store: accounts,
    env: { ADMIN_USERNAME: config.firstAdmin.username, ADMIN_PASSWORD: config.firstAdmin.password },
    siteHost: new URL(config.siteUrl).host,
  })
  if (first?.password) {
    logger.info(
      [
        'First start: created the admin account. This password is shown only once.',
        `  Sign in at ${config.siteUrl}/admin/login`,
        `  username: ${first.username}`,
        `  password: ${first.password}`,
        `  Change it with: npm run admin -- passwd ${first.username}`,
      ].join('\n'),
    )
  } else if (first) {
    logger.info(`First start: created the admin account "${first.username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`)
  }
  const secret = await loadSessionSecret({ dataDir: config.dataDir, configured: config.sessionSecret })
  const history = new PostHistory({ content: site.content, repository, blogDir: path.join(config.contentDir, 'blog') })
  return {
    accounts,
    sessions: new SessionStore({ file: path.join(config.dataDir, 'sessions.json') }),
    guard: new LoginGuard(),
    posts: new AdminPosts({
      content: site.content,
      repository,
      blogDir: path.join(config.contentDir, 'blog'),
      history,
    }),
    history,
    sessionKeys: [secret],
  }
}

/** vike's development middleware (Vite with hot reload), mounted in Koa. */
async function createViteMiddleware(): Promise<Middleware> {
  const { createDevMiddleware } = await import('vike/server')
  const { devMiddleware } = await createDevMiddleware({ root: process.cwd() })
  return (ctx, next) =>
    new Promise<void>((resolve, reject) => {
      ctx.res.once('finish', () => {
        ctx.respond = false
        resolve()
      })
      devMiddleware(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(next())))
    })
}
