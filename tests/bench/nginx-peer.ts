import { spawn, spawnSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, stopChild } from './measure-server.ts'

/** One answer of our server, exactly as sent (body still compressed), to be served again by nginx. */
export interface CapturedAnswer {
  path: string
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** Headers nginx makes itself (or that describe the connection, not the answer): not copied. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'etag', 'last-modified', 'server', 'content-type'])

/** GET `url` with `headers`, the body left as sent. */
export function capture(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const flat: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
        resolve({ path: new URL(url).pathname, status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

export interface NginxPeer {
  /** The master; its worker is its child. */
  pid: number
  url: string
  version: string
  stop(): Promise<void>
}

/**
 * nginx (Debian's, one worker, started on `cpu` with taskset) answering each captured path
 * with the very bytes our server sent (the compressed file as it is, so nginx compresses
 * nothing) and the same headers (security headers, Cache-Control, Vary, Content-Encoding),
 * plus its own ETag and Last-Modified from the file, as nginx serves static files. Its own
 * prefix, config and pid in a temp folder, in the foreground; never the system service.
 */
export async function startNginxPeer(options: { nginx: string; answers: CapturedAnswer[]; cpu: number }): Promise<NginxPeer> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'watchio-bench-nginx-'))
  const port = await freePort()
  const built = spawnSync(options.nginx, ['-V'], { encoding: 'utf8' })
  const features = `${built.stdout}${built.stderr}`
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].filter((kind) => !features.includes(`--without-http_${kind}_module`))
  // Run as root, nginx's worker is `nobody`: it must be able to read the files (mkdtemp makes 0700).
  await chmod(prefix, 0o755)
  await mkdir(path.join(prefix, 'root'), { mode: 0o755 })
  const locations: string[] = []
  for (const [i, answer] of options.answers.entries()) {
    if (answer.status !== 200) throw new Error(`${answer.path} answered ${answer.status}: nothing to serve the same`)
    const file = path.join(prefix, 'root', `answer-${i}`)
    await writeFile(file, answer.body, { mode: 0o644 })
    const headers = Object.entries(answer.headers)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `    add_header ${name} ${quote(value)};`)
    locations.push(
      [
        `  location = ${answer.path} {`,
        `    alias ${file};`,
        '    types {}',
        `    default_type ${quote(answer.headers['content-type'] ?? 'application/octet-stream')};`,
        ...headers,
        '  }',
      ].join('\n'),
    )
  }
  const conf = [
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    '  server_tokens off;',
    ...temp.map((kind) => `  ${kind}_temp_path ${path.join(prefix, `${kind}-temp`)};`),
    // Debian's nginx.conf defaults; keep-alive connections are not capped (nor are node's).
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 10000000;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    ...locations,
    '  }',
    '}',
    '',
  ].join('\n')
  await writeFile(path.join(prefix, 'nginx.conf'), conf)
  const child = spawn('taskset', ['-c', String(options.cpu), options.nginx, '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopChild(child, exit)
    await rm(prefix, { recursive: true, force: true })
  }
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`nginx exited with ${child.exitCode}:\n${stderr}\n${conf}`)
    }
    const answer = await capture(`${url}${options.answers[0]!.path}`, {}).catch(() => null)
    if (answer) break
    if (tries > 250) {
      await stop()
      throw new Error(`nginx did not answer within 5 s:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { pid: child.pid!, url, version: spawnSync(options.nginx, ['-v'], { encoding: 'utf8' }).stderr.trim(), stop }
}

/** An nginx string: double-quoted, `"` and `\` escaped; `$` would start a variable, so it is refused. */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`a header holds "$", which nginx would read as a variable: ${value}`)
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}
