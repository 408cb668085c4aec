import type { BuildResult } from './measure-build.ts'
import type { LoadResult } from './measure-server.ts'

export interface SizeResult {
  posts: number
  published: number
  contentBytes: number
  generateMs: number
  gitMs: number
  build: BuildResult
  start: {
    firstAnswerMs: number
    loadedLogMs: number | null
    listeningLogMs: number | null
    regeneratedAtStart: number
    cpuSeconds: number
    otherCpuSeconds: number
  }
  /** bareKoa: the reference server answering the same list bytes (null when skipped). */
  load: { api: LoadResult; page: LoadResult; bareKoa: LoadResult | null }
  /** 1-minute load average before the size started. */
  loadAverageBefore: number
  server: { peakMiB: number; rssMiB: number }
  serverLog: string[]
}

/** Targets of the issue, measured against peers on this machine. */
export const TARGETS = {
  buildSeconds1000: 2.6,
  buildPeakMiB10000: 1024,
  apiRequestsPerCpuSecond: 20_000,
}

const KIB = 1024
const MIB = 1024 * 1024
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`)
const mib = (value: number | null) => (value === null ? 'n/a' : `${number(value)} MiB`)
const bytes = (value: number) => (value >= MIB ? `${(value / MIB).toFixed(1)} MiB` : `${(value / KIB).toFixed(1)} KiB`)

/** The nearest-rank percentile (p in 0–100) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd()
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/** Above this share of the machine taken by other work, a size's figures are marked as disturbed. */
const BUSY_SHARE = 0.1

/** The largest share of the machine other work used during the build or a load run of this size. */
export function contentionOf(result: SizeResult, cpus: number): number {
  const share = (other: number, seconds: number) => other / (cpus * seconds)
  return Math.max(
    share(result.build.otherCpuSeconds, result.build.wallMs / 1000),
    ...[result.load.api, result.load.page].map((r) => share(r.otherCpuSeconds, r.durationSeconds)),
  )
}

export function formatSize(result: SizeResult, options: { connections: number; duration: number; cpus: number }): string {
  const { build, start, load, server } = result
  const out: string[] = []
  out.push(`\n=== ${number(result.posts)} posts (${number(result.published)} published, ${bytes(result.contentBytes)} of post files) ===`)
  out.push(`generate + write posts ${seconds(result.generateMs)}, git init + commit ${seconds(result.gitMs)}`)
  const contention = contentionOf(result, options.cpus)
  if (contention > BUSY_SHARE) {
    out.push(
      `WARNING: other work used up to ${Math.round(contention * 100)}% of the machine during these measurements ` +
        `(load average ${result.loadAverageBefore.toFixed(1)} before): wall times and req/s are inflated; see "other CPU"`,
    )
  }
  out.push('')
  out.push(
    table(
      ['build (npm run build)', 'wall', 'peak RSS (tree)', 'note'],
      [
        ['total', seconds(build.wallMs), mib(build.peakMiB), `CPU ${build.cpuSeconds.toFixed(1)} s (user+sys, whole tree), other CPU ${build.otherCpuSeconds.toFixed(1)} s; peak at ${seconds(build.peakAtMs)}`],
        ['  vike build', seconds(build.vikeBuildMs), mib(build.vikeBuildPeakMiB), build.viteBuiltIn.join('; ')],
        [
          '  prerender (tsx server/prerender.ts)',
          seconds(build.prerenderMs),
          mib(build.prerenderPeakMiB),
          build.prerenderReported
            ? `it reports "Prerendered ${number(build.prerenderReported.pages)} pages in ${number(build.prerenderReported.ms)} ms"`
            : '',
        ],
      ],
    ),
  )
  out.push(`dist/client: ${number(build.distClient.files)} files, ${bytes(build.distClient.bytes)}; /blog/index.html ${bytes(build.blogIndexBytes)}`)
  out.push('biggest processes (own peak VmHWM, CPU, lifetime):')
  for (const p of build.biggestProcesses) {
    out.push(`  ${mib(p.peakMiB).padStart(9)}  ${p.cpuSeconds.toFixed(1).padStart(5)} s CPU  ${seconds(p.aliveMs).padStart(8)}  ${p.command}`)
  }
  out.push('')
  out.push(
    `server start → first 200 of GET /api/blog/posts: ${seconds(start.firstAnswerMs)} ` +
      `("Loaded … posts" at ${seconds(start.loadedLogMs)}, "listening" at ${seconds(start.listeningLogMs)}; ` +
      `${start.cpuSeconds.toFixed(2)} s of server CPU, other CPU ${start.otherCpuSeconds.toFixed(2)} s` +
      `${start.regeneratedAtStart > 0 ? `; it rendered ${number(start.regeneratedAtStart)} pages again first` : ''})`,
  )
  out.push('')
  out.push(
    `load: autocannon, ${options.connections} connections, ${options.duration} s, Accept-Encoding: br, gzip — ` +
      `autocannon runs in this process and shares the machine's ${options.cpus} cores with the server`,
  )
  const row = (name: string, r: LoadResult) => [
    name,
    number(r.requestsPerSecond),
    r.p50Ms.toFixed(0),
    r.p99Ms.toFixed(0),
    number(r.non2xx + r.errors + r.timeouts),
    `${bytes(r.bodyBytes)} ${r.contentEncoding}${r.identityBytes === null ? '' : ` (${bytes(r.identityBytes)} raw)`}`,
    r.serverCpuSeconds.toFixed(2),
    number(r.requestsPerCpuSecond),
    r.clientCpuSeconds.toFixed(2),
    r.otherCpuSeconds.toFixed(2),
  ]
  out.push(
    table(
      ['GET', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/err', 'body', 'server CPU s', 'req/server CPU-s', 'autocannon CPU s', 'other CPU s'],
      [
        row('/api/blog/posts', load.api),
        row(load.page.path, load.page),
        ...(load.bareKoa ? [row('reference: bare Koa, same list bytes', load.bareKoa)] : []),
      ],
    ),
  )
  out.push(`server memory: peak (VmHWM) ${mib(server.peakMiB)}, RSS at the end ${mib(server.rssMiB)}`)
  return out.join('\n')
}

export function formatSummary(results: SizeResult[], cpus: number): string {
  const bySize = new Map(results.map((r) => [r.posts, r]))
  const busy = (r: SizeResult) => (contentionOf(r, cpus) > BUSY_SHARE ? ' (machine busy)' : '')
  const rows: string[][] = []
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')
  const build1000 = bySize.get(1000)
  rows.push([
    `1,000-post build < ${TARGETS.buildSeconds1000} s (Astro 5.2 s, Hugo 0.4 s)`,
    build1000 ? `${seconds(build1000.build.wallMs)} (CPU ${build1000.build.cpuSeconds.toFixed(1)} s)${busy(build1000)}` : 'not run',
    build1000 ? verdict(build1000.build.wallMs / 1000 < TARGETS.buildSeconds1000) : '-',
  ])
  const build10000 = bySize.get(10000)
  rows.push([
    `10,000-post peak build memory < 1 GiB (Astro 3.3 GB)`,
    build10000 ? mib(build10000.build.peakMiB) + busy(build10000) : 'not run',
    build10000 ? verdict(build10000.build.peakMiB < TARGETS.buildPeakMiB10000) : '-',
  ])
  for (const r of results) {
    const api = r.load.api
    const clean = api.non2xx + api.errors + api.timeouts === 0
    rows.push([
      `API list ≥ ${number(TARGETS.apiRequestsPerCpuSecond)} req per server CPU-s, ${number(r.posts)} posts`,
      `${number(api.requestsPerCpuSecond)} (${number(api.requestsPerSecond)} req/s)` +
        (r.load.bareKoa ? `; bare Koa, same bytes: ${number(r.load.bareKoa.requestsPerCpuSecond)}` : '') +
        busy(r),
      verdict(clean && api.requestsPerCpuSecond >= TARGETS.apiRequestsPerCpuSecond) + (clean ? '' : ' (errors)'),
    ])
  }
  const peers = 'peers for the API: nginx file 55,000, bare Koa pre-serialized 23,000, Koa + JSON.stringify per request 1,000'
  return `\n=== summary ===\n${table(['target', 'measured', 'verdict'], rows)}\n${peers}`
}
