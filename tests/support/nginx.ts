import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { waitFor } from './wait-for.ts'

/** Debian's nginx (nginx-light), which `.ci/run` installs when missing. */
export const NGINX = '/usr/sbin/nginx'

export interface RunningNginx {
  url: string
  /** The master's; its worker is its child. */
  pid: number
  /** What nginx wrote to stderr (its error log). */
  output: string[]
  stop(): Promise<void>
}

/** A TCP port free at the moment of asking (for servers whose port must be known before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * The real nginx in the foreground, never the system service: its own temp prefix, config, pid
 * and temp folders, its error log on stderr. `http` is what goes inside `http { }` (a `server`
 * listening on 127.0.0.1:`port`). Resolves once the port accepts connections.
 */
export async function startNginx(options: { http: string; port: number; /** Pinned to this core (taskset), workers too. */ cpu?: number }): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'watchio-nginx-'))
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(path.join(prefix, dir))
  const config = [
    // Tests may run as root (CI): workers would then switch to "nobody", who cannot write the temp folders.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    'events { worker_connections 512; }',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${prefix}/body;`,
    `    proxy_temp_path ${prefix}/proxy;`,
    `    fastcgi_temp_path ${prefix}/fastcgi;`,
    `    uwsgi_temp_path ${prefix}/uwsgi;`,
    `    scgi_temp_path ${prefix}/scgi;`,
    options.http,
    '}',
    '',
  ].join('\n')
  writeFileSync(path.join(prefix, 'nginx.conf'), config)
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off; error_log stderr;']
  // taskset execs nginx: the pid stays the master's.
  const [command, commandArgs] = options.cpu === undefined ? [NGINX, args] : ['taskset', ['-c', String(options.cpu), NGINX, ...args]]
  const child: ChildProcess = spawn(command, commandArgs, {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const output: string[] = []
  child.stderr!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let dead = false
  void exited.then(() => (dead = true))
  const stop = async () => {
    if (!dead) child.kill('SIGQUIT')
    await exited
    rmSync(prefix, { recursive: true, force: true })
  }
  // Until it listens, or it has exited.
  const started = await waitFor(async () => dead || (await accepts(options.port))).catch(() => false)
  if (dead || !started) {
    await stop()
    throw new Error(`nginx did not start:\n${output.join('\n')}\n--- nginx.conf ---\n${config}`)
  }
  return { url: `http://127.0.0.1:${options.port}`, pid: child.pid!, output, stop }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
