/**
 * `npm run bench:save [-- --sizes 1000,10000 --saves 100 --history 1000 --keep]`
 * `npm run bench:save -- --dir <a project kept with --keep> [--saves 30] [--server-dir <server/>] [--cpu-prof <folder>]`
 *
 * For each size: a temp copy of the site with that many generated posts and `--history`
 * further commits (one post edited in each), built, then the production server. Signed in
 * as an admin, it times `--saves` updates of random posts from request to answer: the answer
 * comes after validation, the atomic write, the git commit and the regeneration of the
 * affected pages, so at that moment the change is live. Two kinds of edit:
 *   - content: the post's body (its page is rendered again);
 *   - title: also changes the list entry of the post (the public API's list); /blog shows
 *     only the first page and the sitemap only slugs and dates, so neither is rewritten;
 *   - title, page 1: a title edit of one of the ten newest posts, so /blog is rendered again
 *     (the worst case, and the usual one: admins edit recent posts).
 * Then, with the server stopped, the same kind of file change committed with the git CLI
 * (`git add` + `git commit`) in the same repository, for comparison. Never touches this
 * repository's content/ or history.
 *
 * `--dir` measures a project an earlier run kept (`--keep`) instead of making one: its posts,
 * history (grown by the earlier runs' saves) as they are; this checkout's `server/` is copied into
 * it and built, so a change to the saving code is measured without generating the posts again;
 * `--server-dir` copies another version's instead (`git archive <commit> server | tar -x -C /tmp/before`). `--cpu-prof <folder>`: the server writes a V8 CPU profile
 * there when it stops, and the bench prints its heaviest functions over the timed saves.
 */
import { readdir, readFile, rm, cp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ApiClient } from '../support/admin-client.ts'
import { runGit } from '../support/git.ts'
import { addHistory } from './add-history.ts'
import { type CpuProfile, summariseProfile } from './cpu-profile.ts'
import { timeCliCommits } from './git-cli-edits.ts'
import { measureBuild } from './measure-build.ts'
import { startBenchServer } from './measure-server.ts'
import { cpuSeconds, loadAverage } from './process-stats.ts'
import { percentile, table } from './report.ts'
import { BENCH_ADMIN as ADMIN, timedSave as save } from './save-live.ts'
import { createTempProject, repoRoot, type TempProject } from './temp-project.ts'
import type { Post } from '../../core/post.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'

const TARGET_MEDIAN_MS = 50
const TARGET_P95_MS = 100
/** The runtime work's target: save → live at most this times `git add` + `git commit` of the same edit (p50s). */
const TARGET_GIT_RATIO = 0.6

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    saves: { type: 'string', default: '100' },
    history: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    dir: { type: 'string' },
    'server-dir': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
})
const keptDir = values.dir ? path.resolve(values.dir) : undefined
const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined
const sizes = keptDir ? [(await readdir(path.join(keptDir, 'content/blog'))).filter((name) => name.endsWith('.html')).length] : values.sizes.split(',').map(Number)
const saves = Number(values.saves)
const historyCommits = Number(values.history)
if (sizes.some((size) => !Number.isInteger(size) || size < 10) || !(saves > 0) || !(historyCommits >= 0)) {
  console.error('--sizes: whole numbers of at least 10; --saves above 0; --history 0 or more')
  process.exit(2)
}

console.log(
  `Watchio save bench: sizes ${sizes.join(', ')}; ${historyCommits} commits of history; ${saves} saves of each kind; ` +
    `node ${process.version}; ${os.cpus().length} cores`,
)

interface Row {
  size: number
  content: number[]
  title: number[]
  titleFirstPage: number[]
  cli: number[]
  /** The server's CPU (all its threads) per save of each kind, background work the saves caused included. */
  cpuMs: number[]
}
const rows: Row[] = []

for (const size of sizes) {
  const log = (message: string) => console.log(`[${size}] ${message}`)
  const project = keptDir ? await keptProject(keptDir) : await newProject(size, log)
  try {
    const server = await startBenchServer(project.dir, {
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    })
    let timedFrom = 0
    const row: Row = { size, content: [], title: [], titleFirstPage: [], cli: [], cpuMs: [] }
    try {
      const api = new ApiClient(server.url)
      const login = await api.login(ADMIN.username, ADMIN.password)
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`)
      const published = project.posts.filter((post) => post.isPublished)
      // Cards carry no content: each post is read whole the first time it is saved (not timed).
      const bySlug = new Map<string, { id: string; slug: string; version: string } & Record<string, unknown>>()
      // Numbers the titles: a kept project's posts already carry an earlier run's, which the same title would not change.
      const edit = keptDir ? Date.now() : 0
      // Warm-up: the first saves compile code paths and fill caches.
      for (let i = 0; i < 5; i++) await save(api, bySlug, published[i]!.slug, 'content', -1 - i)
      timedFrom = performance.now() - server.startedAt
      const newest = [...published].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug)).slice(0, 10)
      // Each kind: its posts read first (not timed, nor in its CPU), then its saves one after another.
      const timed = async (slugOf: (i: number) => string, kind: 'content' | 'title', numberOf: (i: number) => number) => {
        for (let i = 0; i < saves; i++) if (!bySlug.has(slugOf(i))) bySlug.set(slugOf(i), (await api.postBySlug(slugOf(i)))!)
        const cpuBefore = cpuSeconds(server.pid) ?? 0
        const times: number[] = []
        for (let i = 0; i < saves; i++) times.push(await save(api, bySlug, slugOf(i), kind, numberOf(i)))
        row.cpuMs.push((1000 * ((cpuSeconds(server.pid) ?? 0) - cpuBefore)) / saves)
        return times
      }
      row.content = await timed((i) => published[(i * 7919) % published.length]!.slug, 'content', (i) => i)
      row.title = await timed((i) => published[(i * 104_729 + 13) % published.length]!.slug, 'title', (i) => edit + i)
      row.titleFirstPage = await timed((i) => newest[i % newest.length]!.slug, 'title', (i) => edit + saves + i)
      const blog = await (await fetch(`${server.url}/blog`)).text()
      if (!blog.includes(`(title edit ${edit + 2 * saves - 1})`)) throw new Error('/blog does not show the last page-1 title edit')
      // Live means live: the last save's page already shows it.
      const lastSlug = published[((saves - 1) * 104_729 + 13) % published.length]!.slug
      const page = await (await fetch(`${server.url}/blog/${lastSlug}`)).text()
      if (!page.includes(`(title edit ${edit + saves - 1})`)) throw new Error(`/blog/${lastSlug} does not show the last save`)
    } finally {
      await server.stop()
    }
    if (profileDir) {
      // The main thread's (thread id 0); worker threads write their own.
      const main = (await readdir(profileDir)).find((name) => name.endsWith(`.${server.pid}.0.001.cpuprofile`))
      if (main) {
        log(`CPU profile: ${path.join(profileDir, main)} (from the first timed save)`)
        summariseProfile(JSON.parse(await readFile(path.join(profileDir, main), 'utf8')) as CpuProfile, timedFrom * 1000)
      }
    }
    log('the same edits with the git CLI (git add + git commit)…')
    row.cli = await timeCliCommits({
      dir: project.dir,
      count: saves,
      slugOf: (i) => project.posts[(i * 7919) % project.posts.length]!.slug,
      edit: (post, i) => ({ ...post, content: `${post.content}\n<p>CLI edit ${i}</p>` }),
    })
    rows.push(row)
    log(summary(row))
  } finally {
    if (values.keep || keptDir) log(`kept ${project.dir}`)
    else await project.cleanup()
  }
}

console.log('\nSave to answer, live on its pages (ms; the answer waits for the write, the commit and the pages):')
console.log(
  table(
    ['posts', 'content edit p50', 'p95', 'title edit p50', 'p95', 'title edit, page 1, p50', 'p95', 'git add + commit p50', 'p95', `target p50 < ${TARGET_MEDIAN_MS}, p95 < ${TARGET_P95_MS}`, `p50 ÷ git's p50 (target ≤ ${TARGET_GIT_RATIO}×)`],
    rows.map((row) => {
      const [c50, c95, t50, t95, f50, f95, g50, g95] = [
        percentile(row.content, 50),
        percentile(row.content, 95),
        percentile(row.title, 50),
        percentile(row.title, 95),
        percentile(row.titleFirstPage, 50),
        percentile(row.titleFirstPage, 95),
        percentile(row.cli, 50),
        percentile(row.cli, 95),
      ]
      const pass = (p50: number, p95: number) => (p50 < TARGET_MEDIAN_MS && p95 < TARGET_P95_MS ? 'pass' : 'miss')
      return [
        String(row.size),
        c50.toFixed(1),
        c95.toFixed(1),
        t50.toFixed(1),
        t95.toFixed(1),
        f50.toFixed(1),
        f95.toFixed(1),
        g50.toFixed(1),
        g95.toFixed(1),
        `content ${pass(c50, c95)}, title ${pass(t50, t95)}, page 1 ${pass(f50, f95)}`,
        [c50, t50, f50].map((p50) => `${(p50 / g50).toFixed(2)}× ${p50 / g50 <= TARGET_GIT_RATIO ? 'met' : 'missed'}`).join(' / '),
      ]
    }),
  ),
)

function summary(row: Row): string {
  return (
    `content edit p50 ${percentile(row.content, 50).toFixed(1)} ms, p95 ${percentile(row.content, 95).toFixed(1)} ms; ` +
    `title edit p50 ${percentile(row.title, 50).toFixed(1)} ms, p95 ${percentile(row.title, 95).toFixed(1)} ms; ` +
    `page-1 title edit p50 ${percentile(row.titleFirstPage, 50).toFixed(1)} ms, p95 ${percentile(row.titleFirstPage, 95).toFixed(1)} ms; ` +
    `git CLI p50 ${percentile(row.cli, 50).toFixed(1)} ms, p95 ${percentile(row.cli, 95).toFixed(1)} ms; ` +
    `server CPU per save ${row.cpuMs.map((ms) => ms.toFixed(1)).join(' / ')} ms (content / title / page 1), load average ${loadAverage()}`
  )
}

/** A project with `size` generated posts and `--history` commits, built. */
async function newProject(size: number, log: (message: string) => void): Promise<TempProject> {
  log('generating posts and committing them to a temp git repository…')
  const project = await createTempProject(size)
  try {
    log(`adding ${historyCommits} commits of history (git fast-import)…`)
    addHistory(project.dir, project.posts.map((post) => post.slug), historyCommits)
    log(`history: ${runGit(['rev-list', '--count', 'HEAD'], { cwd: project.dir }).trim()} commits. npm run build…`)
    const build = await measureBuild(project.dir)
    log(`built in ${(build.wallMs / 1000).toFixed(1)} s; starting the server…`)
    return project
  } catch (error) {
    await project.cleanup()
    throw error
  }
}

/** A project kept by an earlier run, with this checkout's server/, built again (the bundles kept when they can be). */
async function keptProject(dir: string): Promise<Pick<TempProject, 'dir' | 'posts' | 'cleanup'>> {
  await rm(path.join(dir, 'server'), { recursive: true, force: true })
  await cp(path.resolve(values['server-dir'] ?? path.join(repoRoot, 'server')), path.join(dir, 'server'), { recursive: true })
  await measureBuild(dir)
  const names = (await readdir(path.join(dir, 'content/blog'))).filter((name) => name.endsWith('.html')).sort()
  const posts: Post[] = []
  for (const name of names) posts.push(parsePostFile(await readFile(path.join(dir, 'content/blog', name), 'utf8'), name))
  return { dir, posts, cleanup: async () => {} }
}
