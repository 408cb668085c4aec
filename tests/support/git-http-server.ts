import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One request the git server received. */
export interface GitRequest {
  method: string
  url: string
  /** Whether it carried the right credentials (always true without `auth`). */
  authorized: boolean
  /** The Authorization header as sent (to check what clients send, never to log). */
  authorization: string | undefined
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The URL of a repository under the root, e.g. `site.git`. */
  urlOf(name: string): string
  requests: GitRequest[]
  /** Stops listening and drops open connections: the remote is "down" (connection refused). */
  stop(): Promise<void>
  /** Listens again, on the same port. */
  start(): Promise<void>
  /** Changes the token the server accepts (as if the old one were revoked). */
  setToken(token: string): void
  /** From now on, requests are accepted but not answered (a remote that hangs)... */
  hold(): void
  /** ...until this: the held requests are served, and new ones again at once. */
  release(): void
  /** How many requests are being held now. */
  readonly holding: number
  close(): Promise<void>
}

/**
 * A real git server for tests: the git CLI's `git http-backend` (smart HTTP, as GitHub or Gitea
 * speak it) behind a small node `http` server on 127.0.0.1, serving the bare repositories under
 * `root`. With `auth`, every request needs HTTP Basic credentials `username:token` (401
 * otherwise), and pushes are allowed as that user (REMOTE_USER), which is what http-backend
 * requires to run receive-pack.
 */
export async function startGitHttpServer(options: { root: string; auth?: { username: string; token: string } }): Promise<GitHttpServer> {
  const requests: GitRequest[] = []
  const sockets = new Set<Socket>()
  /** The `git http-backend` processes running now, each until it has exited. */
  const backends = new Set<Promise<void>>()
  const basic = (token: string) => `Basic ${Buffer.from(`${options.auth!.username}:${token}`).toString('base64')}`
  let expected = options.auth && basic(options.auth.token)

  let held: (() => void)[] | null = null
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (held) {
      req.pause()
      held.push(() => {
        req.resume()
        serve(req, res)
      })
      return
    }
    serve(req, res)
  }
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const authorization = req.headers.authorization
    const authorized = expected === undefined || authorization === expected
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', authorized, authorization })
    if (!authorized) {
      req.resume()
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' })
      res.end('Authentication required\n')
      return
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_PROJECT_ROOT: options.root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: '127.0.0.1',
      REMOTE_USER: options.auth?.username ?? 'anonymous',
    }
    if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length']
    if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding']
    if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol'])
    const backend = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    const exited = new Promise<void>((resolve) => backend.once('close', () => resolve()))
    backends.add(exited)
    void exited.then(() => backends.delete(exited))
    const out: Buffer[] = []
    backend.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    backend.stderr.resume()
    backend.stdin.on('error', () => {})
    req.pipe(backend.stdin)
    // A request cut off (its connection dropped) ends the backend's input too, so that it exits.
    req.once('close', () => {
      if (!backend.stdin.writableEnded) backend.stdin.end()
    })
    backend.on('close', () => {
      // CGI: header lines, a blank line, then the body.
      const all = Buffer.concat(out)
      let split = all.indexOf('\r\n\r\n')
      let gap = 4
      if (split === -1) {
        split = all.indexOf('\n\n')
        gap = 2
      }
      if (split === -1) {
        res.writeHead(502).end()
        return
      }
      const headers: Record<string, string> = {}
      let status = 200
      for (const line of all.toString('latin1', 0, split).split(/\r?\n/)) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim()
        const value = line.slice(colon + 1).trim()
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10)
        else headers[name] = value
      }
      res.writeHead(status, headers)
      res.end(all.subarray(split + gap))
    })
  }

  const server = createServer(handle)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const port = await listen(0)
  // Stopped once every backend has exited too: a push cut off midway may still be writing objects
  // into the repository, which a test removes next.
  const stop = async () => {
    await new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
    await Promise.all(backends)
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    urlOf: (name) => `http://127.0.0.1:${port}/${name}`,
    requests,
    stop,
    start: async () => {
      await listen(port)
    },
    setToken: (token) => {
      expected = basic(token)
    },
    hold: () => {
      held ??= []
    },
    release: () => {
      const waiting = held ?? []
      held = null
      for (const serveLater of waiting) serveLater()
    },
    get holding() {
      return held?.length ?? 0
    },
    close: stop,
  }
}
