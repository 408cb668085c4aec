import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { childEnv } from './run-compiled.ts'
import { type TempSite, testServerSettings } from './temp-site.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
/** What `npm start` runs: the compiled server (the api suite's global setup has built it). */
const COMPILED_SERVER = path.join(repoRoot, 'dist', 'node', 'index.js')
const EXIT_WITH_PARENT = pathToFileURL(path.resolve(import.meta.dirname, 'exit-with-parent.mjs')).href

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Every line the server printed (stdout and stderr), as it comes. */
  output: string[]
  /** Resolves when the process has exited. */
  exited: Promise<void>
}

/**
 * The production server, compiled, over `site` in a child process of its own, for tests that kill
 * it with SIGKILL: resolves once it says it listens. `env` adds to, or overrides, startTestServer's
 * settings (an empty value unsets one). A start of the compiled server loads in about 0.3 s of CPU;
 * the sources through tsx took 1.5 s, and the crash test starts one twenty times.
 */
export async function startServerProcess(site: Omit<TempSite, 'cleanup'>, env: Record<string, string> = {}): Promise<ServerProcess> {
  const settings = await testServerSettings(site, env)
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', EXIT_WITH_PARENT, COMPILED_SERVER], {
    cwd: repoRoot,
    env: childEnv(settings),
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (line === '') continue
        output.push(line)
        const listening = /listening on (http:\/\/\S+)/.exec(line)
        if (listening) resolve({ child, url: listening[1]!, output, exited })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output.join('\n')}`)))
  })
}

