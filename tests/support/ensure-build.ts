import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { hashServerInputs, readCompiledHash } from '../../scripts/compile-server.mjs'
import { hashBuildInputs, readBuildInfo } from '../../server/build-info.ts'

/**
 * Tests run against the production build: build first when dist/ (its bundles and pages, or the
 * compiled server in dist/node) is missing or older than the sources (the same rule as `npm start`).
 */
export async function ensureBuild(root = process.cwd()): Promise<string> {
  const sourceHash = await hashBuildInputs(root)
  const serverCurrent = (await readCompiledHash(root)) === (await hashServerInputs(root))
  if (!serverCurrent || (await readBuildInfo(`${root}/dist`))?.sourceHash !== sourceHash) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) throw new Error('npm run build failed')
  }
  return sourceHash
}

// vitest globalSetup entry.
export default async function setup(): Promise<void> {
  await ensureBuild()
}

// `node --import tsx tests/support/ensure-build.ts` (`npm test` first): dist/ built once, before the
// suites that start servers from it run side by side and would each build it at the same time.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await ensureBuild()
