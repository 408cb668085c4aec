/**
 * Old URLs keep working: a slug change records a permanent redirect in content/redirects.yaml in
 * the save's own commit, chains collapse, loops are refused, admins list, add and remove
 * redirects (each a commit), and the server answers 301. The file comes from git: one that
 * cannot be read keeps the last valid redirects and is shown to admins.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { commitAsMaintainer, git } from '../support/git.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string }
type RedirectsList = { redirects: { from: string; to: string }[]; problem: string | null }

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})
afterAll(() => close?.())

const redirectsFile = () => path.join(site.contentDir, 'redirects.yaml')
const answer = async (pathname: string, method = 'GET') => {
  const response = await fetch(new URL(pathname, server.url), { method, redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location') }
}
const list = async () => (await api.json<RedirectsList>('GET', '/api/admin/redirects')).body
const lastCommit = () => ({
  author: git(site.repoDir, 'log', '-1', '--format=%an <%ae>'),
  message: git(site.repoDir, 'log', '-1', '--format=%s'),
  files: git(site.repoDir, 'show', '--no-renames', '--name-status', '--format=', 'HEAD').split('\n').sort(),
})
const authorLine = `${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>`
const rename = (post: AdminPost, slug: string) => api.json<AdminPost | string>('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, slug })
/** A maintainer's commit of the redirects file, as a merged pull request brings it. */
async function commitByHand(text: string): Promise<void> {
  await writeFile(redirectsFile(), text)
  commitAsMaintainer(site.repoDir, 'Redirects by hand', 'content/redirects.yaml')
}

describe('a slug change', () => {
  let post: AdminPost

  it('records the old path in the same commit, and the old URL answers 301 (GET and HEAD, query kept)', async () => {
    const created = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'first-name', title: 'Moving post' }))
    expect(created.status).toBe(201)
    const renamed = await rename(created.body, 'second-name')
    expect(renamed.status).toBe(200)
    post = renamed.body as AdminPost
    expect(lastCommit()).toEqual({
      author: authorLine,
      message: 'blog: rename "Moving post" (first-name → second-name)',
      files: ['A\tcontent/blog/second-name.html', 'A\tcontent/redirects.yaml', 'D\tcontent/blog/first-name.html'],
    })
    expect(await readFile(redirectsFile(), 'utf8')).toBe('- from: /blog/first-name\n  to: /blog/second-name\n')
    expect(git(site.repoDir, 'status', '--porcelain', '--', 'content')).toBe('')
    expect(await answer('/blog/first-name')).toEqual({ status: 301, location: '/blog/second-name' })
    expect(await answer('/blog/first-name', 'HEAD')).toEqual({ status: 301, location: '/blog/second-name' })
    expect(await answer('/blog/first-name/?utm_source=x')).toEqual({ status: 301, location: '/blog/second-name?utm_source=x' })
    expect((await answer('/blog/second-name')).status).toBe(200)
    expect((await list()).redirects).toEqual([{ from: '/blog/first-name', to: '/blog/second-name' }])
  })

  it('collapses chains: a second rename sends both old paths to the new one', async () => {
    post = (await rename(post, 'third-name')).body as AdminPost
    expect(await readFile(redirectsFile(), 'utf8')).toBe('- from: /blog/first-name\n  to: /blog/third-name\n- from: /blog/second-name\n  to: /blog/third-name\n')
    expect(await answer('/blog/first-name')).toEqual({ status: 301, location: '/blog/third-name' })
    expect(await answer('/blog/second-name')).toEqual({ status: 301, location: '/blog/third-name' })
  })

  it('a rename back to an old path removes its redirect instead of making a loop', async () => {
    post = (await rename(post, 'first-name')).body as AdminPost
    expect(post.slug).toBe('first-name')
    expect((await list()).redirects).toEqual([
      { from: '/blog/second-name', to: '/blog/first-name' },
      { from: '/blog/third-name', to: '/blog/first-name' },
    ])
    expect((await answer('/blog/first-name')).status).toBe(200)
    expect(await answer('/blog/third-name')).toEqual({ status: 301, location: '/blog/first-name' })
  })

  it('refuses with 409 a new post or a rename to a path that redirects elsewhere', async () => {
    const before = git(site.repoDir, 'rev-parse', 'HEAD')
    const create = await api.json<string>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'second-name' }))
    expect(create.status).toBe(409)
    expect(create.body).toBe('/blog/second-name redirects to /blog/first-name: remove that redirect first (Redirects in the admin), then use this path')
    const other = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'another-post' }))
    const moved = await rename(other.body, 'third-name')
    expect(moved.status).toBe(409)
    expect(moved.body).toContain('/blog/third-name redirects to /blog/first-name')
    expect(git(site.repoDir, 'log', '-1', '--format=%s')).toBe('blog: create "A new post" (another-post)')
    expect(git(site.repoDir, 'rev-list', '--count', `${before}..HEAD`)).toBe('1')
    // Once the redirect is removed, the path may be taken.
    expect((await api.request('DELETE', '/api/admin/redirects?from=/blog/third-name')).status).toBe(204)
    expect((await rename(other.body, 'third-name')).status).toBe(200)
  })
})

describe('the admin API', () => {
  it('adds a redirect as one commit by the admin, and removes it as another', async () => {
    const added = await api.json('POST', '/api/admin/redirects', { from: '/old-pricing/', to: '/pricing' })
    expect(added).toMatchObject({ status: 201, body: { from: '/old-pricing/', to: '/pricing' } })
    expect(lastCommit()).toEqual({ author: authorLine, message: 'redirects: add /old-pricing/ → /pricing', files: ['M\tcontent/redirects.yaml'] })
    expect(await answer('/old-pricing/')).toEqual({ status: 301, location: '/pricing' })
    expect(await answer('/old-pricing')).toEqual({ status: 301, location: '/pricing' })
    // Added to a path that redirects already: stored to its end.
    await api.json('POST', '/api/admin/redirects', { from: '/older-pricing', to: '/old-pricing' })
    expect((await list()).redirects).toContainEqual({ from: '/older-pricing', to: '/pricing' })
    const removed = await api.request('DELETE', '/api/admin/redirects?from=/old-pricing')
    expect(removed.status).toBe(204)
    expect(lastCommit()).toEqual({ author: authorLine, message: 'redirects: remove /old-pricing', files: ['M\tcontent/redirects.yaml'] })
    expect((await answer('/old-pricing/')).status).toBe(301) // the trailing-slash rule, then a 404
    expect((await answer('/old-pricing')).status).toBe(404)
    expect(await answer('/older-pricing')).toEqual({ status: 301, location: '/pricing' })
  })

  it('answers 400, 404 and 409 with short messages, and changes nothing', async () => {
    expect((await api.json('POST', '/api/admin/redirects', { from: '/loop-a', to: '/loop-b' })).status).toBe(201)
    const head = git(site.repoDir, 'rev-parse', 'HEAD')
    const refused = async (json: unknown) => {
      const { status, body } = await api.json<string>('POST', '/api/admin/redirects', json)
      return [status, body]
    }
    expect(await refused({ from: '/a', to: '//evil.com' })).toEqual([400, 'to must be a path on this site (it starts with //, another site)'])
    expect(await refused({ from: '/a', to: 'https://evil.com/' })).toEqual([400, 'to must be a path on this site, starting with /'])
    expect(await refused({ from: '/a/../admin', to: '/b' })).toEqual([400, 'from may not have . or .. as a segment'])
    expect(await refused({ from: '/a\r\nSet-Cookie: x', to: '/b' })).toEqual([400, expect.stringMatching(/^from may hold only/)])
    expect(await refused({ from: '/admin/blog', to: '/b' })).toEqual([400, "from may not be under /admin (the site's own)"])
    expect(await refused({ to: '/b' })).toEqual([400, 'from is required'])
    expect(await refused({ from: '/a', to: '/a/' })).toEqual([400, 'from and to are the same path'])
    expect(await refused({ from: '/blog/first-name', to: '/pricing' })).toEqual([409, "/blog/first-name is a post's page: change that post's slug, which records the redirect"])
    expect(await refused({ from: '/pricing/', to: '/blog' })).toEqual([409, '/pricing/ is a page of this site, which a redirect would never replace'])
    expect(await refused({ from: '/older-pricing', to: '/b' })).toEqual([409, '/older-pricing already redirects to /pricing: remove that redirect first'])
    expect(await refused({ from: '/loop-b', to: '/loop-a' })).toEqual([409, '/loop-b → /loop-a would make a loop (/loop-a leads back to /loop-b)'])
    expect((await api.json('DELETE', '/api/admin/redirects?from=/never')).status).toBe(404)
    expect((await api.json('DELETE', '/api/admin/redirects')).status).toBe(400)
    expect(git(site.repoDir, 'rev-parse', 'HEAD')).toBe(head)
  })

  it('answers 400 to a pattern or one of the site\'s own prefixes in any case, from or to, and changes nothing', async () => {
    const head = git(site.repoDir, 'rev-parse', 'HEAD')
    const refused = async (json: unknown) => {
      const { status, body } = await api.json<string>('POST', '/api/admin/redirects', json)
      return [status, body]
    }
    const plain = "a redirect's paths are plain paths (static hosts read * and : as patterns)"
    expect(await refused({ from: '/*', to: '/blog' })).toEqual([400, `from may not hold "*": ${plain}`])
    expect(await refused({ from: '/blog/:slug', to: '/blog' })).toEqual([400, `from may not hold ":": ${plain}`])
    expect(await refused({ from: '/old-shop', to: '/shop/*' })).toEqual([400, `to may not hold "*": ${plain}`])
    expect(await refused({ from: '/old-shop?x=1', to: '/blog' })).toEqual([400, expect.stringMatching(/^from may hold only .*\?/)])
    expect(await refused({ from: '/ADMIN/x', to: '/blog' })).toEqual([400, "from may not be under /admin (the site's own)"])
    expect(await refused({ from: '/Media/x', to: '/blog' })).toEqual([400, "from may not be under /media (the site's own)"])
    expect(await refused({ from: '/old-shop', to: '/API/ADMIN/BLOG/POSTS' })).toEqual([400, "to may not be under /api (the site's own)"])
    expect(await refused({ from: '/PageFind/x', to: '/blog' })).toEqual([400, "from may not be under /pagefind (the site's own)"])
    expect(git(site.repoDir, 'rev-parse', 'HEAD')).toBe(head)
    expect(await answer('/old-shop')).toEqual({ status: 404, location: null })
  })

  it('is for signed-in admins on the site only', async () => {
    const stranger = new ApiClient(server.url)
    expect((await stranger.request('GET', '/api/admin/redirects')).status).toBe(401)
    expect((await stranger.request('POST', '/api/admin/redirects', { json: { from: '/x', to: '/y' } })).status).toBe(401)
    const foreign = await api.request('POST', '/api/admin/redirects', { json: { from: '/x', to: '/y' }, headers: { Origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect((await api.request('DELETE', '/api/admin/redirects?from=/older-pricing', { headers: { Origin: 'https://evil.example' } })).status).toBe(403)
    expect(await answer('/x')).toEqual({ status: 404, location: null })
  })
})

describe('the file by hand', () => {
  it('follows a chain written by hand, keeping comments through the next admin save', async () => {
    await commitByHand('# Kept by the maintainers.\n- from: /hand/a\n  to: /hand/b # a chain\n\n- from: "/hand/b"\n  to: /pricing\n')
    expect(await answer('/hand/a')).toEqual({ status: 301, location: '/pricing' })
    await api.json('POST', '/api/admin/redirects', { from: '/hand/c', to: '/blog' })
    expect(await readFile(redirectsFile(), 'utf8')).toBe('# Kept by the maintainers.\n- from: /hand/a\n  to: /hand/b # a chain\n\n- from: "/hand/b"\n  to: /pricing\n- from: /hand/c\n  to: /blog\n')
  })

  it('a file that cannot be read keeps the last valid redirects, is shown to admins, and blocks admin changes until fixed', async () => {
    await commitByHand('- from: /hand/a\n  to: //evil.com\n- from: /new-by-hand\n  to: /blog\n')
    expect(await answer('/hand/a')).toEqual({ status: 301, location: '/pricing' })
    expect((await answer('/new-by-hand')).status).toBe(404)
    const { body: problems } = await api.json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')
    expect(problems).toContainEqual({
      path: 'content/redirects.yaml',
      reason: 'line 1: to must be a path on this site (it starts with //, another site); the redirects read before stay in force',
    })
    expect((await list()).problem).toMatch(/^line 1: to must be a path on this site/)
    const add = await api.json<string>('POST', '/api/admin/redirects', { from: '/x', to: '/y' })
    expect(add.status).toBe(409)
    expect(add.body).toMatch(/^content\/redirects.yaml cannot be read \(line 1: .*\): fix or revert it in git first$/)
    await commitByHand('- from: /new-by-hand\n  to: /blog\n')
    expect(await answer('/new-by-hand')).toEqual({ status: 301, location: '/blog' })
    expect((await answer('/hand/a')).status).toBe(404)
    expect((await list()).problem).toBeNull()
    const { body: after } = await api.json<{ path: string }[]>('GET', '/api/admin/blog/problems')
    expect(after.map((problem) => problem.path)).not.toContain('content/redirects.yaml')
  })

  it('refuses a pattern from git as from the API: /* is not served, and the last valid redirects stay', async () => {
    await commitByHand('- from: /*\n  to: /blog\n- from: /new-by-hand\n  to: /pricing\n')
    expect((await list()).problem).toBe(`line 1: from may not hold "*": a redirect's paths are plain paths (static hosts read * and : as patterns); the redirects read before stay in force`)
    expect(await answer('/new-by-hand')).toEqual({ status: 301, location: '/blog' })
    await commitByHand('- from: /new-by-hand\n  to: /blog\n')
    expect((await list()).problem).toBeNull()
  })

  it('serves a 10,000-hop chain from git straight to its end, and lists it among the problems as a warning', async () => {
    const hops = 10_000
    await commitByHand(Array.from({ length: hops }, (_, i) => `- from: /hop/${i}\n  to: /hop/${i + 1}\n`).join(''))
    // The problems read the pulled file themselves, before any visitor's request does.
    const { body: problems } = await api.json<{ path: string; reason: string; severity?: string }[]>('GET', '/api/admin/blog/problems')
    expect(problems).toContainEqual({
      path: 'content/redirects.yaml',
      reason: `9990 sources are more than 10 redirects away from their final path (the longest: /hop/0, 10000 redirects to /hop/${hops}); visitors are sent straight there, and the file should say so: point each source at its final path`,
      severity: 'warning',
    })
    expect(await answer('/hop/0')).toEqual({ status: 301, location: `/hop/${hops}` })
    expect(await answer('/hop/5000/')).toEqual({ status: 301, location: `/hop/${hops}` })
    // Served, not refused: the admins may still change the file, and the warning goes once the chain is short.
    expect((await list()).problem).toBeNull()
    expect((await api.json('DELETE', '/api/admin/redirects?from=/hop/9999')).status).toBe(204)
    await commitByHand('- from: /hop/0\n  to: /hop/1\n- from: /hop/1\n  to: /hop/2\n')
    const { body: after } = await api.json<{ path: string }[]>('GET', '/api/admin/blog/problems')
    expect(after.map((problem) => problem.path)).not.toContain('content/redirects.yaml')
    expect(await answer('/hop/0')).toEqual({ status: 301, location: '/hop/2' })
  })
})
