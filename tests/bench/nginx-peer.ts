import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, startNginx } from '../support/nginx.ts'

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
  stop(): Promise<void>
}

/**
 * nginx (Debian's, one worker, tests/support/nginx.ts, started on `cpu` with taskset)
 * answering each captured path with the very bytes our server sent (the compressed file as
 * it is, so nginx compresses nothing) and the same headers (security headers, Cache-Control,
 * Vary, Content-Encoding), plus its own ETag and Last-Modified from the file, as nginx serves
 * static files.
 */
export async function startNginxPeer(options: { answers: CapturedAnswer[]; cpu: number }): Promise<NginxPeer> {
  const root = await mkdtemp(path.join(tmpdir(), 'watchio-bench-nginx-root-'))
  const locations: string[] = []
  for (const [i, answer] of options.answers.entries()) {
    if (answer.status !== 200) throw new Error(`${answer.path} answered ${answer.status}: nothing to serve the same`)
    const file = path.join(root, `answer-${i}`)
    await writeFile(file, answer.body)
    const headers = Object.entries(answer.headers)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `      add_header ${name} ${quote(value)};`)
    locations.push(
      [
        `    location = ${answer.path} {`,
        `      alias ${file};`,
        '      types {}',
        `      default_type ${quote(answer.headers['content-type'] ?? 'application/octet-stream')};`,
        ...headers,
        '    }',
      ].join('\n'),
    )
  }
  const port = await freePort()
  const http = [
    '  server_tokens off;',
    // Debian's nginx.conf defaults; keep-alive connections are not capped (nor are node's).
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 10000000;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    ...locations,
    '  }',
  ].join('\n')
  const nginx = await startNginx({ http, port, cpu: options.cpu }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true })
    throw error
  })
  return {
    pid: nginx.pid,
    url: nginx.url,
    stop: async () => {
      await nginx.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** An nginx string: double-quoted, `"` and `\` escaped; `$` would start a variable, so it is refused. */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`a header holds "$", which nginx would read as a variable: ${value}`)
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}
