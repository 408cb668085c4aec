/**
 * `npm run build`: vike builds the client and server bundles, then every public page is
 * prerendered into dist/client by the same code that regenerates pages at run time
 * (services/site-pages.ts), so a build and a running server can never disagree.
 *
 * Why not vike's own prerender step: its hooks cannot receive the content index, which
 * the post pages need; vike's renderPage() can (pageContextInit), so prerendering goes
 * through it.
 */
import { writeFile } from 'node:fs/promises'
import { build } from 'vike/api'
import { buildInfoPath, hashBuildInputs } from './build-info.ts'
import { loadConfig } from './config.ts'
import { consoleLogger } from './logger.ts'
import { openSite } from './site.ts'

export async function buildSite(root = process.cwd()): Promise<void> {
  const config = loadConfig(process.env, root)
  const started = performance.now()
  const sourceHash = await hashBuildInputs(root)
  await build({ viteConfig: { root, logLevel: 'warn' } })
  const site = await openSite({ config: { ...config, mode: 'production' }, buildId: sourceHash, logger: consoleLogger })
  const count = await site.pages.generateAll()
  await writeFile(buildInfoPath(config.distDir), JSON.stringify({ sourceHash, builtAt: new Date().toISOString() }))
  console.log(`Built and prerendered ${count} pages in ${Math.round(performance.now() - started)} ms`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildSite().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
