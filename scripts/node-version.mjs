/**
 * The Node.js floor, said once: package.json's `engines.node` (`>=20.19.0`). Every script that
 * starts the site checks it first, so an older Node stops with a sentence naming both versions
 * instead of a syntax error or a missing API deep in a dependency. Plain JavaScript an old Node
 * still parses.
 */
import { readFileSync } from 'node:fs'

/** Why `version` (e.g. "20.18.1") is below `range` (">=X.Y.Z"), or null when it is not. */
export function nodeVersionProblem(range, version) {
  const floor = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range || '')
  if (!floor) throw new Error(`package.json's engines.node should be ">=X.Y.Z", not ${JSON.stringify(range)}`)
  const wanted = floor.slice(1).map(Number)
  const running = version.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    if (running[i] > wanted[i]) return null
    if (running[i] < wanted[i]) {
      return (
        `This site needs Node.js ${wanted.join('.')} or newer (package.json "engines"); this is Node.js ${version}. ` +
        `Install a newer Node.js (${wanted[0]}.x from ${wanted[0]}.${wanted[1]} on, or a later major version) and run the command again.`
      )
    }
  }
  return null
}

/** Stops the process with that sentence when this Node is too old. */
export function checkNodeVersion() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const problem = nodeVersionProblem(pkg.engines && pkg.engines.node, process.versions.node)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
}

// `node scripts/node-version.mjs`: the check alone (`npm run dev` runs it before tsx).
if (import.meta.url === `file://${process.argv[1]}`) checkNodeVersion()
