/**
 * The Node.js floor, said once: package.json's `engines.node` (`>=20.19.0`). Every script that
 * starts the site checks it first, so an older Node stops with a sentence naming both versions
 * instead of a syntax error or a missing API deep in a dependency. Plain JavaScript an old Node
 * still parses.
 */
import { readFileSync } from 'node:fs'

export function checkNodeVersion() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const floor = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines && pkg.engines.node)
  if (!floor) throw new Error(`package.json's engines.node should be ">=X.Y.Z", not ${JSON.stringify(pkg.engines && pkg.engines.node)}`)
  const wanted = floor.slice(1).map(Number)
  const running = process.versions.node.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    if (running[i] > wanted[i]) return
    if (running[i] < wanted[i]) {
      console.error(
        `This site needs Node.js ${wanted.join('.')} or newer (package.json "engines"); this is Node.js ${process.versions.node}. ` +
          'Install a newer Node.js (any 20.x from 20.19 on, or 22 and later) and run the command again.',
      )
      process.exit(1)
    }
  }
}

// `node scripts/node-version.mjs`: the check alone (`npm run dev` runs it before tsx).
if (import.meta.url === `file://${process.argv[1]}`) checkNodeVersion()
