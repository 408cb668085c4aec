/**
 * Playwright's `webServer` for playwright.export.config.ts: a static export (server/export/) of a
 * temp copy of the tests' own content (tests/fixtures/content), served by nginx alone on E2E_PORT
 * with the export's own nginx.conf, so the public browser tests run against it exactly as against
 * the Node server (tests/e2e/serve.ts). No Node process answers a request. Removes the temp site and
 * stops nginx when Playwright stops it (SIGTERM/SIGINT).
 */
import path from 'node:path'
import { readBuildInfo } from '../../server/build-info.ts'
import { loadConfig } from '../../server/config.ts'
import { exportSite } from '../../server/export/write-export.ts'
import { consoleLogger } from '../../server/lib/logger.ts'
import { ensureBuild } from '../support/ensure-build.ts'
import { serveExportWithNginx } from '../support/static-nginx.ts'
import { stopOnSignals } from '../support/stop-on-signals.ts'
import { createTempSite } from '../support/temp-site.ts'

const port = Number(process.env.E2E_PORT?.trim() || '4174')
const repoRoot = path.resolve(import.meta.dirname, '../..')

await ensureBuild(repoRoot)
const site = await createTempSite()

try {
  // The settings the Node e2e server runs with (tests/support/temp-site.ts).
  const config = { ...loadConfig({ NODE_ENV: 'production', CONTENT_DIR: site.contentDir, DATA_DIR: site.dataDir, SITE_URL: 'https://watchio.example' }, repoRoot), mode: 'production' as const }
  const build = await readBuildInfo(config.distDir)
  if (!build) throw new Error('dist/ is not built')
  const out = path.join(path.dirname(site.repoDir), 'export')
  const result = await exportSite({ config, build, logger: consoleLogger, out })
  const nginx = await serveExportWithNginx({ root: out, port })
  stopOnSignals(site, () => nginx.stop())
  console.log(`e2e export (${result.milliseconds} ms) served by nginx on ${nginx.url} from ${out}`)
} catch (error) {
  console.error(error)
  await site.cleanup()
  process.exit(1)
}
