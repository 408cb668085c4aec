import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { cpuSeconds, machineBusySeconds, mainThreadSchedule, memoryStatus, type MemoryStatus } from './process-stats.ts'
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
  /** Its main thread until then: time on a CPU, and time it waited for one (process-stats.ts). */
  startMainThread: { ranSeconds: number; waitedSeconds: number } | null
  /** CPU the rest of the machine used meanwhile (contention). */
  startOtherCpuSeconds: number
  log: string[]
  memory(): MemoryStatus | null
  stop(): Promise<void>
}

/**
 * Starts the production server in `dir` (`node scripts/run-compiled.mjs index`, which is
 * `npm start` without npm's own process: the compiled server, dist/ checked first) and waits for its first answer to GET
 * `probe`, polled every 20 ms. `env` is added to the server's environment.
 */
export async function startBenchServer(
  dir: string,
  options: { env?: Record<string, string>; probe?: string; port?: number; /** Before the script, say `--cpu-prof`. */ nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const { env: extraEnv = {}, probe = '/api/blog/posts' } = options
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  let loadedLogMs: number | null = null
  let listeningLogMs: number | null = null
  const machineBefore = machineBusySeconds()
  const selfBefore = process.cpuUsage()
  const started = performance.now()
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'scripts/run-compiled.mjs', 'index'], {
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
  const startMainThread = mainThreadSchedule(pid)
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
    startMainThread,
    startOtherCpuSeconds,
    log,
    memory: () => memoryStatus(pid),
    stop: () => stopChild(child, exit),
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
