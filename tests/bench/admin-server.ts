/**
 * bench:admin's measurements against the server alone (no browser): a post's history on the
 * first call after a start, the start itself when every page is stale, and save → live with
 * its git CLI peer.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ApiClient } from '../support/admin-client.ts'
import { runGit } from '../support/git.ts'
import { timeCliCommits } from './git-cli-edits.ts'
import { type BenchServer, fetchRaw, startBenchServer } from './measure-server.ts'
import { cpuSeconds } from './process-stats.ts'

export interface Admin {
  username: string
  password: string
}

/** Signs in through the API as the admin UI does (same-site Origin: the site's public URL); keeps the cookie. */
export async function signInByApi(server: BenchServer, admin: Admin, siteUrl: string): Promise<ApiClient> {
  const api = new ApiClient(server.url)
  const response = await api.request('POST', '/api/auth/login', { json: admin, headers: { Origin: siteUrl } })
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  return api
}

export interface HistoryResult {
  startMs: number
  firstMs: number
  secondMs: number
  entries: number
}

/** Starts the server again over the same DATA_DIR and times a post's history, first call then second. */
export async function measureHistoryAfterStart(options: {
  dir: string
  env: Record<string, string>
  admin: Admin
  siteUrl: string
  postId: string
}): Promise<HistoryResult> {
  const server = await startBenchServer(options.dir, { env: options.env })
  try {
    const api = await signInByApi(server, options.admin, options.siteUrl)
    const call = async () => {
      const started = performance.now()
      const { status, body } = await api.json<unknown[]>('GET', `/api/admin/blog/posts/${options.postId}/history`)
      const ms = performance.now() - started
      if (status !== 200 || !Array.isArray(body)) throw new Error(`history answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
      return { ms, entries: body.length }
    }
    const first = await call()
    const second = await call()
    return { startMs: server.firstAnswerMs, firstMs: first.ms, secondMs: second.ms, entries: first.entries }
  } finally {
    await server.stop()
  }
}

export interface StaleStartResult {
  /** Spawn → first 200 of GET /. */
  firstAnswerMs: number
  /** Pages the server said it rendered before listening ("Regenerated N pages"). */
  regeneratedBeforeListening: number
  /** The server's log lines about rendering, with their times since spawn. */
  renderLog: string[]
  /** Since spawn, when the server's CPU went quiet (under 5% of a core for a second): the background rendering is over. */
  quietAtMs: number | null
}

/**
 * Starts the server with a public URL the build did not use (every page embeds it, so every
 * page is stale) and a fresh DATA_DIR (no pages of its own yet): spawn → first answer of GET /.
 * Then waits, at most `waitMs`, for the background rendering to end.
 */
export async function measureStaleStart(options: { dir: string; env: Record<string, string>; waitMs: number }): Promise<StaleStartResult> {
  const server = await startBenchServer(options.dir, { env: options.env, probe: '/' })
  try {
    const quietAtMs = await waitForQuiet(server, options.waitMs)
    return {
      firstAnswerMs: server.firstAnswerMs,
      regeneratedBeforeListening: server.regeneratedAtStart,
      renderLog: server.log.filter((line) => /render|regenerat|stale/i.test(line)),
      quietAtMs,
    }
  } finally {
    await server.stop()
  }
}

const QUIET_WINDOW_MS = 1000
const QUIET_CPU_SECONDS = 0.05

async function waitForQuiet(server: BenchServer, waitMs: number): Promise<number | null> {
  const deadline = performance.now() + waitMs
  let windowStart = performance.now()
  let cpuAtStart = cpuSeconds(server.pid) ?? 0
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const cpu = cpuSeconds(server.pid)
    if (cpu === null) return null
    if (cpu - cpuAtStart > QUIET_CPU_SECONDS) {
      windowStart = performance.now()
      cpuAtStart = cpu
    } else if (performance.now() - windowStart >= QUIET_WINDOW_MS) {
      return windowStart - server.startedAt
    }
  }
  return null
}

export interface SaveResult {
  /** PUT of a new title → its public page shows it, per save. */
  liveMs: number[]
  /** The post's title before the saves. */
  baseTitle: string
}

/**
 * `saves` title edits of one published post through the admin API (each sends the version the
 * previous answer gave), each timed from the request until GET /blog/<slug> shows the new title.
 */
export async function measureSaveToLive(options: {
  server: BenchServer
  admin: Admin
  siteUrl: string
  post: { id: string; slug: string }
  saves: number
}): Promise<SaveResult> {
  const { server, post, saves } = options
  const api = await signInByApi(server, options.admin, options.siteUrl)
  const got = await api.json<Record<string, unknown>>('GET', `/api/admin/blog/posts/${post.id}`)
  if (got.status !== 200) throw new Error(`GET /api/admin/blog/posts/${post.id} answered ${got.status}`)
  let current = got.body
  const baseTitle = String(current.title)

  const save = async (n: number) => {
    const started = performance.now()
    const { status, body } = await api.json<Record<string, unknown>>('PUT', `/api/admin/blog/posts/${post.id}`, {
      ...current,
      title: `${baseTitle} (bench save ${n})`,
      version: current.version,
    })
    if (status !== 200) throw new Error(`save answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
    current = body
    // Live means a visitor sees it: poll the public page until it carries the new title.
    for (;;) {
      const page = await fetchRaw(`${server.url}/blog/${post.slug}`, {})
      if (page.status === 200 && page.body.toString('utf8').includes(`(bench save ${n})`)) break
      if (performance.now() - started > 30_000) throw new Error(`/blog/${post.slug} did not show save ${n} within 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    return performance.now() - started
  }
  // Warm-up: the first saves compile code paths and fill caches.
  for (let n = -3; n < 0; n++) await save(n)
  const liveMs: number[] = []
  for (let n = 0; n < saves; n++) liveMs.push(await save(n))
  return { liveMs, baseTitle }
}

/**
 * The peer of those saves: the same title edits of the same file, committed with `git add` +
 * `git commit` in a clone of the repository. Called with the server stopped: it packs its
 * repository now and then, and a clone copying loose objects meanwhile finds one gone.
 */
export async function measureCliPeer(options: { dir: string; slug: string; baseTitle: string; count: number }): Promise<number[]> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'watchio-admin-bench-cli-'))
  try {
    runGit(['clone', '-q', '--no-hardlinks', options.dir, copy])
    return await timeCliCommits({
      dir: copy,
      count: options.count,
      slugOf: () => options.slug,
      edit: (post, i) => ({ ...post, title: `${options.baseTitle} (CLI save ${i})` }),
    })
  } finally {
    await rm(copy, { recursive: true, force: true })
  }
}
