/**
 * Runs the real server over an existing temp site in its own process, for tests that kill it
 * (the crash tests). The site's paths come as JSON in WATCHIO_TEMP_SITE, settings beside
 * startTestServer's defaults as JSON in WATCHIO_SERVER_ENV (optional); prints `READY <url>`.
 */
import { consoleLogger } from '../../server/lib/logger.ts'
import { startTestServer, type TempSite } from './temp-site.ts'

const paths = JSON.parse(process.env.WATCHIO_TEMP_SITE ?? '') as Omit<TempSite, 'cleanup'>
const env = JSON.parse(process.env.WATCHIO_SERVER_ENV ?? '{}') as Record<string, string>
const server = await startTestServer({ ...paths, cleanup: async () => {} }, { logger: consoleLogger, env })
console.log(`READY ${server.url}`)
// The test that started it is gone (server-process.ts): so is this server.
process.stdin.on('end', () => process.exit(1)).resume()
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
