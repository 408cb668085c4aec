/**
 * `npm run bench:start [-- --size 10000 --saves 30 --dir <kept project> --keep]`
 * `npm run bench:start -- --cold [--size 10000 --dir <kept project> --keep]`
 *
 * `--cold`: the first start of a site cloned onto a new server, its posts as written by hand
 * (generate-posts.ts's `handWritten`: content the sanitizer would change, which the start must
 * not parse before it serves): spawn → listening and the first answer with the CPU they took,
 * beside Hugo's build of the same posts (the nearest thing a peer does at start); then the
 * background work (checking the posts' content, rendering the stale pages, the search index)
 * until done, with the whole process tree's peak resident memory, and the memory once settled.
 *
 * Otherwise:
 * A server started with every page stale: a temp copy of the site with `--size` generated posts
 * (6 KB each), built with one SITE_URL and started with another, so that no page of the build
 * is the site's and every one must be rendered again. Measures:
 *   - what start does before it listens, phase by phase, in this process (wall and CPU);
 *   - the real server (`server/index.ts`, spawned): spawn → first answer of GET /api/blog/posts,
 *     and how long the background catch-up takes (its log line);
 *   - while the catch-up runs: `--saves` title edits through the admin API, from request to
 *     answer (the answer comes once the post's page is written), and a stale post's page.
 * `--keep` keeps the built project; `--dir` reuses one (built from these same sources).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ApiClient } from '../support/admin-client.ts'
import { measureBuild } from './measure-build.ts'
import { startBenchServer } from './measure-server.ts'
import { createTempProject, SITE_URL } from './temp-project.ts'
import type { Post } from '../../core/post.ts'
import { ensureDebianTool } from './debian-tool.ts'
import { buildHugo, writeHugoSite } from './hugo-site.ts'
import { loadAverage, sampleTreeMemory } from './process-stats.ts'

const ADMIN = { username: 'bench', password: 'bench password that is long' }
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    saves: { type: 'string', default: '30' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
  },
})
const size = Number(values.size)
/** How long after the catch-up's last log line the resident memory is read: the background's last writes settle. */
const SETTLE_MS = 5000
const saves = Number(values.saves)

let dir = values.dir
let cleanup = async () => {}
let posts: Post[] | null = null
if (!dir) {
  console.log(`generating ${size} posts${values.cold ? ' as written by hand' : ''}…`)
  const project = await createTempProject(size, { handWritten: values.cold })
  posts = project.posts
  dir = project.dir
  cleanup = project.cleanup
  console.log('npm run build…')
  const build = await measureBuild(dir)
  console.log(`built in ${(build.wallMs / 1000).toFixed(1)} s`)
}
const dataDir = await mkdtemp(path.join(tmpdir(), 'watchio-start-bench-'))
if (values.cold) {
  try {
    await measureColdStart(dir, dataDir, posts)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
    if (values.keep) console.log(`kept ${dir}`)
    else await cleanup()
  }
  process.exit(0)
}
try {
  await measurePhases(dir, dataDir)
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }
  // The first start ever: the admin account is made, and every post file parsed.
  const first = await startBenchServer(dir, { env: { ...env, SITE_URL: 'https://every-page-stale.example' }, probe: '/' })
  console.log(`\nfirst start (admin account made, every file parsed, every page stale): spawn → first answer ${first.firstAnswerMs.toFixed(0)} ms (CPU ${first.startCpuSeconds.toFixed(2)} s${mainThread(first)})`)
  console.log(`first start: ${await residentAfterBackground(first)}`)
  await first.stop()
  // A restart with another SITE_URL: every page stale again.
  const server = await startBenchServer(dir, { env: { ...env, SITE_URL: 'https://every-page-stale-again.example' }, probe: '/' })
  try {
    console.log(`restart with another SITE_URL (every page stale): spawn → first answer ${server.firstAnswerMs.toFixed(0)} ms (CPU ${server.startCpuSeconds.toFixed(2)} s${mainThread(server)})`)
    const api = new ApiClient(server.url)
    if ((await api.login(ADMIN.username, ADMIN.password)).status !== 200) throw new Error('sign-in failed')
    const { body: list } = await api.json<{ id: string; slug: string; isPublished: boolean }[]>('GET', '/api/blog/posts')
    const stalePage = performance.now()
    const page = await fetch(`${server.url}/blog/${list.at(-1)!.slug}`)
    await page.text()
    console.log(`a stale post's page during the catch-up: ${page.status} in ${(performance.now() - stalePage).toFixed(0)} ms`)
    const times: number[] = []
    for (let i = 0; i < saves; i++) {
      const { id, slug } = list[(i * 7919) % list.length]!
      const { body: post } = await api.json<Record<string, unknown>>('GET', `/api/admin/blog/posts/${id}`)
      const started = performance.now()
      const { status } = await api.json('PUT', `/api/admin/blog/posts/${id}`, { ...post, title: `Saved during the catch-up ${i}` })
      times.push(performance.now() - started)
      if (status !== 200) throw new Error(`save answered ${status}`)
      const live = await (await fetch(`${server.url}/blog/${slug}`)).text()
      if (!live.includes(`Saved during the catch-up ${i}`)) throw new Error(`/blog/${slug} does not show its save`)
    }
    const caughtUp = () => server.log.some((line) => / Regenerated \d+ pages in the background/.test(line))
    console.log(`${saves} saves during the catch-up: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms` + (caughtUp() ? ' (the catch-up ended before the last)' : ''))
    console.log(`restart: ${await residentAfterBackground(server)}`)
    // The admin's search holds every post's words once it has run: what that adds.
    const searchTimes: number[] = []
    for (const q of ['watchio', 'apple tv', 'no such words here']) {
      const started = performance.now()
      const { status } = await api.json('GET', `/api/admin/blog/posts?q=${encodeURIComponent(q)}`)
      if (status !== 200) throw new Error(`the admin search answered ${status}`)
      searchTimes.push(performance.now() - started)
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const searched = server.memory()
    console.log(
      `restart, after three admin searches (${searchTimes.map((ms) => ms.toFixed(0)).join(', ')} ms over HTTP): resident memory ${searched ? `${searched.rssMiB.toFixed(0)} MiB (${(searched.rssMiB * 1.048576).toFixed(0)} MB)` : 'unknown'}`,
    )
    console.log('\nthe server\'s log:')
    for (const line of server.log) console.log(`  ${line.split('\n')[0]}`)
  } finally {
    await server.stop()
  }
} finally {
  await rm(dataDir, { recursive: true, force: true })
  if (values.keep) console.log(`kept ${dir}`)
  else await cleanup()
}

/**
 * The first start ever of the project in `dir` over an empty DATA_DIR (`--cold`), with the pages
 * of its build current (the same SITE_URL): what a site cloned onto a new server, or a replica's
 * first start, waits for; beside Hugo building the same posts.
 */
async function measureColdStart(projectDir: string, dataDir: string, generated: Post[] | null): Promise<void> {
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }
  const server = await startBenchServer(projectDir, { env, probe: '/' })
  const memory = sampleTreeMemory(server.pid, 50)
  try {
    const listening = server.listeningLogMs === null ? 'unknown' : `${(server.listeningLogMs / 1000).toFixed(2)} s`
    console.log(`\ncold start, ${size} posts as written by hand, empty DATA_DIR: listening ${listening} after spawn, first answer ${(server.firstAnswerMs / 1000).toFixed(2)} s (CPU ${server.startCpuSeconds.toFixed(2)} s${mainThread(server)}; target ≤ 2 s)`)
    const background = [/ Checked the content of \d+ post files/, / Regenerated \d+ pages in the background|page catch-up|pages are current/i, /Search index/]
    const started = performance.now()
    while (!server.log.some((line) => background[0]!.test(line)) && performance.now() - started < 600_000) await new Promise((resolve) => setTimeout(resolve, 200))
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const tree = memory.stop()
    const settled = server.memory()
    console.log(`background work: ${server.log.filter((line) => background.some((pattern) => pattern.test(line))).map((line) => line.replace(/^\[[\d.]+s\] /, '')).join('; ') || 'no line yet'}`)
    console.log(`memory: peak ${tree.peakMiB.toFixed(0)} MiB for the whole tree while starting and checking (target ≤ 400 MB, ${tree.peakMiB * 1.048576 <= 400 ? 'met' : 'missed'}); settled ${settled ? `${settled.rssMiB.toFixed(0)} MiB (${(settled.rssMiB * 1.048576).toFixed(0)} MB; target ≤ 250 MB: ${settled.rssMiB * 1.048576 <= 250 ? 'met' : 'missed'})` : 'unknown'}`)
  } finally {
    await server.stop()
  }
  if (generated === null) {
    console.log('Hugo: skipped (--dir: the posts are not at hand to write a Hugo site)')
  } else {
    const hugo = ensureDebianTool('hugo', 'hugo', (message) => console.log(`[setup] ${message}`))
    const hugoDir = path.join(projectDir, 'hugo-site')
    await writeHugoSite(hugoDir, generated)
    const built = await buildHugo(hugo, hugoDir)
    const ratio = server.firstAnswerMs / built.wallMs
    console.log(`Hugo's build of the same posts: ${(built.wallMs / 1000).toFixed(2)} s (CPU ${built.cpuSeconds.toFixed(2)} s): the cold start's first answer is ${ratio.toFixed(2)}× it (target ≤ 1.5×, ${ratio <= 1.5 ? 'met' : 'missed'}; load average ${loadAverage().toFixed(1)})`)
  }
  console.log('\nthe server\'s log:')
  for (const line of server.log) console.log(`  ${line.split('\n')[0]}`)
}

/** What start does before it listens, one phase at a time, with the project's own modules. */
async function measurePhases(projectDir: string, dataDir: string): Promise<void> {
  const own = (module: string) => import(path.join(projectDir, 'server', module))
  const rows: [string, number, number][] = []
  const time = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const result = await work()
    const used = process.cpuUsage(cpu)
    rows.push([name, performance.now() - started, (used.user + used.system) / 1000])
    return result
  }
  const { silentLogger } = await own('lib/logger.ts')
  const { ContentRepository } = await time('import the git layer', () => own('git/content-repository.ts'))
  const { loadServerBuild } = await time('import vike and the renderer', () => own('pages/render-page.ts'))
  const { readPublicPages } = await own('pages/page-routes.ts')
  const { BlogContent } = await own('services/content/blog-content.ts')
  const { PostFiles } = await own('content/post-files.ts')
  const { PageStamps } = await own('services/pages/page-stamps.ts')
  const { ParsedPosts } = await own('content/parsed-posts.ts')
  const repository = await time('ContentRepository.open', () => ContentRepository.open({ dir: path.join(projectDir, 'content'), logger: silentLogger }))
  await time('loadServerBuild (dist/server)', () => loadServerBuild(path.join(projectDir, 'dist')))
  const blogDir = path.join(projectDir, 'content/blog')
  const parsed = new ParsedPosts({ file: path.join(dataDir, 'bench-parsed-posts.json'), parser: 'bench' })
  await parsed.load()
  const content = new BlogContent({ files: new PostFiles({ blogDir, parsed }), logger: silentLogger })
  await time(`content.load (${size} files read and parsed)`, () => content.load())
  await time('parsed-posts.json written', () => parsed.save())
  const again = new ParsedPosts({ file: path.join(dataDir, 'bench-parsed-posts.json'), parser: 'bench' })
  await time('parsed-posts.json read', () => again.load())
  await time(`content.load again (${size} files read, none parsed)`, () => new BlogContent({ files: new PostFiles({ blogDir, parsed: again }), logger: silentLogger }).load())
  const publicPages = await time('readPublicPages', () => readPublicPages())
  const stamps = new PageStamps({ index: content.index, publicPages, renderId: SITE_URL, builtOn: '2025-01-01' })
  await time('the expected stamp of every page', () => stamps.expectedUrls().map((url: string) => stamps.expectedStamp(url)))
  await repository.close()
  console.log('\nbefore listening (this process, one phase at a time):')
  for (const [name, wall, cpu] of rows) console.log(`  ${name.padEnd(44)} ${wall.toFixed(0).padStart(6)} ms wall ${cpu.toFixed(0).padStart(6)} ms CPU`)
}

/**
 * The server's resident memory once the background work is done (the catch-up's last line, then
 * SETTLE_MS), beside the target: what a running site holds between requests.
 */
async function residentAfterBackground(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<string> {
  while (!server.log.some((line) => / Regenerated \d+ pages in the background/.test(line))) await new Promise((resolve) => setTimeout(resolve, 200))
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const memory = server.memory()
  if (!memory) return 'resident memory unknown (no /proc)'
  const mb = memory.rssMiB * 1.048576
  return `resident memory after the background work ${memory.rssMiB.toFixed(0)} MiB (${mb.toFixed(0)} MB; target ≤ 250 MB: ${mb <= 250 ? 'met' : 'missed'}), peak ${memory.peakMiB.toFixed(0)} MiB`
}

/**
 * The main thread's own time to the first answer, and the wall time less its waits for a CPU:
 * on a machine shared with other work, what the start would have taken alone (nearly).
 */
function mainThread(server: { firstAnswerMs: number; startMainThread: { ranSeconds: number; waitedSeconds: number } | null }): string {
  const main = server.startMainThread
  if (!main) return ''
  return `; main thread ran ${main.ranSeconds.toFixed(2)} s and waited ${main.waitedSeconds.toFixed(2)} s for a CPU: ${(server.firstAnswerMs / 1000 - main.waitedSeconds).toFixed(2)} s without that wait`
}

function percentile(list: number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
