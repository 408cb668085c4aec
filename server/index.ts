/**
 * `npm start` / `npm run dev`: checks the settings, builds first in production when dist/
 * is missing or older than the sources, then starts the server (start.ts).
 */
import { type BuildInfo, buildIfStale, hashBuildInputs } from './build-info.ts'
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

let build: BuildInfo | null
if (config.mode === 'production') {
  build = await buildIfStale({ root: process.cwd(), distDir: config.distDir, say: (message) => logger.info(message) })
  if (!build) process.exit(1)
} else {
  // In development nothing is prerendered; the stamp only has to be stable for this run.
  build = { sourceHash: await hashBuildInputs(process.cwd()), builtAt: new Date().toISOString() }
}

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
// How long the process took to listen, and the CPU it used: what a restart costs, in the log.
const cpu = process.cpuUsage()
logger.info(
  `Watchio site (${config.mode}${role}) listening on ${server.url} — public URL ${config.siteUrl} ` +
    `(${process.uptime().toFixed(2)} s after the process started, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU)`,
)

/**
 * Closes the server and its background work (the pages' catch-up, the content checks, a search
 * index update: each stops where it stands, with nothing half-written, for the next start to take
 * up), in one line of the log.
 */
const stop = (signal: NodeJS.Signals) => {
  const started = performance.now()
  server.close().then(({ stalePages, contentChecks }) => {
    const left = [stalePages > 0 ? `${stalePages} stale pages` : '', contentChecks > 0 ? `${contentChecks} posts' content to check` : ''].filter(Boolean)
    logger.info(`Stopped on ${signal} in ${Math.round(performance.now() - started)} ms${left.length > 0 ? `: ${left.join(' and ')} left for the next start` : ''}`)
    process.exit(0)
  })
  setTimeout(() => {
    logger.info(`Stopped on ${signal}: closing took over 2 s, what was left is for the next start`)
    process.exit(0)
  }, 2000).unref()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
