import type { BuildFigures } from './build-turns.ts'
import type { ServingFigures } from './side-by-side.ts'
import type { HugoBuild } from './hugo-site.ts'
import type { BuildResult } from './measure-build.ts'

export interface SizeResult {
  posts: number
  published: number
  contentBytes: number
  generateMs: number
  gitMs: number
  /** The first full build (bundling included), in detail. */
  build: BuildResult
  /** Medians of the build turns against Hugo. */
  buildFigures: BuildFigures
  /** Every build of the turns (their logs left out). */
  buildTurns: { full: Omit<BuildResult, 'log'>[]; content: Omit<BuildResult, 'log'>[]; bundlingSkipped: boolean; hugo: HugoBuild[] }
  start: {
    firstAnswerMs: number
    loadedLogMs: number | null
    listeningLogMs: number | null
    regeneratedAtStart: number
    cpuSeconds: number
    otherCpuSeconds: number
  }
  /** Requests per server CPU-second against nginx serving the same bytes (null with --skip-nginx). */
  serving: ServingFigures[] | null
  saveToLive: { p50Ms: number; p95Ms: number; saves: number } | null
  /** 1-minute load average before the size started. */
  loadAverageBefore: number
  server: { peakMiB: number; rssMiB: number }
  serverLog: string[]
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
export const BUSY_SHARE = 0.1

/** The largest share of the machine other work used during the first build or a load run of this size. */
export function contentionOf(result: SizeResult, cpus: number): number {
  const share = (other: number, seconds: number) => other / (cpus * seconds)
  const runs = (result.serving ?? []).flatMap((figures) => Object.values(figures.runs).flat())
  return Math.max(share(result.build.otherCpuSeconds, result.build.wallMs / 1000), ...runs.map((r) => share(r.otherCpuSeconds, r.seconds)))
}

export function formatSize(result: SizeResult, options: { cpus: number }): string {
  const { build, start, server } = result
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
      ['first build (npm run build, no dist/)', 'wall', 'peak RSS (tree)', 'note'],
      [
        ['total', seconds(build.wallMs), mib(build.peakMiB), `CPU ${build.cpuSeconds.toFixed(1)} s (user+sys, whole tree), other CPU ${build.otherCpuSeconds.toFixed(1)} s; peak at ${seconds(build.peakAtMs)}`],
        ['  vike build', seconds(build.vikeBuildMs), mib(build.vikeBuildPeakMiB), build.viteBuiltIn.join('; ')],
        [
          '  pages (after vike build)',
          seconds(build.prerenderMs),
          mib(build.prerenderPeakMiB),
          build.prerenderReported
            ? `it reports ${number(build.prerenderReported.pages)} pages rendered in ${number(build.prerenderReported.ms)} ms`
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
  out.push(`server memory: peak (VmHWM) ${mib(server.peakMiB)}, RSS at the end ${mib(server.rssMiB)}`)
  return out.join('\n')
}

const ratio = (value: number | null) => (value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(2)}×`)

/** The side-by-side of one size: builds against Hugo, serving against nginx (medians of the turns). */
export function formatSideBySide(result: SizeResult): string {
  const out: string[] = []
  const b = result.buildFigures
  out.push('')
  out.push(
    table(
      ['build, median of the turns', 'ours', 'Hugo', 'ours / Hugo', 'our peak RSS (tree)', 'Hugo peak RSS'],
      [
        ['npm run build, no dist/ (bundling included)', seconds(b.fullMs), seconds(b.hugoMs), ratio(b.fullRatio), mib(b.peakMiB), mib(b.hugoPeakMiB)],
        ...(b.contentMs === null
          ? []
          : [['npm run build over its dist/ (bundles reused)', seconds(b.contentMs), seconds(b.hugoMs), ratio(b.contentRatio), '', '']]),
      ],
    ),
  )
  if (b.contentMs === null) out.push('(npm run build bundles every time: no "bundles reused" figure)')
  if (result.serving) {
    out.push('')
    out.push(
      table(
        ['served (same bytes), median of the turns', 'body', 'ours req/CPU-s', 'nginx req/CPU-s', 'ours / nginx', 'failures'],
        result.serving.map((s) => [
          `${s.path.length > 40 ? `${s.path.slice(0, 37)}…` : s.path}`,
          `${bytes(s.bodyBytes)} ${s.contentEncoding}`,
          number(s.oursPerCpuSecond),
          number(s.nginxPerCpuSecond),
          ratio(s.ratio),
          number(s.failures),
        ]),
      ),
    )
  }
  if (result.saveToLive) {
    out.push(`save → live (${result.saveToLive.saves} content edits, no history): p50 ${result.saveToLive.p50Ms.toFixed(1)} ms, p95 ${result.saveToLive.p95Ms.toFixed(1)} ms`)
  }
  return out.join('\n')
}

/**
 * The compiled server's targets (the serving targets kept), each against what this run
 * measured: met, missed or not run. Builds against Hugo: a clean build ≤ 6× and a content-only
 * one ≤ 3× at 1,000 posts, both ≤ 1.5× at 10,000 under 600 MB; the server ≤ 250 MB resident at
 * 10,000 posts after its background work.
 */
export function formatTargets(results: SizeResult[], cpus: number, serving: readonly { key: string; name: string; target: number }[]): string {
  const rows: string[][] = []
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
  for (const r of results) {
    const size = number(r.posts)
    const busy = contentionOf(r, cpus) > BUSY_SHARE ? ' (machine busy)' : ''
    const b = r.buildFigures
    const large = r.posts >= 10_000
    const fullGoal = large ? 1.5 : 6
    const contentGoal = large ? 1.5 : 3
    if (b.fullRatio !== null) {
      rows.push([`clean build, ${size} posts, against Hugo`, `≤ ${fullGoal}×`, `${ratio(b.fullRatio)} (${seconds(b.fullMs)} / ${seconds(b.hugoMs)})${busy}`, verdict(b.fullRatio <= fullGoal)])
    }
    if (b.contentRatio !== null) {
      rows.push([`  content-only rebuild (bundles reused)`, `≤ ${contentGoal}×`, `${ratio(b.contentRatio)} (${seconds(b.contentMs)})${busy}`, verdict(b.contentRatio <= contentGoal)])
    }
    if (large) rows.push([`peak build memory, ${size} posts`, '< 600 MB', mib(b.peakMiB), verdict(b.peakMiB * 1.048576 < 600)])
    if (large && r.server) rows.push([`server resident memory, ${size} posts, at the end`, '≤ 250 MB', mib(r.server.rssMiB), verdict(r.server.rssMiB * 1.048576 <= 250)])
    for (const s of r.serving ?? []) {
      const target = serving.find((t) => t.key === s.key)!
      rows.push([
        `${target.name}, ${size} posts, req per server CPU-s against nginx`,
        target.key === 'list' ? `≈ parity (≥ ${target.target}×)` : `≥ ${target.target}×`,
        `${ratio(s.ratio)} (${number(s.oursPerCpuSecond)} / ${number(s.nginxPerCpuSecond)})${busy}`,
        s.failures > 0 ? 'MISSED (failures)' : verdict(s.ratio >= target.target),
      ])
    }
    // Against git add + git commit of the same edit: npm run bench:save; here the time alone.
    if (r.saveToLive) rows.push([`save → live, ${size} posts`, 'p50 < 50 ms', `${r.saveToLive.p50Ms.toFixed(1)} ms`, verdict(r.saveToLive.p50Ms < 50)])
  }
  return `\n=== targets ===\n${table(['target', 'goal', 'measured (ours / peer)', 'verdict'], rows)}`
}
