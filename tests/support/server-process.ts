import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import type { TempSite } from './temp-site.ts'

const serveScript = path.resolve(import.meta.dirname, 'serve-temp-site.ts')

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Every line the server printed (stdout and stderr), as it comes. */
  output: string[]
  /** Resolves when the process has exited. */
  exited: Promise<void>
}

/**
 * The real server over `site` in a child process of its own (serve-temp-site.ts), for tests that
 * kill it with SIGKILL: resolves once it listens. `env` adds to, or overrides, startTestServer's
 * settings (an empty value unsets one).
 */
export function startServerProcess(site: Omit<TempSite, 'cleanup'>, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript], {
    env: { ...process.env, NODE_ENV: 'production', WATCHIO_TEMP_SITE: JSON.stringify(site), WATCHIO_SERVER_ENV: JSON.stringify(env) },
    // Its stdin is a pipe from this process: when the test runner dies (killed, or crashed), the
    // pipe closes and the server exits with it, instead of running on, orphaned.
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (line === '') continue
        output.push(line)
        const ready = /^READY (\S+)/.exec(line)
        if (ready) resolve({ child, url: ready[1]!, output, exited })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output.join('\n')}`)))
  })
}
