/**
 * Starts the server: checks the settings, builds first in production when dist/ is
 * missing or older than the sources, loads the posts, catches the prerendered pages up
 * with the content, watches the posts folder, and listens.
 */
import { spawnSync } from 'node:child_process'
import type { Middleware } from 'koa'
import { createApp } from './app.ts'
import { hashBuildInputs, readBuildInfo } from './build-info.ts'
import { type Config, loadConfig } from './config.ts'
import { ConfigError } from './errors.ts'
import { consoleLogger as logger } from './logger.ts'
import { openSite } from './site.ts'

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const root = process.cwd()
  const sourceHash = await hashBuildInputs(root)
  if (config.mode === 'production' && (await readBuildInfo(config.distDir))?.sourceHash !== sourceHash) {
    logger.info('dist/ is missing or older than the sources: building first (npm run build)…')
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts'], { stdio: 'inherit', env: process.env })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }

  const site = await openSite({ config, buildId: sourceHash, logger })
  let devMiddleware: Middleware | undefined
  if (config.mode === 'production') {
    const rendered = await site.pages.catchUp()
    if (rendered > 0) logger.info(`Regenerated ${rendered} pages whose content changed since the last run`)
  } else {
    devMiddleware = await createViteMiddleware(root)
  }
  site.watch()

  const app = createApp({
    config,
    index: site.content.index,
    render: site.render,
    clientDir: config.mode === 'production' ? site.clientDir : null,
    fileCache: site.fileCache,
    logger,
    devMiddleware,
  })
  const server = app.listen(config.port, config.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    logger.info(`Watchio site (${config.mode}) listening on http://${config.host}:${port} — public URL ${config.siteUrl}`)
  })
  const stop = () => {
    site.close()
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/** vike's development middleware (Vite with hot reload), mounted in Koa. */
async function createViteMiddleware(root: string): Promise<Middleware> {
  const { createDevMiddleware } = await import('vike/server')
  const { devMiddleware } = await createDevMiddleware({ root })
  return (ctx, next) =>
    new Promise<void>((resolve, reject) => {
      ctx.res.once('finish', () => {
        ctx.respond = false
        resolve()
      })
      devMiddleware(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(next())))
    })
}

main().catch((error) => {
  logger.error('The server could not start', error)
  process.exit(1)
})
