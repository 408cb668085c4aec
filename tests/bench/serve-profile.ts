/**
 * `npx tsx tests/bench/serve-profile.ts [--posts 1000] [--dir <built project>] [--nginx] [--bare]
 *   [--duration 10] [--connections 64] [--runs 3] [--paths /a,/b] [--server-dir <server/>]
 *   [--cpu-prof <folder>]`
 * `npx tsx tests/bench/serve-profile.ts --summary <file.cpuprofile>`
 *
 * Requests per server CPU-second for the answers a visitor gets most: one prerendered post page
 * (`/blog/<slug>`), one post's JSON (`/api/blog/posts/<slug>`) and the list (`/api/blog/posts`).
 * The server is pinned to core 0 and wrk to core 1 (`taskset -c 1 wrk -t1 -c64 -d10s
 * -H 'Accept-Encoding: gzip, br' URL`), and the server's CPU is read from /proc/<pid>/stat
 * before and after each run, so the figure is what one request costs the server, whatever else
 * the machine does. Each path is measured `--runs` times in turns; the median is printed.
 * `--nginx`: nginx serves the same bytes beside it, measured the same way in turns, for the
 * ratio (the full side-by-side is `npm run bench`'s). `--bare`: a bare `http.createServer`
 * (bare-http-server.mjs) answering with the very bytes and headers this site sent, measured the
 * same way: what Node's http module alone costs, the ceiling of any answer that goes through it.
 *
 * Without `--dir` it builds a temp project of `--posts` generated posts (as `npm run bench`
 * does) and keeps it, printing its folder: pass it as `--dir` next time to skip the build. This
 * repository's `server/` is copied into it before the server starts, so edits to the serving code
 * are measured without building the pages again (the server compiles itself again at start).
 * `--cpu-prof <folder>`: the server writes a V8 CPU profile there when it stops; the script prints
 * its heaviest functions (open the file in Chrome DevTools' Performance panel for the rest).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fetchRaw } from './measure-server.ts'
import { securityHeaderList } from '../../server/http/security-headers.ts'
import { type CpuProfile, summariseProfile } from './cpu-profile.ts'
import { cpuSeconds, loadAverage } from './process-stats.ts'
import { createTempProject, repoRoot, SITE_URL } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    dir: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    runs: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    paths: { type: 'string' },
    summary: { type: 'string' },
    nginx: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    'server-dir': { type: 'string' },
  },
})
if (values.summary) {
  summariseProfile(JSON.parse(await readFile(values.summary, 'utf8')) as CpuProfile, 0)
  process.exit(0)
}

let dir = values.dir
if (!dir) {
  console.log(`building a temp project of ${values.posts} posts…`)
  const project = await createTempProject(Number(values.posts))
  dir = project.dir
  const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_DIR: 'content', SITE_URL, FORCE_COLOR: '0' }
  delete env.NODE_ENV
  const build = spawnSync('npm', ['run', 'build'], { cwd: dir, env, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`npm run build failed in ${dir}`)
  console.log(`built: pass --dir ${dir} next time`)
}
// The serving code as it is in this checkout (the server is compiled again, the pages kept), or
// another version's (`--server-dir`, say `git archive <commit> server | tar -x -C /tmp/before`).
const serverDir = path.resolve(values['server-dir'] ?? path.join(repoRoot, 'server'))
await rm(path.join(dir, 'server'), { recursive: true, force: true })
await cp(serverDir, path.join(dir, 'server'), { recursive: true })
// A fresh site folder each time: the server seeds its pages from the build's.
await rm(path.join(dir, '.data'), { recursive: true, force: true })

const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined
const spawnedAt = performance.now()
let measuredFrom = 0
const server = await startServer(dir, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
let bare: Awaited<ReturnType<typeof startBare>> | undefined
try {
  const slug = (await readdir(path.join(dir, 'content/blog'))).filter((name) => name.endsWith('.html')).sort()[0]!.slice(0, -5)
  const paths = values.paths?.split(',') ?? [`/blog/${slug}`, `/api/blog/posts/${slug}`, '/api/blog/posts']
  const samples = []
  for (const p of paths) {
    const sample = await fetchRaw(`${server.url}${p}`, { 'accept-encoding': 'gzip, br' })
    console.log(`${p}: ${sample.status} ${sample.type}, ${sample.encoding}, ${sample.body.length} bytes`)
    samples.push({ path: p, type: sample.type, identity: (await fetchRaw(`${server.url}${p}`, {})).body, gzip: (await fetchRaw(`${server.url}${p}`, { 'accept-encoding': 'gzip' })).body })
  }
  // Warm-up: compression, caches, the JIT; then this site's answers are the ones a visitor gets.
  for (const p of paths) wrk(`${server.url}${p}`, 2)
  if (values.nginx) nginx = await startNginx(samples)
  if (values.bare) bare = await startBare(await Promise.all(paths.map((p) => rawAnswer(`${server.url}${p}`))))
  const servers = [{ name: 'this site', url: server.url, cpu: () => cpuSeconds(server.pid) ?? 0 }]
  if (nginx) servers.push({ name: 'nginx', url: nginx.url, cpu: nginx.cpuSeconds })
  if (bare) servers.push({ name: 'bare node http', url: bare.url, cpu: bare.cpuSeconds })
  for (const { url } of servers.slice(1)) for (const p of paths) wrk(`${url}${p}`, 2)
  measuredFrom = performance.now() - spawnedAt
  const runs = Number(values.runs)
  const figures = new Map<string, number[]>()
  // In turns (this site, nginx, this site, …): a change in the machine's load hits both alike.
  for (let run = 0; run < runs; run++) {
    for (const p of paths) {
      for (const { name, url, cpu } of servers) {
        const before = cpu()
        const result = wrk(`${url}${p}`, Number(values.duration))
        const used = cpu() - before
        const perCpu = result.requests / used
        figures.set(`${name}\t${p}`, [...(figures.get(`${name}\t${p}`) ?? []), perCpu])
        console.log(`  run ${run + 1} ${name} ${p}: ${result.requests} requests, ${result.perSecond.toFixed(0)}/s, server CPU ${used.toFixed(2)} s → ${perCpu.toFixed(0)} req/CPU-s${result.errors ? `, ${result.errors}` : ''}`)
      }
    }
  }
  console.log(`\nmedian requests per server CPU-second (server on core 0, wrk -t1 -c${values.connections} -d${values.duration}s on core 1), load average now ${loadAverage()}:`)
  for (const p of paths) {
    const ours = median(figures.get(`this site\t${p}`)!)
    const theirs = nginx ? median(figures.get(`nginx\t${p}`)!) : undefined
    const node = bare ? median(figures.get(`bare node http\t${p}`)!) : undefined
    const ofNginx = (figure: number) => (theirs ? `: ${(figure / theirs).toFixed(2)}× nginx` : '')
    console.log(
      `  ${Math.round(ours).toLocaleString('en')}${ofNginx(ours)}${theirs ? ` (nginx ${Math.round(theirs).toLocaleString('en')})` : ''}` +
        `${node ? `; bare node http ${Math.round(node).toLocaleString('en')}${ofNginx(node)}` : ''}\t${p}`,
    )
  }
} finally {
  await server.stop()
  await nginx?.stop()
  await bare?.stop()
}
if (profileDir) {
  // The main thread's (thread id 0) of this run; worker threads write their own.
  const main = (await readdir(profileDir)).filter((name) => name.endsWith(`.${server.pid}.0.001.cpuprofile`))[0]
  if (main) {
    console.log(`\nCPU profile: ${path.join(profileDir, main)}`)
    summariseProfile(JSON.parse(await readFile(path.join(profileDir, main), 'utf8')) as CpuProfile, measuredFrom * 1000)
  }
}

/**
 * nginx (Debian's nginx-light) serving the same bytes at the same paths, pinned to core 0 too:
 * one worker, gzip_static for the compressed copy (the one `gzip, br` gets from this site too),
 * the same security headers and Cache-Control, its own temp prefix, in the foreground.
 */
async function startNginx(samples: { path: string; type: string; identity: Buffer; gzip: Buffer }[]) {
  const prefix = await mkdtemp(path.join(tmpdir(), 'serve-profile-nginx-'))
  // Its worker runs as another user (nobody), who must read the files.
  await chmod(prefix, 0o755)
  const port = await freePort()
  await mkdir(path.join(prefix, 'root'))
  const locations: string[] = []
  for (const [index, sample] of samples.entries()) {
    await writeFile(path.join(prefix, 'root', `f${index}`), sample.identity)
    await writeFile(path.join(prefix, 'root', `f${index}.gz`), sample.gzip)
    locations.push(`location = ${sample.path} { default_type "${sample.type}"; try_files /f${index} =404; }`)
  }
  const security = securityHeaderList('production', false).map(([name, value]) => `add_header ${name} "${value}" always;`)
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp; fastcgi_temp_path ${prefix}/tmp; uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  types {}
  server {
    listen 127.0.0.1:${port};
    root ${prefix}/root;
    gzip_static on;
    gzip_vary on;
    ${security.join('\n    ')}
    add_header Cache-Control "no-cache" always;
    ${locations.join('\n    ')}
  }
}
`,
  )
  const child = spawn('taskset', ['-c', '0', 'nginx', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off; error_log stderr;'], { stdio: 'inherit' })
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  await waitForAnswer(`${url}${samples[0]!.path}`, () => (child.exitCode === null ? null : `nginx exited with ${child.exitCode}`))
  // The master and its worker.
  const pids = () => [child.pid!, ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
  return {
    url,
    cpuSeconds: () => pids().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0),
    stop: async () => {
      child.kill('SIGTERM')
      await exit
      await rm(prefix, { recursive: true, force: true })
    },
  }
}

/** The answer to GET `url` with wrk's Accept-Encoding: its headers as sent (but those Node adds itself) and body. */
function rawAnswer(url: string): Promise<{ path: string; headers: string[]; body: string }> {
  const added = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, br' }, agent: false }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const headers = response.rawHeaders.flatMap((value, i, all) => (i % 2 === 0 && !added.has(value.toLowerCase()) ? [value, all[i + 1]!] : []))
          resolve({ path: new URL(url).pathname, headers, body: Buffer.concat(chunks).toString('base64') })
        })
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** bare-http-server.mjs with these answers, pinned to core 0 like the others. */
async function startBare(answers: { path: string; headers: string[]; body: string }[]) {
  const folder = await mkdtemp(path.join(tmpdir(), 'serve-profile-bare-'))
  await writeFile(path.join(folder, 'answers.json'), JSON.stringify(answers))
  const port = await freePort()
  const child = spawn('taskset', ['-c', '0', process.execPath, path.join(import.meta.dirname, 'bare-http-server.mjs'), String(port), path.join(folder, 'answers.json')], { stdio: 'inherit' })
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  await waitForAnswer(`${url}${answers[0]!.path}`, () => (child.exitCode === null ? null : `the bare server exited with ${child.exitCode}`))
  return {
    url,
    cpuSeconds: () => cpuSeconds(child.pid!) ?? 0,
    stop: async () => {
      child.kill('SIGTERM')
      await exit
      await rm(folder, { recursive: true, force: true })
    },
  }
}

/**
 * `taskset -c 0 node … scripts/run-compiled.mjs index` (what startBenchServer runs, pinned: every
 * thread of the server, libuv's pool and V8's helpers included, on core 0), once it answers.
 */
async function startServer(cwd: string, nodeArgs: string[]): Promise<{ pid: number; url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, 'scripts/run-compiled.mjs', 'index'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', CONTENT_DIR: 'content', SITE_URL },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await waitForAnswer(`${url}/api/blog/posts`, () => (child.exitCode === null ? null : `the server exited with ${child.exitCode}`))
  return {
    pid: child.pid!,
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exit
    },
  }
}

/** Polls `url` until it answers 200; fails when `failed` says why, or after two minutes. */
async function waitForAnswer(url: string, failed: () => string | null): Promise<void> {
  const giveUpAt = performance.now() + 120_000
  for (;;) {
    const problem = failed() ?? (performance.now() > giveUpAt ? `${url} did not answer 200 within two minutes` : null)
    if (problem) throw new Error(problem)
    if ((await fetchRaw(url).catch(() => null))?.status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

function wrk(url: string, seconds: number): { requests: number; perSecond: number; errors: string } {
  const output = execFileSync(
    'taskset',
    ['-c', '1', 'wrk', '-t1', `-c${values.connections}`, `-d${seconds}s`, '-H', 'Accept-Encoding: gzip, br', url],
    { encoding: 'utf8' },
  )
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0)
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)
  const errors = [/Socket errors:.*/.exec(output)?.[0], /Non-2xx or 3xx responses: \d+/.exec(output)?.[0]].filter(Boolean).join('; ')
  return { requests, perSecond, errors }
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
