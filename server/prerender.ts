/**
 * Second half of `npm run build` (after `vike build` has made the client and server
 * bundles): prerenders every public page into dist/client with the same code that
 * regenerates pages at run time (services/public-pages.ts), so a build and a running server
 * can never disagree, then records what the build was made from (build-info.json).
 *
 * Why not vike's own prerender step: its hooks cannot receive the content index that the
 * post pages need, while vike's renderPage() can (pageContextInit), so prerendering goes
 * through renderPage().
 */
import { writeFile } from 'node:fs/promises'
import { type BuildInfo, buildInfoPath, hashBuildInputs } from './build-info.ts'
import { loadConfig } from './config.ts'
import { consoleLogger } from './lib/logger.ts'
import { renderSettingsOf } from './pages/render-page.ts'
import { openSite } from './site.ts'

const root = process.cwd()
const started = performance.now()
const config = loadConfig(process.env, root)
const build: BuildInfo = { sourceHash: await hashBuildInputs(root), builtAt: new Date().toISOString(), settings: renderSettingsOf(config) }
const site = await openSite({ config: { ...config, mode: 'production' }, build, logger: consoleLogger, pagesFor: 'build' })
const count = await site.pages.generateAll()
await writeFile(buildInfoPath(config.distDir), JSON.stringify(build))
console.log(`Prerendered ${count} pages in ${Math.round(performance.now() - started)} ms`)
