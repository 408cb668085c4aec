import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from './admin-client.ts'
import { postText } from './fixtures.ts'
import type { GitHttpServer } from './git-http-server.ts'
import { createGitRemote } from './git-remote.ts'
import { recordingLogger } from './recording-logger.ts'
import { createTempSite, startTestServer, type TempSite } from './temp-site.ts'
import { waitFor } from './wait-for.ts'

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
  const remote = await createGitRemote({ from: site.repoDir, auth: REMOTE_AUTH })
  const logger = recordingLogger()
  const server = await startTestServer(site, {
    logger,
    env: {
      GIT_REMOTE_URL: remote.url,
      GIT_USERNAME: REMOTE_AUTH.username,
      GIT_TOKEN: REMOTE_AUTH.token,
      GIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GIT_SYNC_INTERVAL: '0',
      ...options.env,
    },
  })
  const api = await new ApiClient(server.url).signIn()
  // The start's own sync fetches: a maintainer's push made while it runs would be pulled by it,
  // not by the run a test means (a save's, a webhook's), and the test would see another history.
  await waitFor(async () => {
    const { body } = await api.json<{ syncing: boolean; lastFetchAt: string | null; lastError: string | null }>('GET', '/api/admin/sync')
    return !body.syncing && (body.lastFetchAt !== null || body.lastError !== null)
  })
  return {
    site,
    server,
    remote: remote.server,
    bareDir: remote.bareDir,
    bare: remote.bare,
    maintainerDir: remote.maintainerDir,
    maintainer: remote.maintainer,
    maintainerPush: remote.maintainerPush,
    postFile: (post) => postText({ ...post, summary: 'Written by a maintainer.' }),
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
    },
  }
}

/** The browser tests' name for waitFor (wait-for.ts), the one wait. */
export { waitFor as eventually } from './wait-for.ts'

export function readText(file: string): string {
  return readFileSync(file, 'utf8')
}
