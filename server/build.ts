/**
 * `npm run build [-- --force]`: the bundles (vike build, skipped when the code and the lock file
 * are as they were at the last bundling: build/bundles.ts), then every public page rendered
 * from the content (build/prerender-pages.ts), in this one process.
 */
import { parseArgs } from 'node:util'
import { hashBuildInputs } from './build-info.ts'
import { bundleUnlessUnchanged } from './build/bundles.ts'
import { loadConfig } from './config.ts'
import { ConfigError } from './lib/errors.ts'
import { consoleLogger } from './lib/logger.ts'

async function build(): Promise<void> {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } })
  const root = process.cwd()
  const started = performance.now()
  const config = loadConfig(process.env, root)
  const sourceHash = await hashBuildInputs(root)
  const log = (line: string) => console.log(line)
  await bundleUnlessUnchanged({ root, distDir: config.distDir, sourceHash, force: values.force, log })
  // Loaded once the bundles are made: the renderer and the content's modules would otherwise be
  // held in this process beside vike's own while it bundles, the build's memory peak.
  const { prerenderPages } = await import('./build/prerender-pages.ts')
  const { pages, loadMs, renderMs, workers, search } = await prerenderPages({ config, sourceHash, logger: consoleLogger, out: process.stdout })
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const threads = workers > 0 ? ` on ${workers} worker thread${workers === 1 ? '' : 's'} and the build's own` : ''
  log(`Pages: ${pages} rendered in ${seconds(renderMs)}${threads} (content and renderer loaded in ${seconds(loadMs)})`)
  log(`Search index: ${search.records} posts in ${seconds(search.ms)}`)
  // CPU beside the time: on a busy machine (CI) the time says more about the neighbours.
  const cpu = process.cpuUsage()
  log(`Built in ${seconds(performance.now() - started)} (${seconds((cpu.user + cpu.system) / 1000)} of CPU in this process, its threads included)`)
}

// Said, not thrown: an error escaping a top-level await under tsx can leave the exit code 0.
await build().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
