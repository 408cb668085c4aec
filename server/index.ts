/**
 * `npm start` / `npm run dev`: checks the settings, builds first in production when dist/
 * is missing or older than the sources, then starts the server (start.ts).
 */
import { spawnSync } from 'node:child_process'
import { hashBuildInputs, readBuildInfo } from './build-info.ts'
import { type Config, loadConfig } from './config.ts'
import { AppError, ConfigError } from './lib/errors.ts'
import { consoleLogger as logger } from './lib/logger.ts'
import { startServer } from './start.ts'

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const sourceHash = await hashBuildInputs(process.cwd())
let build = await readBuildInfo(config.distDir)
if (config.mode === 'production' && build?.sourceHash !== sourceHash) {
  logger.info('dist/ is missing or older than the sources: building first (npm run build)…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
  build = await readBuildInfo(config.distDir)
}
// In development nothing is prerendered; the stamp only has to be stable for this run.
build ??= { sourceHash, builtAt: new Date().toISOString() }

let server: Awaited<ReturnType<typeof startServer>>
try {
  server = await startServer({ config, build, logger })
} catch (error) {
  // Another server holds the repository, it is not a git repository, a settings file is broken:
  // say so plainly instead of a stack trace.
  if (!(error instanceof AppError)) throw error
  console.error(error.message)
  process.exit(1)
}
const role = config.role === 'replica' ? `, read-only replica following ${config.contentSync?.remoteUrl}` : ''
logger.info(`Watchio site (${config.mode}${role}) listening on ${server.url} — public URL ${config.siteUrl}`)

const stop = () => {
  server.close().then(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
