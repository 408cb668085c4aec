/**
 * `npm run bench:repo-size [-- --posts 10000 --saves 600 --history 1000 --case both --keep]`
 *
 * Does the repository stay small? Two cases (`--case history`, `auto-gc` or `both`):
 *   - history: a temp copy of the site with `--posts` generated posts and `--history` commits,
 *     built, then the production server;
 *   - auto-gc: the same posts in one commit, every object loose (as `git commit` leaves them),
 *     built, then git's own `gc --auto` (which packs in the background past 6,700 loose objects)
 *     and the server started at the same instant, as after a maintainer's large commit: both
 *     want to pack the same objects.
 * In each, `--saves` admin saves (content edits of random posts) through the API, timed from
 * request to answer, while the server packs its repository in the background
 * (server/git/packing/auto-pack.ts). Then:
 *   - `.git` as the server left it (once no packing run is in progress), against `git gc` on a
 *     copy of the same `.git` (the git CLI as the peer, same machine, same run), and against
 *     `git repack -a -d -f` + prune on another copy (deltas computed afresh, not reused from ours);
 *   - save latency p50/p95 of the saves that overlapped a packing run (from the server's
 *     "Packed the repository in N s" lines), and of the others;
 *   - `git fsck --full` of the server's repository.
 * Never touches this repository's content/ or history.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { spawnSync } from 'node:child_process'
import { ApiClient } from '../support/admin-client.ts'
import { git, runGit } from '../support/git.ts'
import { addHistory } from './add-history.ts'
import { measureBuild } from './measure-build.ts'
import { startBenchServer } from './measure-server.ts'
import { percentile, table } from './report.ts'
import { createTempProject } from './temp-project.ts'

const TARGET_RATIO = 1.5
const TARGET_MEDIAN_MS = 50
const TARGET_P95_MS = 100
const ADMIN = { username: 'bench', password: 'bench password that is long' }
const MIB = 1024 * 1024

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    saves: { type: 'string', default: '600' },
    history: { type: 'string', default: '1000' },
    case: { type: 'string', default: 'both' },
    keep: { type: 'boolean', default: false },
  },
})
const cases = values.case === 'both' ? ['history', 'auto-gc'] : [values.case]
const posts = Number(values.posts)
const saves = Number(values.saves)
const historyCommits = Number(values.history)
if (!Number.isInteger(posts) || posts < 10 || !(saves > 0) || !(historyCommits >= 0) || !cases.every((name) => name === 'history' || name === 'auto-gc')) {
  console.error('--posts: a whole number of at least 10; --saves above 0; --history 0 or more; --case history, auto-gc or both')
  process.exit(2)
}
console.log(`Watchio repository size bench: ${posts} posts, ${historyCommits} commits of history, ${saves} saves; node ${process.version}; ${os.cpus().length} cores`)
const peers: string[] = []
for (const name of cases) await measureCase(name as 'history' | 'auto-gc')

async function measureCase(name: 'history' | 'auto-gc'): Promise<void> {
  const log = (message: string) => console.log(`[${posts}, ${name}] ${message}`)
  log('generating posts and committing them to a temp git repository…')
  const project = await createTempProject(posts)
  try {
    const gitDir = path.join(project.dir, '.git')
    if (name === 'history') {
      log(`adding ${historyCommits} commits of history (git fast-import)…`)
      addHistory(project.dir, project.posts.map((post) => post.slug), historyCommits)
    } else {
      await waitForGitGc(gitDir)
      loosenEverything(project.dir)
    }
    const before = await sizeOf(gitDir)
    log(`.git before the saves: ${mib(before.allocated)}. npm run build…`)
    await measureBuild(project.dir)
    if (name === 'auto-gc') {
      log(`${countObjects(project.dir).count} loose objects: git gc --auto and the server, at once…`)
      runGit(['gc', '--auto'], { cwd: project.dir })
    }
    const server = await startBenchServer(project.dir, { env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } })
    const timings: { start: number; end: number }[] = []
    let packing: Interval[] = []
    try {
      const api = new ApiClient(server.url)
      if ((await api.login(ADMIN.username, ADMIN.password)).status !== 200) throw new Error('sign-in failed')
      // Cards carry no content: each post is read whole the first time it is saved (not timed).
      const bySlug = new Map<string, { id: string; slug: string } & Record<string, unknown>>()
      const slugs = project.posts.map((post) => post.slug)
      log(`${saves} saves…`)
      for (let i = -5; i < saves; i++) {
        const slug = slugs[((i + 5) * 7919) % slugs.length]!
        const post = bySlug.get(slug) ?? (await api.postBySlug<{ id: string; slug: string } & Record<string, unknown>>(slug))!
        const start = performance.now()
        const { status, body } = await api.json<typeof post>('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, content: `${String(post.content)}\n<p>Edit ${i}</p>` })
        const end = performance.now()
        if (status !== 200) throw new Error(`save of ${slug} answered ${status}`)
        bySlug.set(slug, body)
        // The first five warm up code paths and caches.
        if (i >= 0) timings.push({ start, end })
        if (i >= 0 && (i + 1) % 100 === 0) log(`${i + 1} saves`)
      }
      await waitForQuiet(server.log, gitDir)
      packing = packingRuns(server.log, server.startedAt)
      const waits = server.log.filter((line) => /Packing waits|Packing the repository failed/.test(line))
      if (waits.length > 0) log(`packing waited for git ${waits.length} times, first: ${waits[0]}; last: ${waits.at(-1)}`)
    } finally {
      await server.stop()
    }

    await waitForGitGc(gitDir)
    const ours = await sizeOf(gitDir)
    const loose = countObjects(project.dir)
    const fsckStarted = performance.now()
    git(project.dir, 'fsck', '--full')
    const fsckMs = performance.now() - fsckStarted

    log('git gc on a copy of the same .git…')
    const gc = await peer(gitDir, ['gc', '-q'])
    log('git repack -a -d -f and prune on another copy (fresh deltas)…')
    const fresh = await peer(gitDir, ['repack', '-q', '-a', '-d', '-f'], ['prune'])

    const during = timings.filter((save) => packing.some((run) => save.start < run.end && save.end > run.start)).map(duration)
    const idle = timings.filter((save) => !packing.some((run) => save.start < run.end && save.end > run.start)).map(duration)
    const all = timings.map(duration)
    const runSeconds = packing.map((run) => (run.end - run.start) / 1000)

    console.log(`\n${name === 'history' ? `With ${historyCommits} commits of history` : "git's auto gc and the server packing at once after the initial commit"}: .git after ${saves} saves at ${posts} posts (allocated on disk; apparent size in parentheses):`)
    console.log(
      table(
        ['repository', '.git', 'loose objects', 'packs', 'time', `ratio (target ≤ ${TARGET_RATIO})`],
        [
          ['before the saves', `${mib(before.allocated)} (${mib(before.apparent)})`, '', '', '', ''],
          ['ours (the server packing itself)', `${mib(ours.allocated)} (${mib(ours.apparent)})`, String(loose.count), String(loose.packs), '', ''],
          ['git gc of a copy', `${mib(gc.size.allocated)} (${mib(gc.size.apparent)})`, '', '', `${(gc.ms / 1000).toFixed(1)} s`, ratio(ours.allocated, gc.size.allocated)],
          ['git repack -adf + prune of a copy', `${mib(fresh.size.allocated)} (${mib(fresh.size.apparent)})`, '', '', `${(fresh.ms / 1000).toFixed(1)} s`, ratio(ours.allocated, fresh.size.allocated)],
        ],
      ),
    )
    console.log(
      `packing runs: ${packing.length} (${packing.filter((run) => run.full).length} of all packs), ` +
        `each ${runSeconds.length ? `${percentile(runSeconds, 50).toFixed(2)} s median, ${Math.max(...runSeconds).toFixed(2)} s at most` : 'n/a'}; git fsck --full of ours: ok in ${(fsckMs / 1000).toFixed(1)} s`,
    )
    console.log(`\nSave to answer (ms), target p50 < ${TARGET_MEDIAN_MS}, p95 < ${TARGET_P95_MS} while packing runs:`)
    console.log(
      table(
        ['saves', 'count', 'p50', 'p95', 'max'],
        [
          ['while a packing run was in progress', during],
          ['with no run in progress', idle],
          ['all', all],
        ].map(([label, values]) => {
          const list = values as number[]
          return [label as string, String(list.length), percentile(list, 50).toFixed(1), percentile(list, 95).toFixed(1), list.length ? Math.max(...list).toFixed(1) : 'n/a']
        }),
      ),
    )
  } finally {
    for (const dir of peers.splice(0)) await rm(dir, { recursive: true, force: true })
    if (values.keep) log(`kept ${project.dir}`)
    else await project.cleanup()
  }
}

/** Every object loose again, as right after `git commit` of the generated posts (before git's gc --auto). */
function loosenEverything(dir: string): void {
  runGit(['repack', '-q', '-a', '-d'], { cwd: dir })
  const packDir = path.join(dir, '.git', 'objects', 'pack')
  for (const pack of readdirSync(packDir).filter((file) => file.endsWith('.pack'))) {
    const bytes = readFileSync(path.join(packDir, pack))
    for (const extension of ['.pack', '.idx', '.rev']) rmSync(path.join(packDir, pack.replace(/\.pack$/, extension)), { force: true })
    const unpacked = spawnSync('git', ['unpack-objects', '-q'], { cwd: dir, input: bytes, maxBuffer: 1 << 30 })
    if (unpacked.status !== 0) throw new Error(`git unpack-objects failed: ${unpacked.stderr}`)
  }
}

/** git's background gc removes gc.pid when it ends; a copy taken before would measure its half-done work. */
async function waitForGitGc(gitDir: string): Promise<void> {
  for (let waited = 0; waited < 300_000 && existsSync(path.join(gitDir, 'gc.pid')); waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

interface Interval {
  start: number
  end: number
  full: boolean
}

/** Packing runs from the server's log: `[12.34s] Packed the repository in 1.23 s (all packs): …`, in this process's clock. */
function packingRuns(lines: string[], startedAt: number): Interval[] {
  const runs: Interval[] = []
  for (const line of lines) {
    const match = /^\[(\d+\.\d+)s\] Packed the repository in (\d+\.\d+) s \((all packs|recent objects)\)/.exec(line)
    if (!match) continue
    const end = startedAt + Number(match[1]) * 1000
    runs.push({ start: end - Number(match[2]) * 1000, end, full: match[3] === 'all packs' })
  }
  return runs
}

/** Waits until no packing run has ended for 5 s and no pack is being written (3 minutes at most). */
async function waitForQuiet(lines: string[], gitDir: string): Promise<void> {
  const deadline = performance.now() + 180_000
  let seen = lines.length
  let quietSince = performance.now()
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const writing = (await readdir(path.join(gitDir, 'watchio-tmp')).catch(() => [])).some((name) => name.startsWith('.pack.') || name.startsWith('.idx.'))
    // Waiting for git's gc: the server packs once it is done.
    const waiting = /Packing waits/.test(lines.findLast((line) => /Packing waits|Packed the repository/.test(line)) ?? '')
    if (lines.length !== seen || writing || waiting) {
      seen = lines.length
      quietSince = performance.now()
    } else if (performance.now() - quietSince > 5000) {
      return
    }
  }
}

/** Runs git commands on a copy of `gitDir`; its size after, and how long they took. */
async function peer(gitDir: string, ...commands: string[][]): Promise<{ size: Size; ms: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'watchio-repo-size-peer-'))
  peers.push(dir)
  const copy = path.join(dir, '.git')
  await cp(gitDir, copy, { recursive: true })
  await rm(path.join(copy, 'watchio-writer.lock'), { force: true })
  const started = performance.now()
  for (const command of commands) runGit(['--git-dir', copy, ...command])
  return { size: await sizeOf(copy), ms: performance.now() - started }
}

interface Size {
  apparent: number
  allocated: number
}

async function sizeOf(dir: string): Promise<Size> {
  let apparent = 0
  let allocated = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const stats = await stat(path.join(entry.parentPath, entry.name))
    apparent += stats.size
    allocated += stats.blocks * 512
  }
  return { apparent, allocated }
}

function countObjects(dir: string): { count: number; packs: number } {
  const text = git(dir, 'count-objects', '-v')
  return { count: Number(/^count: (\d+)/m.exec(text)![1]), packs: Number(/^packs: (\d+)/m.exec(text)![1]) }
}

function duration(save: { start: number; end: number }): number {
  return save.end - save.start
}

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`
}

function ratio(ours: number, theirs: number): string {
  const value = ours / theirs
  return `${value.toFixed(2)}× ${value <= TARGET_RATIO ? 'pass' : 'miss'}`
}
