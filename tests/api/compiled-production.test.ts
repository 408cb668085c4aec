import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTERNAL } from '../../scripts/compile-server.mjs'
import { startGitHttpServer, type GitHttpServer } from '../support/git-http-server.ts'
import { runGit } from '../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../support/maintainer-git.ts'
import { createTempSite, type TempSite } from '../support/temp-site.ts'

/*
 * DESIGN.md: production runs compiled JavaScript (`npm start`, replicas, the export); only
 * `npm run dev` and the tests run the TypeScript sources. Each production process is started as
 * npm starts it (package.json's script, through sh) with `--inspect-brk` in NODE_OPTIONS, so the
 * test sees every script its main thread loads from the first one on (loaded-scripts.ts): the
 * compiled entry in dist/node, no module of tsx, no TypeScript file; and its command line and
 * NODE_OPTIONS (read from /proc) name no loader.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const scripts = manifest.scripts
const helper = path.resolve(import.meta.dirname, '../support/loaded-scripts.ts')
const INSPECT = '--inspect-brk=127.0.0.1:0'

interface Inspected {
  pid: number
  scripts: string[]
  cmdline: string[]
  nodeOptions: string | undefined
  output: string
}

/**
 * Runs `npm run <script> [args]`'s command with the inspector, until `done(output)` says so or it
 * exits; answers what it loaded, its command line and NODE_OPTIONS, then stops it.
 */
function runInspected(script: string, args: string[], env: Record<string, string>, done: (output: string) => boolean): Promise<Inspected> {
  const command = [scripts[script]!, ...args].join(' ')
  // A process group of its own, so that stopping it stops node too, whatever sh made of the command.
  const child = spawn('sh', ['-c', command], { cwd: repoRoot, env: { ...process.env, ...env, NODE_OPTIONS: INSPECT }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  let watcher: ChildProcess | null = null
  const loaded: string[] = []
  let pid = 0
  return new Promise<Inspected>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${script} did not get there in time:\n${output}`)), 240_000)
    let finished = false
    const finish = (error?: Error) => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      let proc: Omit<Inspected, 'scripts' | 'output' | 'pid'> = { cmdline: [], nodeOptions: undefined }
      try {
        proc = {
          cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean),
          nodeOptions: readFileSync(`/proc/${pid}/environ`, 'utf8')
            .split('\0')
            .find((entry) => entry.startsWith('NODE_OPTIONS='))
            ?.slice('NODE_OPTIONS='.length),
        }
      } catch (readError) {
        if (!error) error = readError as Error
      }
      watcher?.stdin?.end()
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // Already gone.
      }
      if (error) reject(error)
      else resolve({ pid, scripts: loaded, output, ...proc })
    }
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString()
      const ws = /Debugger listening on (ws:\/\/\S+)/.exec(output)
      if (ws && !watcher) {
        const { NODE_OPTIONS: _, ...helperEnv } = process.env
        watcher = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '--import', 'tsx', helper, ws[1]!], { env: helperEnv, stdio: ['pipe', 'pipe', 'inherit'] })
        watcher.stdout!.on('data', (data: Buffer) => {
          for (const line of data.toString().split('\n')) {
            if (line.startsWith('pid ')) pid = Number(line.slice(4))
            if (line.startsWith('script ')) loaded.push(line.slice(7))
            if (line === 'synced') finish()
          }
        })
        watcher.on('exit', () => finish(new Error(`the inspector's helper left before it was done:\n${output}`)))
      }
      // The export ends with the inspector still attached: node waits for it to go.
      if (pid && (done(output) || output.includes('Waiting for the debugger to disconnect'))) {
        // Finished once the helper has printed every script parsed up to now (it answers `synced`).
        watcher!.stdin!.write('sync\n')
        child.stdout!.off('data', onOutput)
        child.stderr!.off('data', onOutput)
      }
    }
    child.stdout!.on('data', onOutput)
    child.stderr!.on('data', onOutput)
    child.on('error', (error) => finish(error))
  })
}

/** The package a module specifier or a node_modules file names (a nested copy counts as its parent's). */
function packageOf(specifier: string): string {
  const name = specifier.includes('/node_modules/') ? specifier.split('/node_modules/')[1]! : specifier
  const parts = name.split('/')
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

function expectCompiled(run: Inspected, entry: string): void {
  const entryUrl = pathToFileURL(path.join(repoRoot, 'dist', 'node', `${entry}.js`)).href
  expect(run.scripts, run.output).toContain(entryUrl)
  expect(run.scripts.filter((url) => url.includes('/node_modules/tsx/'))).toEqual([])
  expect(run.scripts.filter((url) => url.startsWith('file:') && /\.[cm]?tsx?$/.test(url))).toEqual([])
  expect(run.cmdline.filter((arg) => /tsx|^--(import|loader|experimental-loader|require)|^-r$|\.[cm]?ts$/.test(arg))).toEqual([])
  expect(run.cmdline[0]).toMatch(/node$/)
  expect(run.nodeOptions).toBe(INSPECT)
  // The packages the compiled server uses are in its bundle: node loads from node_modules only
  // the external ones (vike, with what it loads itself: React, the pages' packages), never a
  // devDependency.
  const loaded = new Set(run.scripts.filter((url) => url.includes('/node_modules/')).map(packageOf))
  expect([...loaded].filter((name) => Object.hasOwn(manifest.devDependencies, name))).toEqual([])
  for (const bundled of ['koa', '@koa/router', 'isomorphic-git', 'js-yaml', 'parse5']) expect(loaded).not.toContain(bundled)
}

let writerSite: TempSite
let replicaRoot: string
let remote: GitHttpServer

beforeAll(async () => {
  writerSite = await createTempSite()
  replicaRoot = mkdtempSync(path.join(os.tmpdir(), 'watchio-compiled-'))
  runGit(['clone', '-q', '--bare', writerSite.repoDir, path.join(replicaRoot, 'site.git')], { env: MAINTAINER_GIT_ENV })
  runGit(['clone', '-q', path.join(replicaRoot, 'site.git'), path.join(replicaRoot, 'replica')], { env: MAINTAINER_GIT_ENV })
  remote = await startGitHttpServer({ root: replicaRoot })
})

afterAll(async () => {
  await remote?.close()
  await writerSite?.cleanup()
  if (replicaRoot) rmSync(replicaRoot, { recursive: true, force: true })
})

const listening = (output: string) => /listening on http:\/\/\S+:\d+/.test(output)

describe('production processes run compiled JavaScript, with no TypeScript loader', () => {
  it('npm start: the writer', async () => {
    const run = await runInspected('start', [], { PORT: '0', CONTENT_DIR: writerSite.contentDir, DATA_DIR: writerSite.dataDir, ADMIN_USERNAME: 'editor', ADMIN_PASSWORD: 'correct horse battery staple' }, listening)
    expect(run.output).toContain('Watchio site (production)')
    expectCompiled(run, 'index')
  })

  it('npm start with SITE_ROLE=replica: a read replica', async () => {
    const contentDir = path.join(replicaRoot, 'replica', 'content')
    const run = await runInspected(
      'start',
      [],
      { PORT: '0', SITE_ROLE: 'replica', CONTENT_DIR: contentDir, DATA_DIR: path.join(replicaRoot, 'replica-data'), GIT_REMOTE_URL: remote.urlOf('site.git'), GIT_SYNC_INTERVAL: '0', GIT_WEBHOOK_SECRET: 'whsec-test-5b1e9d0c7a3f2468' },
      listening,
    )
    expect(run.output).toContain('read-only replica')
    expectCompiled(run, 'index')
  })

  it('npm run export', async () => {
    const out = path.join(replicaRoot, 'export')
    const run = await runInspected('export', ['--out', out], { CONTENT_DIR: writerSite.contentDir, DATA_DIR: writerSite.dataDir }, (output) => output.includes('Exported '))
    expect(run.output).toContain('Exported ')
    expectCompiled(run, 'export')
  })

  it('the worker threads start from compiled entries that load no loader either', () => {
    const dir = path.join(repoRoot, 'dist', 'node')
    for (const entry of ['render-worker.js', 'pack-worker-entry.js']) expect(readdirSync(dir)).toContain(entry)
    const withTsx = readdirSync(dir).filter((file) => file.endsWith('.js') && /from\s*["']tsx|import\(["']tsx/.test(readFileSync(path.join(dir, file), 'utf8')))
    expect(withTsx).toEqual([])
  })

  it('a stack trace from the compiled server names the TypeScript file and line, as the launcher turns source maps on', () => {
    // A path with a NUL byte makes node's readdir throw inside build-info.ts's listFiles.
    const script = `
      process.setSourceMapsEnabled(true) // as scripts/run-compiled.mjs does before it loads an entry
      const { hashBuildInputs } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist', 'node', 'build-info.js')).href)})
      await hashBuildInputs('/no\\0where').catch((error) => console.log(error.stack))`
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(result.stdout, result.stderr).toMatch(/at listFiles \(\S*server\/build-info\.ts:\d+:\d+\)/)
    expect(result.stdout).toMatch(/at hashBuildInputs \(\S*server\/build-info\.ts:\d+:\d+\)/)
    expect(result.stdout).not.toContain('dist/node/')
  })

  it('the compiled server carries the packages it uses, and imports only the few that cannot be bundled, all of them dependencies', async () => {
    const dir = path.join(repoRoot, 'dist', 'node')
    // esbuild parses the output (comments and strings are not imports) and lists what it leaves
    // to node: static imports, dynamic ones and requires of what is not a file of dist/node.
    const parsed = await build({
      entryPoints: readdirSync(dir).filter((name) => name.endsWith('.js')).map((name) => path.join(dir, name)),
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      outdir: path.join(os.tmpdir(), 'watchio-compiled-imports'),
      logLevel: 'silent',
    })
    const imported = new Set<string>()
    for (const input of Object.values(parsed.metafile.inputs)) {
      for (const { path: specifier, external } of input.imports) {
        if (!external || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue
        imported.add(packageOf(specifier))
      }
    }
    // What stays an import is what scripts/compile-server.mjs keeps external on purpose: vike
    // (dist/server's runtime), sharp (a native addon) and pagefind (its binary's package).
    expect([...imported].sort()).toEqual(['pagefind', 'sharp', 'vike'])
    for (const name of imported) expect(EXTERNAL).toContain(name)
    for (const name of imported) expect(Object.keys(manifest.dependencies), `${name} must be a dependency`).toContain(name)
  })
})
