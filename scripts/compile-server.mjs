/**
 * The server compiled to JavaScript (DESIGN.md: production runs compiled JavaScript; only
 * `npm run dev` and the tests run the TypeScript sources). esbuild bundles each entry below
 * with the server's own modules (and the few `renderer/` modules it shares with the pages) and
 * the packages they import into `dist/node/`, ES modules split into shared chunks, with source
 * maps. Only the packages in EXTERNAL stay imports of node_modules.
 *
 * Why bundled, packages included: no TypeScript loader at all (node and tsx booting and
 * transforming were 1.5 s of a 2.25–3.4 s start at 10,000 posts), and few files to load. With
 * packages left in node_modules a start opened 702 JavaScript files before it listened, 680 of
 * them the packages', each resolved, read and linked by node's loader: most of the 0.5 s of CPU
 * the module graph took. Now 256, 192 of them vike's (external, below), and the module graph
 * takes about 0.3 s, of which vike 0.12 s and node's own start 0.06 s (`npm run bench:start`).
 *
 * Skipped when the sources are unchanged: the key is a hash of every input file, recorded in
 * `dist/node/compiled.json` once the output is written (a compile that failed leaves none).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The entries: the scripts' (`npm start`, build, export, admin) and the worker threads'. */
export const SERVER_ENTRIES = {
  index: 'server/index.ts',
  build: 'server/build.ts',
  export: 'server/export.ts',
  'admin-cli': 'server/admin-cli.ts',
  'import-cli': 'server/import-cli.ts',
  'render-worker': 'server/build/render-worker.ts',
  'pack-worker-entry': 'server/git/packing/pack-worker-entry.ts',
  // What scripts/run-compiled.mjs asks whether dist/ is current.
  'build-info': 'server/build-info.ts',
}

/**
 * The packages that stay imports of node_modules, each for a reason bundling would break:
 * - vike: the server build in dist/server imports vike's runtime from node_modules and registers
 *   its pages with it; a second copy in our bundle would be another runtime that knows no pages.
 *   React likewise: the pages render with dist/server's React, which must be the only one.
 * - sharp: a native addon, found through its own folder.
 * - pagefind: starts its binary, found through its own package (@pagefind/<platform>); and loaded
 *   only when a search index is made, so a start that makes none never reads it.
 * - vite, esbuild, tsx: build and development tools; a production server never loads them (the
 *   build runs `vike build` in a child process; the worker threads' TypeScript boot files are
 *   for the sources only).
 * `tests/api/compiled-production.test.ts` checks that dist/node imports no other package, and
 * only packages that are `dependencies` (what `npm ci --omit=dev` installs).
 */
export const EXTERNAL = ['vike', 'vike/*', 'react', 'react/*', 'react-dom', 'react-dom/*', 'sharp', 'pagefind', 'vite', 'esbuild', 'tsx', 'tsx/*']

/**
 * Bundled packages are CommonJS as often as not: their `require` of node's own modules needs a
 * `require` in an ES module, and a few read `__dirname`/`__filename` (none of ours: they would
 * name dist/node, not the package's folder; such a package belongs in EXTERNAL).
 */
const REQUIRE_SHIM = "import { createRequire as __watchioCreateRequire } from 'node:module'; const require = __watchioCreateRequire(import.meta.url);"

/** What the compiled server is made from: when any of it changes, it is compiled again. */
const SERVER_INPUTS = ['server', 'core', 'renderer', 'package-lock.json', 'tsconfig.json', 'scripts/compile-server.mjs']

export const COMPILED_DIR = path.join('dist', 'node')
const RECORD = 'compiled.json'

/**
 * A hash of every input's path and bytes (the same scheme as server/build-info.ts). The files
 * are read synchronously: every start hashes some 200 small files before it can go on, and an
 * awaited read each waited for a turn of the thread pool and of the main thread (0.1–0.2 s of
 * a start's wall time on a busy machine, for 40 ms of CPU).
 */
export async function hashServerInputs(root) {
  const hash = createHash('sha256')
  for (const input of SERVER_INPUTS) {
    for (const file of await listFiles(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('base64url').slice(0, 24)
}

/** The hash the compiled server in `root` was made from, or null when there is none. */
export async function readCompiledHash(root) {
  try {
    const record = JSON.parse(await readFile(path.join(root, COMPILED_DIR, RECORD), 'utf8'))
    return typeof record.serverHash === 'string' ? record.serverHash : null
  } catch {
    return null
  }
}

/**
 * Compiles the server into `dist/node/` unless its inputs are the ones it was compiled from
 * (`force` compiles anyway). Answers the inputs' hash and whether it compiled.
 */
export async function compileServer({ root, force = false, log = () => {} }) {
  const serverHash = await hashServerInputs(root)
  if (!force && (await readCompiledHash(root)) === serverHash) {
    log(`Server: unchanged (sources hash ${serverHash}): keeping dist/node`)
    return { serverHash, compiled: false }
  }
  const started = performance.now()
  const outdir = path.join(root, COMPILED_DIR)
  await rm(outdir, { recursive: true, force: true })
  // Loaded only when compiling: a start whose server is current never pays for esbuild.
  const { build } = await import('esbuild')
  await build({
    absWorkingDir: root,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'bundle',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: 'linked',
    // Paths in the maps relative to the maps, so a stack trace names server/….ts wherever the checkout is.
    sourcesContent: false,
    // The code that picks a worker thread's entry file asks this (server/lib/compiled.ts).
    define: { __WATCHIO_COMPILED__: 'true' },
    // Every entry and chunk in one folder, so `new URL('./render-worker.js', import.meta.url)`
    // names the same file from whichever chunk the calling module ends up in.
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  })
  await writeFile(path.join(outdir, RECORD), JSON.stringify({ serverHash, compiledAt: new Date().toISOString() }))
  log(`Server: compiled to dist/node in ${Math.round(performance.now() - started)} ms`)
  return { serverHash, compiled: true }
}

async function listFiles(target) {
  let entries
  try {
    entries = await readdir(target, { withFileTypes: true, recursive: true })
  } catch (error) {
    if (error.code === 'ENOTDIR') return [target]
    if (error.code === 'ENOENT') return []
    throw error
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

// `node scripts/compile-server.mjs [--force]`
if (import.meta.url === `file://${process.argv[1]}`) {
  await compileServer({ root: process.cwd(), force: process.argv.includes('--force'), log: (line) => console.log(line) })
}
