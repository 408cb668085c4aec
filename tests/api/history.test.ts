import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string; content: string }
interface HistoryEntry {
  id: string
  author: { name: string; email: string }
  date: string
  message: string
  slug: string
}

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
/** The post under test, through: create, update, rename, update. */
let post: AdminPost
const commits: Record<'create' | 'update' | 'rename' | 'after', string> = { create: '', update: '', rename: '', after: '' }

const head = () => git(site.repoDir, 'rev-parse', 'HEAD')
const publicStatus = async (urlPath: string) => (await fetch(new URL(urlPath, server.url))).status

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  const save = async (method: string, url: string, body: Record<string, unknown>) => {
    const { status, body: saved } = await api.json<AdminPost>(method, url, body)
    if (status !== 200 && status !== 201) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(saved)}`)
    return saved
  }
  post = await save('POST', '/api/admin/blog/posts', newPostBody({ slug: 'history-first', title: 'First title', content: '<p>Version one</p>' }))
  commits.create = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, title: 'Second title', content: '<p>Version two</p>' })
  commits.update = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, slug: 'history-renamed' })
  commits.rename = head()
  post = await save('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, title: 'Third title', content: '<p>Version three</p>' })
  commits.after = head()
})

afterAll(() => close?.())

describe('GET /api/admin/blog/posts/{id}/history', () => {
  it('lists the commits that changed the post, newest first, following its rename, as git log --follow does', async () => {
    const { status, body } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${post.id}/history`)
    expect(status).toBe(200)
    expect(body.map((entry) => entry.id)).toEqual([commits.after, commits.rename, commits.update, commits.create])
    expect(git(site.repoDir, 'log', '--follow', '--format=%H', '--', 'content/blog/history-renamed.html').split('\n')).toEqual(
      body.map((entry) => entry.id),
    )
    expect(body.map((entry) => entry.message)).toEqual([
      'blog: update "Third title" (history-renamed)',
      'blog: rename "Second title" (history-first → history-renamed)',
      'blog: update "Second title" (history-first)',
      'blog: create "First title" (history-first)',
    ])
    expect(body.map((entry) => entry.slug)).toEqual(['history-renamed', 'history-renamed', 'history-first', 'history-first'])
    for (const entry of body) {
      expect(entry.author).toEqual({ name: TEST_ADMIN.displayName, email: `${TEST_ADMIN.username}@watchio.example` })
      expect(entry.date).toBe(new Date(Number(git(site.repoDir, 'show', '-s', '--format=%at', entry.id)) * 1000).toISOString())
    }
  })

  it('shows a post committed by hand as its one commit, then follows a maintainer\'s rename (git mv and an edit)', async () => {
    const { body: list } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    const original = list.find((entry) => entry.slug === 'whats-next-for-watchio')!
    const initial = git(site.repoDir, 'rev-list', '--max-parents=0', 'HEAD')
    const { body } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${original.id}/history`)
    expect(body.map((entry) => [entry.id, entry.message, entry.author.name])).toEqual([[initial, 'initial content', 'Test']])

    // With the CLI, as a maintainer would on the server's clone; the folder watcher picks it up.
    const file = path.join(site.blogDir, 'whats-next.html')
    git(site.repoDir, 'mv', 'content/blog/whats-next-for-watchio.html', 'content/blog/whats-next.html')
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^slug: .*$/m, 'slug: whats-next'))
    git(site.repoDir, 'add', 'content/blog/whats-next.html')
    git(site.repoDir, '-c', 'user.name=Maintainer', '-c', 'user.email=m@example.com', 'commit', '-q', '-m', 'Shorter slug')
    const renamedAt = head()
    await expect.poll(async () => (await api.json<AdminPost>('GET', `/api/admin/blog/posts/${original.id}`)).body.slug).toBe('whats-next')
    const after = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${original.id}/history`)
    expect(after.body.map((entry) => [entry.id, entry.slug, entry.author.name])).toEqual([
      [renamedAt, 'whats-next', 'Maintainer'],
      [initial, 'whats-next-for-watchio', 'Test'],
    ])
  })

  it('answers 404 for an unknown or malformed post id, 401 without a session', async () => {
    expect((await api.request('GET', '/api/admin/blog/posts/nosuchpost/history')).status).toBe(404)
    expect((await api.request('GET', '/api/admin/blog/posts/..%2F..%2Fetc/history')).status).toBe(404)
    const anonymous = new ApiClient(server.url)
    expect((await anonymous.request('GET', `/api/admin/blog/posts/${post.id}/history`)).status).toBe(401)
    expect((await anonymous.request('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create}`)).status).toBe(401)
    expect((await anonymous.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: { commit: commits.create } })).status).toBe(401)
  })
})

describe('GET /api/admin/blog/posts/{id}/history/{commit}', () => {
  it('answers the post as that commit left it, with that file version, before the rename too', async () => {
    const { status, body, response } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${post.id}/history/${commits.create}`)
    expect(status).toBe(200)
    const blob = git(site.repoDir, 'rev-parse', `${commits.create}:content/blog/history-first.html`)
    expect(body).toMatchObject({ id: post.id, slug: 'history-first', title: 'First title', content: '<p>Version one</p>', version: blob })
    expect(Object.keys(body).sort()).toEqual(Object.keys(post).sort())
    expect(response.headers.get('etag')).toBe(`"${blob}"`)
    const renamed = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${post.id}/history/${commits.rename}`)
    expect(renamed.body).toMatchObject({ slug: 'history-renamed', title: 'Second title' })
  })

  it('answers 400 for a malformed commit id and 404 for a commit outside the post\'s history', async () => {
    for (const commit of ['HEAD', 'abc123', commits.create.slice(0, 39) + 'g', `${commits.create}0`, '..%2F..']) {
      const response = await api.request('GET', `/api/admin/blog/posts/${post.id}/history/${commit}`)
      expect(response.status, commit).toBe(400)
      expect(await response.text()).toMatch(/commit must be a full commit id/)
    }
    const initial = git(site.repoDir, 'rev-list', '--max-parents=0', 'HEAD')
    for (const commit of ['0'.repeat(40), initial]) {
      expect((await api.request('GET', `/api/admin/blog/posts/${post.id}/history/${commit}`)).status).toBe(404)
    }
  })
})

describe('POST /api/admin/blog/posts/{id}/restore', () => {
  it('restores a version from before a rename as ONE new commit: the current file removed, the old one back', async () => {
    const before = commitCount(site.repoDir)
    const oldHead = head()
    const { status, body } = await api.json<AdminPost>('POST', `/api/admin/blog/posts/${post.id}/restore`, {
      commit: commits.update,
      version: post.version,
    })
    expect(status).toBe(200)
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect(git(site.repoDir, 'rev-parse', 'HEAD^')).toBe(oldHead)
    expect(git(site.repoDir, 'log', '-1', '--format=%s')).toBe(
      `blog: restore "Second title" (history-renamed → history-first) to ${commits.update.slice(0, 7)}`,
    )
    expect(git(site.repoDir, 'log', '-1', '--format=%an <%ae>')).toBe(`${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>`)
    expect(git(site.repoDir, 'show', '--name-status', '--no-renames', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'A\tcontent/blog/history-first.html',
      'D\tcontent/blog/history-renamed.html',
    ])
    // The very bytes of that version: same blob as in the old commit.
    const oldBlob = git(site.repoDir, 'rev-parse', `${commits.update}:content/blog/history-first.html`)
    expect(git(site.repoDir, 'rev-parse', 'HEAD:content/blog/history-first.html')).toBe(oldBlob)
    expect(body).toMatchObject({ id: post.id, slug: 'history-first', title: 'Second title', content: '<p>Version two</p>', version: oldBlob })
    expect(await readFile(path.join(site.blogDir, 'history-first.html'), 'utf8')).toContain('<p>Version two</p>')
    expect(git(site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
    // Live at once, the old URL back and the renamed one gone.
    expect(await publicStatus('/blog/history-first')).toBe(200)
    expect(await publicStatus('/blog/history-renamed')).toBe(404)
    expect(await (await fetch(new URL('/api/blog/posts/history-first', server.url))).json()).toMatchObject({ title: 'Second title' })
    // Nothing rewritten: every earlier commit is still on the branch, and the history lists the restore.
    for (const commit of Object.values(commits)) git(site.repoDir, 'merge-base', '--is-ancestor', commit, 'HEAD')
    const { body: history } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${post.id}/history`)
    expect(history.map((entry) => entry.id)).toEqual([head(), commits.after, commits.rename, commits.update, commits.create])
    post = body
  })

  it('makes no commit when that version is already the current one', async () => {
    const before = commitCount(site.repoDir)
    const { status, body } = await api.json<AdminPost>('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: commits.update })
    expect(status).toBe(200)
    expect(body.version).toBe(post.version)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('refuses with 409 a stale version, or an old slug another post now uses, changing nothing', async () => {
    const before = commitCount(site.repoDir)
    const stale = await api.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: commits.after, version: '0'.repeat(40) })
    expect(stale.status).toBe(409)
    const taken = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'history-renamed' }))
    expect(taken.status).toBe(201)
    const blocked = await api.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: commits.after })
    expect(blocked.status).toBe(409)
    expect(blocked.body).toMatch(/slug "history-renamed" is already used/)
    expect(commitCount(site.repoDir)).toBe(before + 1)
  })

  it('answers 400 for a missing or malformed commit and 404 for one outside the history, changing nothing', async () => {
    const before = commitCount(site.repoDir)
    for (const json of [{}, { commit: 42 }, { commit: 'main' }, { commit: commits.create.slice(0, 7) }, []]) {
      const response = await api.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json })
      expect(response.status, JSON.stringify(json)).toBe(400)
    }
    expect((await api.request('POST', `/api/admin/blog/posts/${post.id}/restore`, { json: { commit: 'f'.repeat(40) } })).status).toBe(404)
    expect((await api.request('POST', '/api/admin/blog/posts/nosuchpost/restore', { json: { commit: commits.create } })).status).toBe(404)
    expect(commitCount(site.repoDir)).toBe(before)
    git(site.repoDir, 'fsck', '--full', '--strict')
  })
})
