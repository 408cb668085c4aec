/**
 * How production runs the server: `node scripts/run-compiled.mjs <entry> [args…]` runs
 * dist/node/<entry>.js, the compiled server (compile-server.mjs), with plain node: no TypeScript
 * loader. `npm start` (entry `index`) and `npm run export` (`export`) build first when dist/ is
 * missing or older than the sources, as `npm run build` would; `npm run admin` (`admin-cli`)
 * needs only the compiled server, and compiles it when it is missing or stale.
 *
 * Source maps are on (`process.setSourceMapsEnabled`), so a stack trace names server/….ts lines.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { COMPILED_DIR, SERVER_ENTRIES, compileServer, hashServerInputs, readCompiledHash } from './compile-server.mjs'
import { checkNodeVersion } from './node-version.mjs'

/** The entries that serve or export pages, and so need dist/'s bundles and pages too. */
const NEED_BUILD = new Set(['index', 'export'])

checkNodeVersion()
const root = process.cwd()
const entry = process.argv[2]
if (!entry || !Object.hasOwn(SERVER_ENTRIES, entry)) {
  console.error(`Usage: node scripts/run-compiled.mjs <entry> [args…]   (entry: ${Object.keys(SERVER_ENTRIES).join(', ')})`)
  process.exit(2)
}
// The entry reads its own arguments from process.argv.slice(2), as when it is run directly.
process.argv.splice(2, 1)
const compiled = (file) => pathToFileURL(path.join(root, COMPILED_DIR, file)).href

if (NEED_BUILD.has(entry)) {
  if (!(await buildIsCurrent())) {
    console.log('dist/ is missing or older than the sources: building first (npm run build)…')
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (result.status !== 0) process.exit(1)
  }
} else {
  await compileServer({ root })
}
process.setSourceMapsEnabled(true)
await import(compiled(`${entry}.js`))

/**
 * Whether the compiled server and dist/'s bundles and pages were made from the sources as they
 * are. The second half is the compiled server's own check (build-info.ts), asked at the same
 * time as the first is hashed (about 40 ms each here); its answer counts only when the compiled
 * server is current, and it is remembered, so the entry does not hash the sources again.
 */
async function buildIsCurrent() {
  const [made, wanted, build] = await Promise.all([
    readCompiledHash(root),
    hashServerInputs(root),
    import(compiled('build-info.js')).then(
      ({ currentBuild }) => currentBuild(root, path.join(root, 'dist')),
      () => null,
    ),
  ])
  return made !== null && made === wanted && build !== null
}
