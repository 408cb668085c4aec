import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { BROWSER_HEADERS } from './measure-server.ts'
import { machineBusySeconds, reapedChildrenCpuSeconds, treeCpuSeconds } from './process-stats.ts'

const run = promisify(execFile)

/** A server under load: its process tree's CPU is what a request costs. */
export interface Peer {
  name: string
  pid: number
  url: string
}

export interface LoadRun {
  requests: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Non-2xx answers and socket errors: a run with any is not a clean figure. */
  failures: number
  /** user + system CPU of the server's process tree over the run. */
  serverCpuSeconds: number
  requestsPerCpuSecond: number
  /** CPU the rest of the machine used (neither the server nor wrk nor the bench): neighbours. */
  otherCpuSeconds: number
  seconds: number
}

/**
 * wrk (one thread, `connections` keep-alive connections, the browser's Accept-Encoding)
 * pinned to `cpu` for `duration` seconds against `url`; the figure is requests per CPU
 * second of the server's process tree (/proc/<pid>/stat before and after), which holds
 * still when neighbours take turns on the machine, unlike requests per second.
 */
export async function loadRun(options: { wrk: string; peer: Peer; path: string; cpu: number; connections: number; duration: number }): Promise<LoadRun> {
  const { peer, duration } = options
  const args = [
    '-c',
    String(options.cpu),
    options.wrk,
    '-t1',
    `-c${options.connections}`,
    `-d${duration}s`,
    '--latency',
    // A starved server (neighbours on its core) may take seconds for an answer: not a failure.
    '--timeout',
    '30s',
    ...Object.entries(BROWSER_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    `${peer.url}${options.path}`,
  ]
  const cpuBefore = treeCpuSeconds(peer.pid)
  const machineBefore = machineBusySeconds()
  const wrkBefore = reapedChildrenCpuSeconds()
  const selfBefore = process.cpuUsage()
  const started = performance.now()
  const { stdout } = await run('taskset', args, { encoding: 'utf8' })
  const seconds = (performance.now() - started) / 1000
  const serverCpuSeconds = treeCpuSeconds(peer.pid) - cpuBefore
  const self = process.cpuUsage(selfBefore)
  // wrk (exec'd by taskset) is this process's child: its CPU is known once it is reaped.
  const benchCpuSeconds = reapedChildrenCpuSeconds() - wrkBefore + (self.user + self.system) / 1e6
  const otherCpuSeconds = Math.max(0, machineBusySeconds() - machineBefore - serverCpuSeconds - benchCpuSeconds)
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? Number.NaN)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  if (!Number.isFinite(requests)) throw new Error(`wrk printed no request count:\n${stdout}`)
  return {
    requests,
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0),
    p50Ms: latencyMs(stdout, '50%'),
    p99Ms: latencyMs(stdout, '99%'),
    failures: non2xx + errors,
    serverCpuSeconds,
    requestsPerCpuSecond: serverCpuSeconds > 0 ? requests / serverCpuSeconds : 0,
    otherCpuSeconds,
    seconds,
  }
}

/** wrk's `--latency` distribution line, e.g. `50%  412.00us`, in ms. */
function latencyMs(stdout: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout)
  if (!match) return Number.NaN
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's']
  return Number(match[1]) * scale
}

export interface Comparison {
  path: string
  /** Runs of each peer, in the order they ran (turns: ours, the peer, ours, …). */
  runs: Record<string, LoadRun[]>
}

/**
 * The peers in turns on one path: a warm-up of each (not counted), then `runs` rounds of
 * one measured run of each, so a neighbour's burst on the machine lands on both alike.
 */
export async function compareInTurns(options: {
  wrk: string
  peers: Peer[]
  path: string
  cpu: number
  connections: number
  duration: number
  warmup: number
  runs: number
  log: (message: string) => void
}): Promise<Comparison> {
  const { peers, path } = options
  const runs: Record<string, LoadRun[]> = Object.fromEntries(peers.map((peer) => [peer.name, []]))
  if (options.warmup > 0) for (const peer of peers) await loadRun({ ...options, peer, duration: options.warmup })
  for (let round = 0; round < options.runs; round++) {
    for (const peer of peers) {
      const result = await loadRun({ ...options, peer })
      runs[peer.name]!.push(result)
      options.log(
        `  ${path} ${peer.name} run ${round + 1}: ${Math.round(result.requestsPerCpuSecond).toLocaleString('en-US')} req per server CPU-s ` +
          `(${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s, server CPU ${result.serverCpuSeconds.toFixed(2)} s, ` +
          `other CPU ${result.otherCpuSeconds.toFixed(2)} s${result.failures ? `, ${result.failures} FAILED` : ''})`,
      )
    }
  }
  return { path, runs }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
