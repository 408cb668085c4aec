/**
 * `npm run bench [-- --sizes 1000,10000 --runs 3 --duration 10 --connections 64 --warmup 2
 *   --saves 20 --skip-hugo --skip-nginx --keep --rich]`
 *
 * The build and serving side by side with their peers. For each size: a temp git repository with that many generated
 * posts (about 6 KB of HTML each) and the same posts as a Hugo site (hugo-site.ts), then
 *   - build: `npm run build` with no dist/ (bundling included), `hugo --quiet`, and
 *     `npm run build` over its own dist/ (bundles reused, when the build can skip bundling),
 *     in turns, `--runs` rounds; medians, ratios ours / Hugo, our peak RSS (process tree);
 *   - serving: the production server and nginx serving the very bytes it sent (nginx-peer.ts)
 *     for a post page, one post's JSON and the list JSON; each server pinned to core 0, wrk
 *     to core 1, in turns; requests per server CPU-second, ratios ours / nginx;
 *   - save → live: `--saves` content edits through the admin API (bench:save's short form).
 * `--rich`: posts with heading ids, figures, tables and code languages (generate-posts.ts).
 * Prints the ratios against the targets and writes every run as JSON into the OS
 * temp folder. hugo, nginx-light and wrk are Debian's, installed with apt-get when missing.
 * Never touches this repository's content/ or dist/.
 */
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ApiClient } from '../support/admin-client.ts'
import { runGit } from '../support/git.ts'
import { buildFigures, buildInTurns } from './build-turns.ts'
import { ensureDebianTool, versionOf } from './debian-tool.ts'
import { writeHugoSite } from './hugo-site.ts'
import { startBenchServer } from './measure-server.ts'
import { loadAverage } from './process-stats.ts'
import { formatSideBySide, formatSize, formatTargets, type SizeResult } from './report.ts'
import { BENCH_ADMIN, saveToLive } from './save-live.ts'
import { compareWithNginx, SERVED } from './side-by-side.ts'
import { createTempProject } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    warmup: { type: 'string', default: '2' },
    saves: { type: 'string', default: '20' },
    'skip-hugo': { type: 'boolean', default: false },
    'skip-nginx': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    rich: { type: 'boolean', default: false },
  },
})
const whole = (name: string, raw: string, min: number): number => {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} ${raw}: must be a whole number of at least ${min}`)
    process.exit(2)
  }
  return value
}
const sizes = values.sizes.split(',').map((raw) => whole('sizes', raw.trim(), 10))
const runs = whole('runs', values.runs, 1)
const duration = whole('duration', values.duration, 1)
const connections = whole('connections', values.connections, 1)
const warmup = whole('warmup', values.warmup, 0)
const saves = whole('saves', values.saves, 0)
const cpus = os.cpus().length
if (!values['skip-nginx'] && cpus < 2) {
  console.error('The serving comparison pins the server to core 0 and wrk to core 1: it needs 2 cores (--skip-nginx to leave it out)')
  process.exit(2)
}

const setup = (message: string) => console.log(`[setup] ${message}`)
const hugo = values['skip-hugo'] ? null : ensureDebianTool('hugo', 'hugo', setup)
const nginx = values['skip-nginx'] ? null : ensureDebianTool('nginx', 'nginx-light', setup)
const wrk = values['skip-nginx'] ? null : ensureDebianTool('wrk', 'wrk', setup)
const versions = {
  node: process.version,
  hugo: hugo ? versionOf(hugo, ['version']) : null,
  nginx: nginx ? versionOf(nginx, ['-v']) : null,
  wrk: wrk ? versionOf(wrk, ['-v']) : null,
}
console.log(
  `Watchio blog bench: sizes ${sizes.join(', ')}; ${runs} runs of each, in turns; node ${process.version}; ${cpus} cores, ` +
    `${Math.round(os.totalmem() / 1024 ** 3)} GiB; load average ${loadAverage().toFixed(1)}\n` +
    `  ${versions.hugo ?? 'Hugo: skipped'}\n  ${versions.nginx ?? 'nginx: skipped'}; ${versions.wrk ?? ''}` +
    (wrk ? `\n  wrk: ${connections} connections × ${duration} s (after ${warmup} s of warm-up), Accept-Encoding: br, gzip; server on core 0, wrk on core 1` : ''),
)

const results: SizeResult[] = []
for (const size of sizes) {
  const log = (message: string) => console.log(`[${size}] ${message}`)
  const loadAverageBefore = loadAverage()
  log('generating posts and committing them to a temp git repository…')
  const project = await createTempProject(size, { rich: values.rich })
  const hugoDir = hugo ? path.join(project.dir, 'hugo-site') : null
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined
  try {
    if (hugoDir) await writeHugoSite(hugoDir, project.posts)
    log(`${project.dir}: builds in turns${hugo ? ' with Hugo' : ''}…`)
    const turns = await buildInTurns({ dir: project.dir, hugoDir, hugo, runs, log })
    // Packed, as a site's repository is after its first day: else the server packs the
    // loose objects of the generated commit in the background, in its own process, during the load.
    runGit(['gc', '-q', '--prune=now'], { cwd: project.dir })
    log('starting the server…')
    server = await startBenchServer(project.dir, { env: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password } })
    log(`first answer after ${(server.firstAnswerMs / 1000).toFixed(2)} s`)
    const published = project.posts.filter((p) => p.isPublished)
    const serving =
      nginx && wrk
        ? await compareWithNginx({
            ours: { name: 'ours', pid: server.pid, url: server.url },
            slug: pickMiddle(published).slug,
            wrk,
            connections,
            duration,
            warmup,
            runs,
            serverCpu: 0,
            clientCpu: 1,
            log,
          })
        : null
    const memory = server.memory()
    let saveFigures: SizeResult['saveToLive'] = null
    if (saves > 0) {
      log(`save → live: ${saves} content edits…`)
      const api = new ApiClient(server.url)
      const login = await api.login(BENCH_ADMIN.username, BENCH_ADMIN.password)
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`)
      saveFigures = await saveToLive(api, published, saves)
    }
    results.push({
      posts: size,
      published: published.length,
      contentBytes: project.contentBytes,
      generateMs: project.generateMs,
      gitMs: project.gitMs,
      build: turns.full[0]!,
      buildFigures: buildFigures(turns),
      buildTurns: { ...turns, full: turns.full.map(({ log: _, ...b }) => b), content: turns.content.map(({ log: _, ...b }) => b) },
      start: {
        firstAnswerMs: server.firstAnswerMs,
        loadedLogMs: server.loadedLogMs,
        listeningLogMs: server.listeningLogMs,
        regeneratedAtStart: server.regeneratedAtStart,
        cpuSeconds: server.startCpuSeconds,
        otherCpuSeconds: server.startOtherCpuSeconds,
      },
      serving,
      saveToLive: saveFigures,
      loadAverageBefore,
      server: { peakMiB: memory?.peakMiB ?? 0, rssMiB: memory?.rssMiB ?? 0 },
      serverLog: server.log,
    })
    console.log(formatSize(results.at(-1)!, { cpus }))
    console.log(formatSideBySide(results.at(-1)!))
  } finally {
    await server?.stop()
    if (values.keep) log(`kept ${project.dir}`)
    else await project.cleanup()
  }
}

console.log(formatTargets(results, cpus, SERVED))
const file = path.join(os.tmpdir(), `watchio-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
await writeFile(
  file,
  JSON.stringify(
    { machine: { cpus, totalMemBytes: os.totalmem() }, versions, options: { sizes, runs, duration, connections, warmup, saves }, results },
    null,
    2,
  ),
)
console.log(`\nresults (JSON, every run, with the build and server logs): ${file}`)

/** A published post from the middle of the list: a typical page, not the first or last written. */
function pickMiddle<T>(posts: T[]): T {
  const found = posts[Math.floor(posts.length / 2)]
  if (!found) throw new Error('No published post to benchmark')
  return found
}
