/**
 * `npm run bench:search [-- --posts 10000 --runs 5 --saves 10 --baseline main --keep]`
 *
 * The visitors' search at `--posts` generated posts (temp-project.ts), built with `npm run build`
 * and served by the production server, Chromium on loopback (search-browser.ts):
 *   1. the first search on /blog with nothing cached, `--runs` fresh contexts: focus of the box →
 *      first result shown, and the bytes of `/pagefind/` that took; the peer: the same query on
 *      the same posts' static export (`npm run export`) served by nginx with its nginx.conf;
 *   2. the index update after a save (the save's request → a delta holding the post served: the post
 *      findable), and the save's
 *      own latency: saves one a second while updates run, against the same saves on `--baseline`
 *      (the site as that git ref has it, no search), and saves with no update running;
 *   3. Lighthouse (mobile; the median of 3 runs of each page, in turns) on /blog and a post, and
 *      the JavaScript a post sends, here and on `--baseline` built from the same posts: "no
 *      category lower than today's", today's measured in the same run.
 * Prints the table with the targets. Never touches this repository's content/ or history.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DELTA_BOUND, QUIET_MS } from '../../server/services/search/site-search.ts'
import { freePort } from '../support/nginx.ts'
import { serveExportWithNginx } from '../support/static-nginx.ts'
import { signInByApi } from './admin-server.ts'
import { measureBuild } from './measure-build.ts'
import { type BenchServer, startBenchServer } from './measure-server.ts'
import { loadAverage } from './process-stats.ts'
import { percentile, table } from './report.ts'
import { BENCH_ADMIN, timedSave } from './save-live.ts'
import { lighthouseCategories, measureFirstQuery, type QueryRun, scriptBytes } from './search-browser.ts'
import { createTempProject, repoRoot } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    saves: { type: 'string', default: '10' },
    word: { type: 'string', default: 'documentary' },
    baseline: { type: 'string', default: 'main' },
    keep: { type: 'boolean', default: false },
  },
})
const postCount = Number(values.posts)
const runs = Number(values.runs)
const saves = Number(values.saves)
const word = values.word!
const started = performance.now()
const log = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
type Posts = Map<string, { id: string; slug: string; version: string } & Record<string, unknown>>

// A failure must fail the command (vike, loaded through the helpers, only logs uncaught errors).
process.exitCode = 1
console.log(`Search bench: ${postCount} posts, ${runs} runs, ${saves} saves, query "${word}"; node ${process.version}; ${os.cpus().length} cores; load ${loadAverage().toFixed(1)}`)
const project = await createTempProject(postCount)
const temp = await mkdtemp(path.join(os.tmpdir(), 'watchio-search-bench-'))
try {
  const port = await freePort()
  const siteUrl = `http://127.0.0.1:${port}`
  log('npm run build…')
  const build = await measureBuild(project.dir, { siteUrl })
  const buildSearch = build.log.find((line) => line.includes('Search index:')) ?? ''
  log(`built in ${(build.wallMs / 1000).toFixed(1)} s; ${buildSearch.replace(/^.*?Search index/, 'search index')}`)
  const env = { DATA_DIR: path.join(temp, 'data'), SITE_URL: siteUrl, ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password }

  const server = await startBenchServer(project.dir, { env, port, probe: '/pagefind/pagefind-entry.json' })
  let ours: QueryRun[], lighthouse, postScript: number, blogScript: number, updates: { saveMs: number; updateMs: number }[], busySaves: number[], postUrl: string
  try {
    const list = (await (await fetch(`${server.url}/api/blog/posts`)).json()) as { slug: string }[]
    postUrl = `/blog/${list[Math.floor(list.length / 2)]!.slug}`
    log(`first answer after ${(server.firstAnswerMs / 1000).toFixed(2)} s; the first search, ${runs} fresh contexts…`)
    ours = await measureFirstQuery(server.url, word, runs)
    log('JavaScript sent, and Lighthouse (mobile)…')
    postScript = await scriptBytes(server.url + postUrl)
    blogScript = await scriptBytes(`${server.url}/blog`)
    lighthouse = await lighthouseCategories([`${server.url}/blog`, server.url + postUrl])
    const api = await signInByApi(server, BENCH_ADMIN, siteUrl)
    const posts: Posts = new Map()
    log('index updates after a save, each alone…')
    updates = []
    for (let n = 0; n < 3; n++) updates.push(await indexUpdate(server, list[n]!.slug, () => timedSave(api, posts, list[n]!.slug, 'content', n)))
    log(`${saves} saves one a second, background updates running…`)
    busySaves = await pacedSaves((n) => timedSave(api, posts, list[(n * 7919) % list.length]!.slug, 'content', 100 + n), saves)
    for (const line of server.log.filter((entry) => entry.includes('Search index:'))) console.log(`  server: ${line}`)
  } finally {
    await server.stop()
  }

  log('npm run export, served by nginx: the same first search…')
  const out = path.join(temp, 'export')
  const exported = spawnSync(process.execPath, ['scripts/run-compiled.mjs', 'export', '--out', out], { cwd: project.dir, env: { ...process.env, ...env, DATA_DIR: path.join(temp, 'export-data'), NODE_ENV: 'production', CONTENT_DIR: 'content' }, encoding: 'utf8' })
  if (exported.status !== 0) throw new Error(`export failed: ${exported.stderr}`)
  const nginx = await serveExportWithNginx({ root: out })
  let peer: QueryRun[]
  try {
    peer = await measureFirstQuery(nginx.url, word, runs)
  } finally {
    await nginx.stop()
  }

  log(`the baseline (${values.baseline}, no search) built from the same posts…`)
  const baseDir = await baselineProject(project.dir, values.baseline!, path.join(temp, 'baseline'))
  const basePort = await freePort()
  const baseUrl = `http://127.0.0.1:${basePort}`
  await measureBuild(baseDir, { siteUrl: baseUrl })
  const baseServer = await startBenchServer(baseDir, { env: { ...env, DATA_DIR: path.join(temp, 'baseline-data'), SITE_URL: baseUrl }, port: basePort, probe: '/blog' })
  let baseLighthouse, basePostScript: number, baseBlogScript: number, baseSaves: number[]
  try {
    basePostScript = await scriptBytes(baseServer.url + postUrl)
    baseBlogScript = await scriptBytes(`${baseServer.url}/blog`)
    baseLighthouse = await lighthouseCategories([`${baseServer.url}/blog`, baseServer.url + postUrl])
    const api = await signInByApi(baseServer, BENCH_ADMIN, baseUrl)
    const posts: Posts = new Map()
    const list = (await (await fetch(`${baseServer.url}/api/blog/posts`)).json()) as { slug: string }[]
    for (let n = 0; n < 3; n++) await timedSave(api, posts, list[n]!.slug, 'content', n) // as the updates' saves above
    baseSaves = await pacedSaves((n) => timedSave(api, posts, list[(n * 7919) % list.length]!.slug, 'content', 100 + n), saves)
  } finally {
    await baseServer.stop()
  }

  printTable({ baseIndex: buildSearch.replace(/^.*?Search index: /, 'at build, '), ours, peer, updates, busySaves, baseSaves, lighthouse, baseLighthouse, postUrl, scripts: { post: [postScript, basePostScript], blog: [blogScript, baseBlogScript] } })
  process.exitCode = 0
} finally {
  if (values.keep) log(`kept ${project.dir} and ${temp}`)
  else await Promise.all([project.cleanup(), rm(temp, { recursive: true, force: true })])
}

/**
 * The save's own latency, and from its request to the saved post findable: a new delta served
 * (`/pagefind/delta.json` names a new folder and lists the post's URL), whose index holds it.
 */
async function indexUpdate(server: BenchServer, slug: string, save: () => Promise<number>): Promise<{ saveMs: number; updateMs: number }> {
  const delta = async () => (await (await fetch(`${server.url}/pagefind/delta.json`)).json()) as { path: string | null; changed: string[] }
  const before = (await delta()).path
  const at = performance.now()
  const saveMs = await save()
  let now = await delta()
  while (now.path === before || !now.changed.includes(`/blog/${slug}`)) {
    if (performance.now() - at > 120_000) throw new Error('no delta with the saved post within 2 minutes of a save')
    await sleep(25)
    now = await delta()
  }
  const updateMs = performance.now() - at
  const entry = (await (await fetch(`${server.url}${now.path}pagefind-entry.json`)).json()) as { languages: { en?: { page_count: number } } }
  if (!entry.languages.en?.page_count) throw new Error(`the delta ${now.path} holds no post`)
  await sleep(1000) // the next one starts on a quiet server
  return { saveMs, updateMs }
}

/** `count` saves, each a second after the one before began: their latencies. */
async function pacedSaves(save: (n: number) => Promise<number>, count: number): Promise<number[]> {
  const times: number[] = []
  for (let n = 0; n < count; n++) {
    const at = performance.now()
    times.push(await save(n))
    await sleep(Math.max(0, 1000 - (performance.now() - at)))
  }
  return times
}

/** The site as `ref` has it (its code, no search if it predates it), over a copy of `projectDir`'s posts and repository. */
async function baselineProject(projectDir: string, ref: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const entries = ['core', 'pages', 'renderer', 'server', 'scripts', 'public', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json']
  const archive = execFileSync('git', ['-C', repoRoot, 'archive', ref, ...entries], { maxBuffer: 512 * 1024 * 1024 })
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  for (const entry of ['content', '.git', '.gitignore']) await cp(path.join(projectDir, entry), path.join(dir, entry), { recursive: true })
  return dir
}

function printTable(figures: {
  baseIndex: string
  ours: QueryRun[]
  peer: QueryRun[]
  updates: { saveMs: number; updateMs: number }[]
  busySaves: number[]
  baseSaves: number[]
  lighthouse: Record<string, Record<string, number>>
  baseLighthouse: Record<string, Record<string, number>>
  postUrl: string
  scripts: { post: [number, number]; blog: [number, number] }
}): void {
  const { ours, peer, updates, busySaves, baseSaves } = figures
  const median = (list: number[]) => percentile(list, 50)
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`
  const spread = (list: number[], format: (value: number) => string) => `${format(median(list))} (${format(Math.min(...list))}–${format(Math.max(...list))})`
  const first = ours.map((run) => run.firstResultMs)
  const peerFirst = peer.map((run) => run.firstResultMs)
  const bytes = ours.map((run) => run.bytes)
  const update = updates.map((entry) => entry.updateMs)
  const idleSaves = updates.map((entry) => entry.saveMs)
  const cats = (scores: Record<string, number> | undefined) => Object.entries(scores ?? {}).map(([key, value]) => `${key} ${value}`).join(', ')
  const pick = (scores: Record<string, Record<string, number>>, suffix: string) => Object.entries(scores).find(([url]) => url.endsWith(suffix))?.[1]
  const noLower = (suffix: string) => {
    const [now, base] = [pick(figures.lighthouse, suffix), pick(figures.baseLighthouse, suffix)]
    return !!now && !!base && Object.entries(base).every(([key, value]) => (now[key] ?? 0) >= value)
  }
  const p = (list: number[]) => `p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}`
  const rows = [
    ['first result after typing, nothing cached', '≤ 300 ms', spread(first, ms), `nginx, the export: ${spread(peerFirst, ms)}; ×${(median(first) / median(peerFirst)).toFixed(2)}`, median(first) <= 300],
    ['bytes fetched for that first query', '≤ 300 KB', spread(bytes, kb), `nginx: ${kb(median(peer.map((run) => run.bytes)))}`, median(bytes) <= 300 * 1024],
    ['index update after a save (request → the delta with the post served)', '≤ 5 s', spread(update, ms), `the base (all posts), made again past ${DELTA_BOUND} stale posts or after ${QUIET_MS / 60_000} quiet minutes: ${figures.baseIndex}`, Math.max(...update) <= 5000],
    ['save latency while updates run in the background', 'unchanged', p(busySaves), `${figures.baseSaves.length} saves on the baseline, no search: ${p(baseSaves)}; with no update running: ${p(idleSaves)}`, percentile(busySaves, 50) <= percentile(baseSaves, 50) * 1.25],
    ['Lighthouse mobile, /blog', 'no category lower', cats(pick(figures.lighthouse, '/blog')), `baseline: ${cats(pick(figures.baseLighthouse, '/blog'))}`, noLower('/blog')],
    [`Lighthouse mobile, ${figures.postUrl}`, 'no category lower', cats(pick(figures.lighthouse, figures.postUrl)), `baseline: ${cats(pick(figures.baseLighthouse, figures.postUrl))}`, noLower(figures.postUrl)],
    ['JavaScript a post sends (over the wire)', 'unchanged', kb(figures.scripts.post[0]), `baseline: ${kb(figures.scripts.post[1])}`, figures.scripts.post[0] <= figures.scripts.post[1] * 1.01],
    ['JavaScript /blog sends before the search is used', '', kb(figures.scripts.blog[0]), `baseline: ${kb(figures.scripts.blog[1])}`, true],
  ] as const
  console.log(`\n=== visitors' search: ${postCount.toLocaleString('en-US')} posts, query "${word}", Chromium on loopback; load ${loadAverage().toFixed(1)} ===`)
  console.log(table(['what', 'target', 'measured', 'beside it', 'verdict'], rows.map(([what, target, measured, beside, pass]) => [what, target, measured, beside, pass ? 'PASS' : 'MISS'])))
  console.log('Bytes: response headers and bodies as sent (Playwright\'s request sizes, the worker\'s fetches included). The export\'s nginx.conf sends JavaScript uncompressed (its types carry a charset, which gzip_types does not match), so its bytes are larger; its time is the peer\'s.')
  console.log(`\nFirst-search files (run 1): ${ours[0]!.files.length} requests, ${ours[0]!.results} results shown: ${ours[0]!.files.join(' ')}`)
}
