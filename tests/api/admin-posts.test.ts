import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import type { RunningServer } from '../../server/start.ts'
import { MAX_POST_BODY_BYTES } from '../../server/http/json-body.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

/*
 * The admin posts API: each route's happy path (status, headers, body, the commit it makes, the
 * public site at once) and how a refusal is answered. The rules of a save (versions, slugs, a
 * rename, a save that changes nothing, validation, concurrent saves) are AdminPosts', tested on
 * the service itself in tests/integration/admin-posts-service.test.ts.
 */

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string; title: string }

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({
    // A maintainer's unrelated work in progress: staged, and modified but not staged.
    prepare: async (prepared) => {
      await writeFile(path.join(prepared.repoDir, 'NOTES.md'), 'staged notes\n')
      git(prepared.repoDir, 'add', 'NOTES.md')
      await writeFile(path.join(prepared.contentDir, 'README.txt'), 'untracked note beside the posts\n')
    },
  }))
})

afterAll(() => close?.())

const lastCommit = () => ({
  author: git(site.repoDir, 'log', '-1', '--format=%an <%ae>'),
  committer: git(site.repoDir, 'log', '-1', '--format=%cn <%ce>'),
  message: git(site.repoDir, 'log', '-1', '--format=%s'),
  files: git(site.repoDir, 'show', '--name-status', '--format=', 'HEAD'),
  stat: git(site.repoDir, 'show', '--stat', '--format=', 'HEAD'),
})
const authorLine = `${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>`
const readPost = async (slug: string) => parsePostFile(await readFile(path.join(site.blogDir, `${slug}.html`), 'utf8'), `${slug}.html`)
const publicStatus = async (urlPath: string) => (await fetch(new URL(urlPath, server.url))).status

function expectRepositoryHealthy() {
  git(site.repoDir, 'fsck', '--full', '--strict')
  expect(git(site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
  // The maintainer's staged file is still staged and still not committed.
  expect(git(site.repoDir, 'diff', '--cached', '--name-only')).toBe('NOTES.md')
  expect(git(site.repoDir, 'log', '--format=%H', '--', 'NOTES.md')).toBe('')
  expect(git(site.repoDir, 'status', '--porcelain', '--', 'content/README.txt')).toBe('?? content/README.txt')
}

describe('the admin list', () => {
  it('has every post, drafts included, as a card with its version (no content), newest first', async () => {
    const { status, body } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    expect(status).toBe(200)
    expect(body).toHaveLength(14)
    expect(body.filter((post) => post.isPublished === false).map((post) => post.slug).sort()).toEqual([
      'tips-for-smooth-playback',
      'whats-next-for-watchio',
    ])
    for (const post of body) {
      expect(Object.keys(post).sort()).toEqual(['id', 'isPublished', 'publishDate', 'slug', 'summary', 'title', 'version'].sort())
      expect(post.version).toBe(git(site.repoDir, 'hash-object', `content/blog/${post.slug}.html`))
    }
    const dates = body.map((post) => post.publishDate as string)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('leads to each whole post, content included', async () => {
    const { body } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    for (const card of body) {
      const { body: post } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${card.id}`)
      expect(Object.keys(post).sort()).toEqual(
        ['content', 'featuredImageUrl', 'id', 'isPublished', 'publishDate', 'slug', 'summary', 'title', 'version'].sort(),
      )
      expect(post).toMatchObject(card)
    }
  })
})

describe('every save is one commit', () => {
  let created: AdminPost

  it('creates a post as one commit with the admin as author, holding only its file', async () => {
    const before = commitCount(site.repoDir)
    const response = await api.json<AdminPost>(
      'POST',
      '/api/admin/blog/posts',
      newPostBody({
        slug: 'first-admin-post',
        title: 'First admin post',
        isPublished: false,
        content: '<p onclick="steal()">Hi <script>alert(1)</script><b>there</b></p><h2>Next</h2><p>More</p>',
        sneaky: 'dropped',
      }),
    )
    expect(response.status).toBe(201)
    created = response.body
    expect(created.id).toMatch(/^[a-z0-9]{10}$/)
    expect(response.response.headers.get('location')).toBe(`/api/admin/blog/posts/${created.id}`)
    expect(commitCount(site.repoDir)).toBe(before + 1)
    const commit = lastCommit()
    expect(commit.author).toBe(authorLine)
    expect(commit.committer).toBe(authorLine)
    expect(commit.message).toBe('blog: create "First admin post" (first-admin-post)')
    expect(commit.files).toBe('A\tcontent/blog/first-admin-post.html')
    expect(commit.stat).toMatch(/1 file changed/)
    const stored = await readFile(path.join(site.blogDir, 'first-admin-post.html'), 'utf8')
    expect(stored).not.toMatch(/sneaky|script|onclick|alert/)
    expect((await readPost('first-admin-post')).content).toBe('<p>Hi <strong>there</strong></p>\n<h2>Next</h2>\n<p>More</p>')
    expect(created.version).toBe(git(site.repoDir, 'hash-object', 'content/blog/first-admin-post.html'))
    expectRepositoryHealthy()
  })

  it('keeps a draft off the public site', async () => {
    expect(await publicStatus('/api/blog/posts/first-admin-post')).toBe(404)
    expect(await publicStatus('/blog/first-admin-post')).toBe(404)
  })

  it('publishes as one commit, and the post is live at once (API, page, list, sitemap)', async () => {
    const { status, body } = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${created.id}`, {
      ...created,
      isPublished: true,
    })
    expect(status).toBe(200)
    expect(lastCommit().message).toBe('blog: publish "First admin post" (first-admin-post)')
    expect(lastCommit().files).toBe('M\tcontent/blog/first-admin-post.html')
    created = body
    expect(await publicStatus('/api/blog/posts/first-admin-post')).toBe(200)
    const page = await (await fetch(new URL('/blog/first-admin-post', server.url))).text()
    expect(page).toContain('First admin post')
    expect(await (await fetch(new URL('/blog', server.url))).text()).toContain('First admin post')
    expect(await (await fetch(new URL('/sitemap.xml', server.url))).text()).toContain('/blog/first-admin-post<')
    expectRepositoryHealthy()
  })

  it('updates as one commit and shows the new text on the page at once', async () => {
    const { status, body } = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${created.id}`, {
      ...created,
      content: '<p>Rewritten body</p>',
    })
    expect(status).toBe(200)
    expect(lastCommit().message).toBe('blog: update "First admin post" (first-admin-post)')
    expect(await (await fetch(new URL('/blog/first-admin-post', server.url))).text()).toContain('Rewritten body')
    created = body
  })

  it('renames: the old URL redirects (301) to the new one, live', async () => {
    const { status, body } = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${created.id}`, {
      ...created,
      slug: 'renamed-admin-post',
    })
    expect(status).toBe(200)
    expect(body.id).toBe(created.id)
    const old = await fetch(new URL('/blog/first-admin-post', server.url), { redirect: 'manual' })
    expect([old.status, old.headers.get('location')]).toEqual([301, '/blog/renamed-admin-post'])
    expect(await publicStatus('/api/blog/posts/first-admin-post')).toBe(404)
    expect(await publicStatus('/blog/renamed-admin-post')).toBe(200)
    const sitemap = await (await fetch(new URL('/sitemap.xml', server.url))).text()
    expect(sitemap).not.toContain('/blog/first-admin-post<')
    expect(sitemap).toContain('/blog/renamed-admin-post<')
    expectRepositoryHealthy()
    created = body
  })

  it('refuses a stale version with 409 and the current version', async () => {
    const stale = '0'.repeat(40)
    const put = await api.json('PUT', `/api/admin/blog/posts/${created.id}`, { ...created, version: stale, title: 'Lost' })
    expect(put.status).toBe(409)
    expect(put.response.headers.get('etag')).toBe(`"${created.version}"`)
    expect(put.body).toContain(created.version)
    const del = await api.request('DELETE', `/api/admin/blog/posts/${created.id}`, { headers: { 'If-Match': `"${stale}"` } })
    expect(del.status).toBe(409)
  })

  it('deletes with If-Match, and the post is gone from the site', async () => {
    const response = await api.request('DELETE', `/api/admin/blog/posts/${created.id}`, {
      headers: { 'If-Match': `"${created.version}"` },
    })
    expect(response.status).toBe(204)
    expect(await publicStatus('/blog/renamed-admin-post')).toBe(404)
    expect(await publicStatus('/api/blog/posts/renamed-admin-post')).toBe(404)
    expect((await api.request('GET', `/api/admin/blog/posts/${created.id}`)).status).toBe(404)
    expectRepositoryHealthy()
  })

  it('accepts an update and a delete with no version (SPEC §7 sends none)', async () => {
    const { body } = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'no-version' }))
    const { version: _version, ...withoutVersion } = body
    expect((await api.request('PUT', `/api/admin/blog/posts/${body.id}`, { json: { ...withoutVersion, title: 'Changed' } })).status).toBe(200)
    expect((await api.request('DELETE', `/api/admin/blog/posts/${body.id}`)).status).toBe(204)
    expectRepositoryHealthy()
  })

  it('writes the id into a hand-written file that lacked one, on its next save', async () => {
    const { body: list } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    const card = list.find((entry) => entry.slug === 'welcome-to-watchio') ?? list[0]!
    const { body: post } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${card.id}`)
    const file = path.join(site.blogDir, `${post.slug}.html`)
    const text = await readFile(file, 'utf8')
    expect(text).toMatch(/^id: /m)
    expect((await api.json('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, title: `${post.title}!` })).status).toBe(200)
    expect((await readPost(post.slug)).id).toBe(post.id)
  })
})

describe('validation', () => {
  const create = (overrides: Record<string, unknown>) =>
    api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'validation-case', ...overrides }))

  // The rules (every field, every reason) are AdminPosts', tested on the service itself
  // (tests/integration/admin-posts-service.test.ts); here, how a refusal is answered.
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['missing title', { title: undefined }, /^title is required$/],
    ['slug with a path', { slug: '../../etc/passwd' }, /^slug must be lowercase/],
  ]
  for (const [name, overrides, message] of cases) {
    it(`answers 400 naming the field: ${name}`, async () => {
      const before = commitCount(site.repoDir)
      const { status, body } = await create(overrides)
      expect(status).toBe(400)
      expect(body).toMatch(message)
      expect(commitCount(site.repoDir)).toBe(before)
    })
  }

  it('answers 409 for a slug another post uses', async () => {
    const { status, body } = await create({ slug: 'tips-for-smooth-playback' })
    expect(status).toBe(409)
    expect(body).toMatch(/slug "tips-for-smooth-playback" is already used/)
  })

  it('answers 400 for malformed or truncated JSON', async () => {
    for (const text of ['{"title": ', '{title: 1}', '', '"just a string"']) {
      const response = await api.request('POST', '/api/admin/blog/posts', {
        body: text,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(response.status).toBe(400)
    }
  })

  it('answers 413 for a body over the largest a post may need', async () => {
    const response = await api.request('POST', '/api/admin/blog/posts', {
      json: newPostBody({ slug: 'too-big', content: `<p>${'x'.repeat(MAX_POST_BODY_BYTES)}</p>` }),
    })
    expect(response.status).toBe(413)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['nosuchpost', '..%2F..%2Fx', '%00', 'A'.repeat(40)]) {
      expect((await api.request('PUT', `/api/admin/blog/posts/${id}`, { json: newPostBody() })).status).toBe(404)
    }
  })
})
