import { createHmac } from 'node:crypto'
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteDirOf } from '../../server/config.ts'
import { MAX_FAILURES_PER_USER_AND_ADDRESS } from '../../server/services/sign-in/login-guard.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git, runGit, tempGitRepo } from '../support/git.ts'
import { pushDotDotTree, pushSymlinks } from '../support/hostile-commits.ts'
import { MAINTAINER_GIT_ENV } from '../support/maintainer-git.ts'
import { freePort, type RunningNginx, startNginx } from '../support/nginx.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { createSyncSite, REMOTE_AUTH, type SyncSite, WEBHOOK_SECRET } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'
import type { TempSite } from '../support/temp-site.ts'

/*
 * Read replicas on one machine, all real: a bare repository behind `git http-backend`,
 * the writer syncing with it, two replicas (child processes, each its own clone), and nginx in
 * front, configured with the manual's own block (docs/deployments-and-sync.md, "Writer and read
 * replicas"), only the addresses
 * and the listen line replaced. The git host's part (calling the webhook once a push landed) is
 * played by the test, through nginx, as the git host would.
 */

const GUIDE = path.resolve(import.meta.dirname, '../../docs/deployments-and-sync.md')
/** The guide's addresses: the writer, replica 1, replica 2. */
const GUIDE_ADDRESSES = ['10.0.0.10:3000', '10.0.0.11:3000', '10.0.0.12:3000']
const READ_PATHS = ['/', '/blog', '/blog/replica-first', '/api/blog/posts', '/api/blog/posts/replica-first', '/sitemap.xml']

interface Replica {
  site: Omit<TempSite, 'cleanup'>
  port: number
  process: ServerProcess
}

let s: SyncSite
let root: string
let nginx: RunningNginx
let api: ApiClient
const replicas: Replica[] = []
/** The ```nginx block of the guide's "Writer and read replicas" section. */
function guideNginxBlock(): string {
  const text = readFileSync(GUIDE, 'utf8')
  const start = text.indexOf('\n## Writer and read replicas\n')
  if (start < 0) throw new Error(`${GUIDE}: no section "Writer and read replicas"`)
  const match = /```nginx\n([\s\S]*?)```/.exec(text.slice(start))
  if (!match) throw new Error(`${GUIDE}: no \`\`\`nginx block in "Writer and read replicas"`)
  return match[1]!
}

function replicaEnv(port: number): Record<string, string> {
  return {
    SITE_ROLE: 'replica',
    PORT: String(port),
    TRUST_PROXY: 'true',
    GIT_REMOTE_URL: s.remote.urlOf('site.git'),
    GIT_USERNAME: REMOTE_AUTH.username,
    GIT_TOKEN: REMOTE_AUTH.token,
    GIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Only the webhook and the start bring changes here: what the test measures.
    GIT_SYNC_INTERVAL: '0',
    // startTestServer seeds an admin; a replica has none.
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
  }
}

async function startReplica(replica: Omit<Replica, 'process'>): Promise<Replica> {
  return { ...replica, process: await startServerProcess(replica.site, replicaEnv(replica.port)) }
}

/** The git host's call, signed, to the public address (nginx). */
async function webhook(): Promise<number> {
  const body = JSON.stringify({ ref: 'refs/heads/main' })
  const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`
  const response = await fetch(`${nginx.url}/api/hooks/git`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': signature },
    body,
  })
  await response.arrayBuffer()
  return response.status
}

/** Waits for the writer's push of its HEAD to reach the bare repository (the remote). */
async function pushed(): Promise<string> {
  const head = git(s.site.repoDir, 'rev-parse', 'HEAD')
  await waitFor(() => s.bare('rev-parse', 'main') === head)
  return head
}

async function get(base: string, urlPath: string): Promise<{ status: number; text: string }> {
  const response = await fetch(base + urlPath)
  return { status: response.status, text: await response.text() }
}

/** Both replicas answer `slug` in their API and page with `title`, directly (not through nginx). */
async function onBothReplicas(slug: string, title: string): Promise<void> {
  await Promise.all(
    replicas.map((replica) =>
      waitFor(async () => {
        const post = await get(replica.process.url, `/api/blog/posts/${slug}`)
        const page = await get(replica.process.url, `/blog/${slug}`)
        return post.status === 200 && JSON.parse(post.text).title === title && page.status === 200 && page.text.includes(title)
      }),
    ),
  )
}

/**
 * The webhook, then waits until both replicas have the save: the webhook brings it, as the
 * replicas do not poll (how soon depends on the machine, and is no test's to say).
 */
async function webhookToReplicas(slug: string, title: string): Promise<void> {
  await pushed()
  expect(await webhook()).toBe(202)
  await onBothReplicas(slug, title)
}

/** Reads through nginx, two at a time, until `stop` is called: every status that is not 2xx. */
function readThroughNginx(): { stop(): Promise<{ reads: number; failures: string[] }> } {
  let running = true
  let reads = 0
  const failures: string[] = []
  const lane = async (offset: number) => {
    for (let n = offset; running; n++) {
      const urlPath = READ_PATHS[n % READ_PATHS.length]!
      try {
        const { status } = await get(nginx.url, urlPath)
        reads++
        if (status < 200 || status > 299) failures.push(`${urlPath}: ${status}`)
      } catch (error) {
        failures.push(`${urlPath}: ${String(error)}`)
      }
    }
  }
  const lanes = Promise.all([lane(0), lane(3)])
  return {
    async stop() {
      running = false
      await lanes
      return { reads, failures }
    },
  }
}

beforeAll(async () => {
  s = await createSyncSite({ env: { TRUST_PROXY: 'true' } })
  root = mkdtempSync(path.join(os.tmpdir(), 'watchio-replicas-'))
  const ports = [await freePort(), await freePort()]
  const started = await Promise.all(
    ports.map((port, i) => {
      const repoDir = path.join(root, `replica-${i + 1}`)
      // The replica's own clone, as an operator makes it (`git clone <remote>`).
      runGit(['clone', '-q', s.bareDir, repoDir], { env: MAINTAINER_GIT_ENV })
      const contentDir = path.join(repoDir, 'content')
      const dataDir = path.join(root, `replica-${i + 1}-data`)
      const site = { repoDir, contentDir, blogDir: path.join(contentDir, 'blog'), dataDir, pagesDir: path.join(siteDirOf(dataDir, contentDir), 'pages') }
      return startReplica({ site, port })
    }),
  )
  replicas.push(...started)

  const nginxPort = await freePort()
  const writerAddress = new URL(s.server.url).host
  let http = guideNginxBlock()
  for (const [i, address] of [writerAddress, `127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`].entries()) {
    http = http.split(GUIDE_ADDRESSES[i]!).join(address)
  }
  expect(http).toContain('listen 80;')
  http = http.replace('listen 80;', `listen 127.0.0.1:${nginxPort};`)
  nginx = await startNginx({ http, port: nginxPort })
  // Signed in on the writer through nginx, as an editor's browser would be.
  api = await new ApiClient(nginx.url).signIn()
})

afterAll(async () => {
  await nginx?.stop()
  for (const replica of replicas) {
    replica.process.child.kill('SIGKILL')
    await replica.process.exited
  }
  await s?.cleanup()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('a writer and two read replicas behind nginx', () => {
  let firstId = ''
  let firstVersion = ''

  it('a save on the writer (through nginx) is on both replicas after the webhook', async () => {
    const created = await api.json<{ id: string; version: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'replica-first', title: 'First on the replicas' }))
    expect(created.status).toBe(201)
    firstId = created.body.id
    firstVersion = created.body.version
    expect((await get(replicas[0]!.process.url, '/api/blog/posts/replica-first')).status).toBe(404)
    await webhookToReplicas('replica-first', 'First on the replicas')
    // And through nginx, from whichever replica answers.
    expect((await get(nginx.url, '/blog/replica-first')).text).toContain('First on the replicas')
  })

  it('reads through nginx during a stream of saves answer 0 non-2xx', async () => {
    const reading = readThroughNginx()
    let title = ''
    for (let n = 1; n <= 5; n++) {
      title = `Stream ${n}`
      const updated = await api.json<{ version: string }>('PUT', `/api/admin/blog/posts/${firstId}`, {
        ...newPostBody({ slug: 'replica-first', title, content: `<p>Update ${n}</p>` }),
        version: firstVersion,
      })
      expect(updated.status).toBe(200)
      firstVersion = updated.body.version
      const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: `stream-${n}`, title: `Stream post ${n}` }))
      expect(created.status).toBe(201)
      // The git host calls the webhook after each push; the replicas pull while being read.
      expect(await webhook()).toBe(202)
    }
    await webhookToReplicas('replica-first', title)
    const { reads, failures } = await reading.stop()
    expect(failures).toEqual([])
    expect(reads).toBeGreaterThan(50)
  })

  it('a replica killed with kill -9 and restarted catches up, and its repository passes git fsck', async () => {
    const reading = readThroughNginx()
    const victim = replicas[0]!
    // Killed around a pull: a save, the webhook, and SIGKILL once the git server has seen 0 to 3
    // of the fetches' requests it brings (the replicas' two each at least), whatever the time.
    expect((await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'before-the-kill', title: 'Before the kill' }))).status).toBe(201)
    await pushed()
    const requestsBefore = s.remote.requests.length
    expect(await webhook()).toBe(202)
    const fetchRequests = Math.floor(Math.random() * 4)
    await waitFor(() => s.remote.requests.length >= requestsBefore + fetchRequests)
    victim.process.child.kill('SIGKILL')
    await victim.process.exited
    // While it is down, the writer saves on.
    expect((await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'while-it-was-down', title: 'While it was down' }))).status).toBe(201)
    const head = await pushed()
    // The git host calls the webhook: nginx's copy to the dead replica fails, the writer's answer is what counts.
    expect(await webhook()).toBe(202)

    replicas[0] = await startReplica(victim)
    // No webhook: its start syncs. A pull writes the files before it moves HEAD (a crash between
    // the two is finished at the next start), so the post can be served a moment before HEAD is there.
    await waitFor(async () => (await get(replicas[0]!.process.url, '/api/blog/posts/while-it-was-down')).status === 200)
    await waitFor(() => git(victim.site.repoDir, 'rev-parse', 'HEAD') === head)
    git(victim.site.repoDir, 'fsck', '--full', '--strict')
    expect(git(victim.site.repoDir, 'status', '--porcelain')).toBe('')
    expect((await get(replicas[0]!.process.url, '/blog/before-the-kill')).status).toBe(200)
    await onBothReplicas('while-it-was-down', 'While it was down')
    // nginx sent the reads meanwhile to the other replica.
    const { failures } = await reading.stop()
    expect(failures).toEqual([])
  })

  it('the guide\'s nginx block hides a client-written X-Forwarded-For: the sign-in limit counts the real address', async () => {
    const answers: number[] = []
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_ADDRESS + 1; i++) {
      const answer = await new ApiClient(nginx.url).request('POST', '/api/auth/login', {
        json: { username: 'behind-nginx', password: `guess-${i}` },
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      })
      answers.push(answer.status)
    }
    expect(answers).toEqual([...Array(MAX_FAILURES_PER_USER_AND_ADDRESS).fill(401), 429])
  })

  it('a replica has no admin area, no account and no writer lock', async () => {
    for (const replica of replicas) {
      const base = replica.process.url
      for (const [method, urlPath] of [
        ['GET', '/api/admin/blog/posts'],
        ['GET', '/api/admin/sync'],
        ['POST', '/api/admin/blog/posts'],
        ['GET', '/api/auth/me'],
        ['POST', '/api/auth/login'],
      ] as const) {
        const response = await fetch(base + urlPath, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
        expect(response.status, `${method} ${urlPath}`).toBe(404)
      }
      for (const urlPath of ['/admin', '/admin/login', '/admin/blog']) {
        const page = await get(base, urlPath)
        expect(page.status).toBe(404)
        expect(page.text).toContain('read-only replica')
      }
      expect(existsSync(path.join(replica.site.dataDir, 'admins.json'))).toBe(false)
      expect(existsSync(path.join(replica.site.repoDir, '.git', 'watchio-writer.lock'))).toBe(false)
      expect(replica.process.output.join('\n')).not.toMatch(/password|admin account/i)
    }
    // Through nginx the admin area is the writer's.
    expect((await api.json('GET', '/api/auth/me')).status).toBe(200)
  })

  it('a replica pulls a commit of symlinks without writing them, refuses a commit with `..` whole, and keeps serving', async () => {
    const media = 'content/media/2026/passwd-0123456789-10x10.png'
    const links = pushSymlinks(s, { [media]: '/etc/passwd', 'content/blog/linked.html': '/etc/passwd' })
    expect(await webhook()).toBe(202)
    await waitFor(() => replicas.every((replica) => git(replica.site.repoDir, 'rev-parse', 'HEAD') === links))
    for (const replica of replicas) {
      expect(() => lstatSync(path.join(replica.site.repoDir, media))).toThrow(/ENOENT/)
      expect(() => lstatSync(path.join(replica.site.repoDir, 'content/blog/linked.html'))).toThrow(/ENOENT/)
      expect(git(replica.site.repoDir, 'status', '--porcelain')).toBe('')
      expect((await get(replica.process.url, `/${media.replace('content/', '')}`)).status).toBe(404)
      expect((await get(replica.process.url, '/api/blog/posts/linked')).status).toBe(404)
    }

    const hostile = pushDotDotTree(s)
    const refused = (i: number) => replicas[i]!.process.output.some((line) => line.includes(`refused commit ${hostile}`) && line.includes('..'))
    expect(await webhook()).toBe(202)
    await waitFor(() => replicas.every((_, i) => refused(i)))
    for (const replica of replicas) {
      expect(git(replica.site.repoDir, 'rev-parse', 'HEAD')).toBe(links)
      expect(existsSync(path.join(path.dirname(replica.site.repoDir), 'escaped.txt'))).toBe(false)
      expect((await get(replica.process.url, '/api/blog/posts/while-it-was-down')).status).toBe(200)
    }
    expect((await get(nginx.url, '/blog/while-it-was-down')).status).toBe(200)

    // A commit on top without `..`: the replicas follow again.
    const tree = runGit(['rev-parse', `${hostile}~1^{tree}`], { cwd: s.maintainerDir }).trim()
    const fix = s.maintainer('commit-tree', tree, '-p', hostile, '-m', 'remove ..')
    s.maintainer('push', '-q', 'origin', `${fix}:refs/heads/main`)
    expect(await webhook()).toBe(202)
    await waitFor(() => replicas.every((replica) => git(replica.site.repoDir, 'rev-parse', 'HEAD') === fix))
  })

  it('a replica whose remote was force-pushed to an unrelated history says so loudly and keeps serving', async () => {
    const rewritten = tempGitRepo({
      dir: mkdtempSync(path.join(root, 'rewritten-')),
      files: { 'content/blog/rewritten.html': s.postFile({ id: 'rewrite01', slug: 'rewritten', title: 'Rewritten', body: 'Another history.' }) },
      commit: 'An unrelated history',
    })
    runGit(['-C', rewritten.dir, 'push', '-q', '--force', s.bareDir, 'HEAD:main'], { env: MAINTAINER_GIT_ENV })
    const forced = s.bare('rev-parse', 'main')
    const heads = replicas.map((replica) => git(replica.site.repoDir, 'rev-parse', 'HEAD'))
    const loud = (i: number) =>
      replicas[i]!.process.output.filter((line) => line.includes(`Replica: branch main cannot fast-forward`) && line.includes(heads[i]!) && line.includes(forced)).length

    expect(await webhook()).toBe(202)
    await waitFor(() => replicas.every((_, i) => loud(i) >= 1))
    // Said again on each attempt: the next webhook's, or a retry's (the failed run is retried with
    // backoff, so the count can pass any given number between two looks).
    const said = replicas.map((_, i) => loud(i))
    expect(await webhook()).toBe(202)
    await waitFor(() => replicas.every((_, i) => loud(i) > said[i]!))

    for (const [i, replica] of replicas.entries()) {
      expect(git(replica.site.repoDir, 'rev-parse', 'HEAD')).toBe(heads[i])
      expect((await get(replica.process.url, '/api/blog/posts/while-it-was-down')).status).toBe(200)
      expect((await get(replica.process.url, '/api/blog/posts/rewritten')).status).toBe(404)
    }
    expect((await get(nginx.url, '/blog/while-it-was-down')).status).toBe(200)
  })
})
