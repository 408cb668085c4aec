/**
 * Playwright's `webServer`: the production build over a temp copy of the tests' own content
 * (tests/fixtures/content, in a temp git repository), on the port given in E2E_PORT. Never
 * serves this repository's own content/: dist/ is prerendered from that, so at start the
 * server renders the pages whose content differs (PublicPages.catchUp) into the temp site's
 * data folder. Removes the temp site when Playwright stops it (SIGTERM/SIGINT).
 *
 * dist/ is shared (the server serves its assets and prerendered pages straight from it, and
 * writes its own pages into the temp site's data folder): another `npm run build` (another test
 * run) can replace it after this process has loaded dist/server, and then the pages name script
 * files that dist/client no longer has (nothing hydrates). So each attempt runs in a child
 * process (vike loads dist/server once per process): it first serves on a free port and checks
 * that every /assets/ file its pages name is there, and only then listens on E2E_PORT. An
 * inconsistent attempt exits with INCONSISTENT_BUILD and is retried.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../support/ensure-build.ts'
import { stopOnSignals } from '../support/stop-on-signals.ts'
import { createTempSite, startTestServer } from '../support/temp-site.ts'

const port = process.env.E2E_PORT?.trim() || '4173'
const INCONSISTENT_BUILD = 75
const MAX_ATTEMPTS = 4

if (process.env.E2E_SERVE_CHILD === '1') await serveOnce()
else await supervise()

/** Runs attempts in child processes until one serves a consistent build. */
async function supervise(): Promise<void> {
  let child: ChildProcess | undefined
  let stopping = false
  const forward = (signal: NodeJS.Signals) => {
    stopping = true
    if (child && child.exitCode === null) child.kill(signal)
    else process.exit(0)
  }
  process.on('SIGTERM', () => forward('SIGTERM'))
  process.on('SIGINT', () => forward('SIGINT'))

  for (let attempt = 1; ; attempt++) {
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, E2E_SERVE_CHILD: '1' },
      stdio: 'inherit',
    })
    const code = await new Promise<number>((resolve) => child!.on('exit', (exitCode) => resolve(exitCode ?? 1)))
    if (stopping) process.exit(0)
    if (code !== INCONSISTENT_BUILD || attempt >= MAX_ATTEMPTS) {
      console.error(`e2e server exited with code ${code}`)
      process.exit(code || 1)
    }
    console.error(`dist/ changed while the e2e server started (attempt ${attempt}); retrying`)
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt))
  }
}

async function serveOnce(): Promise<void> {
  await ensureBuild()
  const site = await createTempSite()
  try {
    const probe = await startTestServer(site)
    const missing = await missingAssets(probe.url).finally(() => probe.close())
    if (missing.length > 0) {
      console.error(`pages name assets that dist/client lacks: ${missing.join(', ')}`)
      await site.cleanup()
      process.exit(INCONSISTENT_BUILD)
    }
    // The browser's origin is the site's: the API trusts SITE_URL's origin alone (and its loopback aliases).
    const server = await startTestServer(site, { env: { PORT: port, SITE_URL: `http://127.0.0.1:${port}`, LINK_DETAILS_FETCH: 'off' } })
    console.log(`e2e server listening on ${server.url} (content in ${site.repoDir})`)
    stopOnSignals(site, server.close)
  } catch (error) {
    await site.cleanup()
    throw error
  }
}

/** The /assets/ files named by a prerendered page, a post, and a page rendered at request time that do not load. */
async function missingAssets(baseUrl: string): Promise<string[]> {
  const assets = new Set<string>()
  for (const pathname of ['/blog', '/', '/e2e-startup-check-unknown-page']) {
    const html = await (await fetch(baseUrl + pathname)).text()
    for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(match[1]!)
  }
  if (assets.size === 0) return ['(no /assets/ files named at all)']
  const missing: string[] = []
  for (const asset of assets) {
    const response = await fetch(baseUrl + asset)
    await response.arrayBuffer()
    if (!response.ok) missing.push(`${asset} (${response.status})`)
  }
  return missing
}
