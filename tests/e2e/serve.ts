/**
 * Playwright's `webServer`: the production build over a temp copy of the sample content
 * (in a temp git repository), on the port given in E2E_PORT. Never serves this repository's
 * own content/. Removes the temp site when Playwright stops it (SIGTERM/SIGINT).
 */
import { ensureBuild } from '../support/ensure-build.ts'
import { createTempSite, startTestServer } from '../support/temp-site.ts'

const port = process.env.E2E_PORT?.trim() || '4173'

await ensureBuild()
const site = await createTempSite()
let server: Awaited<ReturnType<typeof startTestServer>>
try {
  server = await startTestServer(site, { env: { PORT: port } })
} catch (error) {
  await site.cleanup()
  throw error
}
console.log(`e2e server listening on ${server.url} (content in ${site.repoDir})`)

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  // Never hang Playwright's teardown: exit anyway after a moment.
  setTimeout(() => process.exit(0), 3000).unref()
  try {
    await server.close()
  } finally {
    await site.cleanup()
    process.exit(0)
  }
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
