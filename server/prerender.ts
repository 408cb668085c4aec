/**
 * Renders every public page of dist/ again from the content, without bundling: what
 * `npm run build` does once the bundles are there (build.ts). Tests use it to prerender a copy
 * of dist/ from their own content (tests/support/fixture-build.ts).
 */
import { hashBuildInputs } from './build-info.ts'
import { prerenderPages } from './build/prerender-pages.ts'
import { loadConfig } from './config.ts'
import { consoleLogger } from './lib/logger.ts'

const root = process.cwd()
await prerenderPages({ config: loadConfig(process.env, root), sourceHash: await hashBuildInputs(root), logger: consoleLogger, out: process.stdout }).then(
  ({ pages, loadMs, renderMs }) => console.log(`Prerendered ${pages} pages in ${Math.round(loadMs + renderMs)} ms`),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
