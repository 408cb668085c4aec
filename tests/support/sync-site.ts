import { createHmac } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from './admin-client.ts'
import { runGit } from './git.ts'
import { type GitHttpServer, startGitHttpServer } from './git-http-server.ts'
import { MAINTAINER_GIT_ENV } from './maintainer-git.ts'
import { recordingLogger } from './recording-logger.ts'
import { createTempSite, startTestServer, type TempSite } from './temp-site.ts'

/** The credentials the test git server requires, and the webhook secret the site is given. */
export const REMOTE_AUTH = { username: 'site-bot', token: 'ghp_test9f3c2a7e41d08b56' }
export const WEBHOOK_SECRET = 'whsec-test-5b1e9d0c7a3f2468'

export interface SyncSite {
  site: TempSite
  server: RunningServer
  remote: GitHttpServer
  /** The bare repository the git server serves. */
  bareDir: string
  /** Runs git against the bare repository. */
  bare(...args: string[]): string
  maintainerDir: string
  maintainer(...args: string[]): string
  /** Writes (or deletes, null) files in the maintainer's clone, commits and pushes; returns the commit. */
  maintainerPush(files: Record<string, string | null>, message: string): string
  /** A post file as a maintainer writes it by hand (canonical: what the server would write). */
  postFile(post: { id: string; slug: string; title: string; body: string; isPublished?: boolean }): string
  logs: string[]
  api: ApiClient
  /** Calls the webhook, signed with `secret` (null: no signature header). */
  webhook(options?: { secret?: string | null; body?: string; event?: string }): Promise<Response>
  cleanup(): Promise<void>
}

/**
 * A temp site whose content repository syncs with a real git server on 127.0.0.1 (git
 * http-backend, Basic auth), a bare repository cloned from the site, and a maintainer's clone
 * using the git CLI. The site's server is the real one, started with the GIT_* settings.
 */
export async function createSyncSite(options: { env?: Record<string, string> } = {}): Promise<SyncSite> {
  const site = await createTempSite()
  const root = mkdtempSync(path.join(os.tmpdir(), 'watchio-remote-'))
  const bareDir = path.join(root, 'site.git')
  const run = (cwd: string | null, ...args: string[]) => runGit(cwd ? ['-C', cwd, ...args] : args, { env: MAINTAINER_GIT_ENV }).trim()
  run(null, 'clone', '-q', '--bare', site.repoDir, bareDir)
  const maintainerDir = path.join(root, 'maintainer')
  run(null, 'clone', '-q', bareDir, maintainerDir)
  const remote = await startGitHttpServer({ root, auth: REMOTE_AUTH })
  const logger = recordingLogger()
  const server = await startTestServer(site, {
    logger,
    env: {
      GIT_REMOTE_URL: remote.urlOf('site.git'),
      GIT_USERNAME: REMOTE_AUTH.username,
      GIT_TOKEN: REMOTE_AUTH.token,
      GIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GIT_SYNC_INTERVAL: '0',
      ...options.env,
    },
  })
  const api = await new ApiClient(server.url).signIn()
  const maintainer = (...args: string[]) => run(maintainerDir, ...args)
  return {
    site,
    server,
    remote,
    bareDir,
    bare: (...args) => runGit(['--git-dir', bareDir, ...args], { env: MAINTAINER_GIT_ENV }).trim(),
    maintainerDir,
    maintainer,
    maintainerPush(files, message) {
      maintainer('pull', '-q', '--no-rebase', 'origin', 'main')
      for (const [file, text] of Object.entries(files)) {
        if (text === null) {
          maintainer('rm', '-q', file)
          continue
        }
        mkdirSync(path.dirname(path.join(maintainerDir, file)), { recursive: true })
        writeFileSync(path.join(maintainerDir, file), text)
        maintainer('add', file)
      }
      maintainer('commit', '-q', '-m', message)
      maintainer('push', '-q', 'origin', 'main')
      return maintainer('rev-parse', 'HEAD')
    },
    postFile: ({ id, slug, title, body, isPublished = true }) =>
      [
        '---',
        `id: ${id}`,
        `title: ${title}`,
        `slug: ${slug}`,
        'summary: Written by a maintainer.',
        "publishDate: '2025-12-01'",
        `isPublished: ${isPublished}`,
        "featuredImageUrl: ''",
        '---',
        `<p>${body}</p>`,
        '',
      ].join('\n'),
    logs: logger.lines,
    api,
    webhook: ({ secret = WEBHOOK_SECRET, body = JSON.stringify({ ref: 'refs/heads/main' }), event = 'push' } = {}) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-GitHub-Event': event }
      if (secret !== null) headers['X-Hub-Signature-256'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
      return fetch(new URL('/api/hooks/git', server.url), { method: 'POST', headers, body })
    },
    async cleanup() {
      await server.close()
      await remote.close()
      await site.cleanup()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/**
 * Waits until `check` passes (meanwhile it throws, or returns false, null or undefined) and
 * returns what it returned; fails with the last reason after `timeoutMs`.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const result = await check()
      if (result !== false && result !== null && result !== undefined) return result as Exclude<T, false | null | undefined>
      last = new Error(`condition still ${String(result)}`)
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw last
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8')
}
