import autocannon from 'autocannon'
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { cpuSeconds, machineBusySeconds, memoryStatus, type MemoryStatus } from './process-stats.ts'
import { SITE_URL } from './temp-project.ts'

/** What browsers send; every measured response is the compressed one a visitor gets. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' }

export interface BenchServer {
  pid: number
  url: string
  /** performance.now() at spawn: the log's `[12.34s]` stamps count from here. */
  startedAt: number
  /** From spawn to the first 200 of GET `probe` (/api/blog/posts unless asked otherwise). */
  firstAnswerMs: number
  /** From spawn to the server's "Loaded N posts" and "listening" log lines. */
  loadedLogMs: number | null
  listeningLogMs: number | null
  /** Pages the server rendered again at start (0 when the build's pages are current). */
  regeneratedAtStart: number
  /** CPU the server used from spawn to its first answer. */
  startCpuSeconds: number
  /** CPU the rest of the machine used meanwhile (contention). */
  startOtherCpuSeconds: number
  log: string[]
  memory(): MemoryStatus | null
  stop(): Promise<void>
}

/**
 * Starts the production server in `dir` (`node --import tsx server/index.ts`, which is
 * `npm start` without the tsx CLI's extra process) and waits for its first answer to GET
 * `probe`, polled every 20 ms. `env` is added to the server's environment.
 */
export async function startBenchServer(
  dir: string,
  options: { env?: Record<string, string>; probe?: string } = {},
): Promise<BenchServer> {
  const { env: extraEnv = {}, probe = '/api/blog/posts' } = options
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  let loadedLogMs: number | null = null
  let listeningLogMs: number | null = null
  const machineBefore = machineBusySeconds()
  const selfBefore = process.cpuUsage()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', CONTENT_DIR: 'content', SITE_URL, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let rebuilding = false
  let regeneratedAtStart = 0
  const onOutput = (chunk: Buffer) => {
    const ms = performance.now() - started
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      log.push(`[${(ms / 1000).toFixed(2)}s] ${line.trimEnd()}`)
      if (loadedLogMs === null && /^Loaded \d+ posts/.test(line)) loadedLogMs = ms
      if (listeningLogMs === null && /listening on/.test(line)) listeningLogMs = ms
      if (/building first/.test(line)) rebuilding = true
      const regenerated = /^Regenerated (\d+) pages/.exec(line)
      if (regenerated) regeneratedAtStart += Number(regenerated[1])
    }
  }
  child.stdout!.on('data', onOutput)
  child.stderr!.on('data', onOutput)
  const state: { exitCode?: number | null } = {}
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      state.exitCode = code
      resolve()
    }),
  )

  let firstAnswerMs: number | null = null
  while (firstAnswerMs === null) {
    if (rebuilding) {
      await stopChild(child, exit)
      throw new Error(`The server found dist/ stale right after the build and started building again:\n${log.join('\n')}`)
    }
    if ('exitCode' in state) throw new Error(`The server exited with ${state.exitCode} before answering:\n${log.join('\n')}`)
    if (performance.now() - started > 300_000) {
      await stopChild(child, exit)
      throw new Error(`The server did not answer within 5 minutes:\n${log.join('\n')}`)
    }
    const response = await fetchRaw(`${url}${probe}`).catch(() => null)
    if (response?.status === 200) firstAnswerMs = performance.now() - started
    else await sleep(20)
  }
  const pid = child.pid!
  const startCpuSeconds = cpuSeconds(pid) ?? 0
  const self = process.cpuUsage(selfBefore)
  const startOtherCpuSeconds = Math.max(0, machineBusySeconds() - machineBefore - startCpuSeconds - (self.user + self.system) / 1e6)
  return {
    pid,
    url,
    startedAt: started,
    firstAnswerMs,
    loadedLogMs,
    listeningLogMs,
    regeneratedAtStart,
    startCpuSeconds,
    startOtherCpuSeconds,
    log,
    memory: () => memoryStatus(pid),
    stop: () => stopChild(child, exit),
  }
}

export interface LoadResult {
  path: string
  status: number
  /** Bytes of one response body as sent (compressed), and how. */
  bodyBytes: number
  contentEncoding: string
  /** The same body uncompressed (null when the server compresses regardless, as the bare Koa reference does). */
  identityBytes: number | null
  requestsPerSecond: number
  totalRequests: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  timeouts: number
  /** The server's user + system CPU during the measured run. */
  serverCpuSeconds: number
  requestsPerCpuSecond: number
  /** This process's CPU (autocannon) during the run: it shares the machine's cores with the server. */
  clientCpuSeconds: number
  /** CPU the rest of the machine used during the run (contention). */
  otherCpuSeconds: number
  durationSeconds: number
}

/** autocannon against one path: an optional warm-up (not counted), then the measured run. */
export interface LoadTarget {
  pid: number
  url: string
}

export async function measureLoad(options: {
  server: LoadTarget
  path: string
  connections: number
  duration: number
  warmup: number
}): Promise<LoadResult> {
  const { server, path, connections, duration, warmup } = options
  const url = `${server.url}${path}`
  const sample = await fetchRaw(url)
  const identity = await fetchRaw(url, {})
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers: BROWSER_HEADERS })

  const serverBefore = cpuSeconds(server.pid) ?? 0
  const machineBefore = machineBusySeconds()
  const clientBefore = process.cpuUsage()
  const result = await autocannon({ url, connections, duration, headers: BROWSER_HEADERS })
  const client = process.cpuUsage(clientBefore)
  const serverCpuSeconds = (cpuSeconds(server.pid) ?? 0) - serverBefore
  const clientCpuSeconds = (client.user + client.system) / 1e6
  const otherCpuSeconds = Math.max(0, machineBusySeconds() - machineBefore - serverCpuSeconds - clientCpuSeconds)
  return {
    path,
    status: sample.status,
    bodyBytes: sample.body.length,
    contentEncoding: sample.encoding,
    identityBytes: identity.encoding === 'identity' ? identity.body.length : null,
    requestsPerSecond: result.requests.mean,
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuSeconds,
    requestsPerCpuSecond: serverCpuSeconds > 0 ? result.requests.total / serverCpuSeconds : 0,
    clientCpuSeconds,
    otherCpuSeconds,
    durationSeconds: result.duration,
  }
}

/** One GET, by default with the browser's Accept-Encoding; the body is left as sent (compressed). */
export function fetchRaw(
  url: string,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<{ status: number; body: Buffer; encoding: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          type: String(res.headers['content-type'] ?? ''),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** The reference server (bare-koa.ts) answering every request with `body` as it is. */
export async function startBareKoa(options: { bodyFile: string; type: string; encoding: string }): Promise<LoadTarget & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-koa.ts'), options.bodyFile, options.type, options.encoding], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`bare-koa.ts exited with ${code}: ${output}`)))
  })
  return { pid: child.pid!, url, stop: () => stopChild(child, exit) }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function stopChild(child: ChildProcess, exit: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exit
  clearTimeout(timer)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
