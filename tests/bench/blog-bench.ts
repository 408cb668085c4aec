/**
 * `npm run bench [-- --sizes 1000,10000 --duration 10 --connections 64 --warmup 2 --keep --skip-baseline]`
 *
 * For each size: a temp git repository with that many generated posts, then the full
 * build (`npm run build`: vike build + prerender) with its time and peak memory, the
 * production server's time from start to first answer, and autocannon against the API
 * list and one prerendered post page (requests/s, p50/p99, server CPU, server memory),
 * and, as a reference for this machine at this moment, bare Koa answering the same list
 * bytes (`--skip-baseline` leaves it out).
 * Prints a table per size and a summary against the targets, and writes the results as
 * JSON into the OS temp folder. Never touches this repository's content/ or dist/.
 */
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { measureBuild } from './measure-build.ts'
import { fetchRaw, type LoadResult, measureLoad, startBareKoa, startBenchServer } from './measure-server.ts'
import { loadAverage } from './process-stats.ts'
import { formatSize, formatSummary, type SizeResult } from './report.ts'
import { createTempProject } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    warmup: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    'skip-baseline': { type: 'boolean', default: false },
  },
})
const positive = (name: string, raw: string, allowZero = false): number => {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    console.error(`--${name} ${raw}: must be a whole number${allowZero ? '' : ' above 0'}`)
    process.exit(2)
  }
  return value
}
const sizes = values.sizes.split(',').map((raw) => positive('sizes', raw.trim()))
const duration = positive('duration', values.duration)
const connections = positive('connections', values.connections)
const warmup = positive('warmup', values.warmup, true)
const cpus = os.cpus().length

console.log(
  `Watchio blog bench: sizes ${sizes.join(', ')}; node ${process.version}; ${cpus} cores, ` +
    `${Math.round(os.totalmem() / 1024 ** 3)} GiB; autocannon ${connections} connections × ${duration} s (+${warmup} s warm-up)`,
)

const results: SizeResult[] = []
for (const size of sizes) {
  const log = (message: string) => console.log(`[${size}] ${message}`)
  const loadAverageBefore = loadAverage()
  log('generating posts and committing them to a temp git repository…')
  const project = await createTempProject(size)
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined
  try {
    log(`${project.dir}: npm run build…`)
    const build = await measureBuild(project.dir)
    log(`built in ${(build.wallMs / 1000).toFixed(2)} s; starting the server…`)
    server = await startBenchServer(project.dir)
    log(`first answer after ${(server.firstAnswerMs / 1000).toFixed(2)} s; load on /api/blog/posts…`)
    const api = await measureLoad({ server, path: '/api/blog/posts', connections, duration, warmup })
    const post = pickPublished(project.posts)
    log(`load on /blog/${post.slug}…`)
    const page = await measureLoad({ server, path: `/blog/${post.slug}`, connections, duration, warmup })
    const memory = server.memory()
    let bareKoa: LoadResult | null = null
    if (!values['skip-baseline']) {
      log('reference: bare Koa answering the same list bytes…')
      const list = await fetchRaw(`${server.url}/api/blog/posts`)
      const bodyFile = path.join(project.dir, 'bench-list-body.bin')
      await writeFile(bodyFile, list.body)
      const bare = await startBareKoa({ bodyFile, type: list.type, encoding: list.encoding })
      try {
        bareKoa = await measureLoad({ server: bare, path: '/', connections, duration, warmup })
      } finally {
        await bare.stop()
      }
    }
    results.push({
      posts: size,
      published: project.posts.filter((p) => p.isPublished).length,
      contentBytes: project.contentBytes,
      generateMs: project.generateMs,
      gitMs: project.gitMs,
      build,
      start: {
        firstAnswerMs: server.firstAnswerMs,
        loadedLogMs: server.loadedLogMs,
        listeningLogMs: server.listeningLogMs,
        regeneratedAtStart: server.regeneratedAtStart,
        cpuSeconds: server.startCpuSeconds,
        otherCpuSeconds: server.startOtherCpuSeconds,
      },
      load: { api, page, bareKoa },
      loadAverageBefore,
      server: { peakMiB: memory?.peakMiB ?? 0, rssMiB: memory?.rssMiB ?? 0 },
      serverLog: server.log,
    })
    console.log(formatSize(results.at(-1)!, { connections, duration, cpus }))
  } finally {
    await server?.stop()
    if (values.keep) console.log(`[${size}] kept ${project.dir}`)
    else await project.cleanup()
  }
}

console.log(formatSummary(results, cpus))
const file = path.join(os.tmpdir(), `watchio-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
await writeFile(
  file,
  JSON.stringify({ machine: { node: process.version, cpus, totalMemBytes: os.totalmem() }, options: { sizes, duration, connections, warmup }, results }, null, 2),
)
console.log(`\nresults (JSON, with the build and server logs): ${file}`)

/** A published post from the middle of the list: a typical page, not the first or last written. */
function pickPublished<T extends { isPublished: boolean }>(posts: T[]): T {
  const middle = Math.floor(posts.length / 2)
  const found = posts.slice(middle).find((p) => p.isPublished) ?? posts.find((p) => p.isPublished)
  if (!found) throw new Error('No published post to benchmark')
  return found
}
