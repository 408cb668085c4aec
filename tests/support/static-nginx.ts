import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const NGINX = '/usr/sbin/nginx'

export interface StaticNginx {
  url: string
  stop(): Promise<void>
}

/**
 * Debian's nginx in the foreground, unprivileged, with a temp prefix of its own (pid, logs and
 * temp paths inside it), serving a static export as the README says to: a server block whose root
 * is the export and which includes the export's own nginx.conf. Nothing else in the config: the
 * export's snippet must be enough (types included, no mime.types).
 */
export async function serveExportWithNginx(options: { root: string; port?: number; log?: (line: string) => void }): Promise<StaticNginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'watchio-nginx-'))
  await mkdir(path.join(prefix, 'logs'))
  const port = options.port ?? (await freePort())
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(prefix, name)};`).join(' ')
  // Started by root (CI containers), nginx would run its workers as nobody, who cannot enter the
  // private temp folders the export is in; as anyone else it runs them as that user anyway.
  const user = process.getuid?.() === 0 ? 'user root;' : ''
  const config = `
${user}
pid ${path.join(prefix, 'nginx.pid')};
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${options.root};
    include ${path.join(options.root, 'nginx.conf')};
  }
}
`
  await writeFile(path.join(prefix, 'nginx.conf'), config)
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off; error_log stderr;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
    options.log?.(chunk.toString())
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  // Ready when it answers; an nginx that refuses its config exits at once, with the reason on stderr.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors}`)
    try {
      await fetch(`${url}/robots.txt`)
      break
    } catch {
      if (attempt > 200) throw new Error(`nginx did not answer on ${url}: ${errors}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT')
        await exited
      }
      await rm(prefix, { recursive: true, force: true })
    },
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}
