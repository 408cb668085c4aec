/**
 * `npm run build [-- --force]`: the server compiled to JavaScript (compile-server.mjs, skipped
 * when its sources are unchanged), then the compiled build (server/build.ts: the bundles and
 * every public page) in this same process. `--force` compiles and bundles anyway.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { COMPILED_DIR, compileServer } from './compile-server.mjs'
import { checkNodeVersion } from './node-version.mjs'

checkNodeVersion()
process.env.NODE_ENV = 'production'
const root = process.cwd()
const { compiled } = await compileServer({ root, force: process.argv.includes('--force'), log: (line) => console.log(line) })
// esbuild keeps its service process for the next compile, which this build never asks for: about
// 40 MiB held through bundling and rendering, in the build's peak.
if (compiled) await (await import('esbuild')).stop()
process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(root, COMPILED_DIR, 'build.js')).href)
