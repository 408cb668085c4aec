/**
 * Post files written by hand (through a pull request) are read where their
 * meaning is clear, and every file the site cannot read is shown to admins with its path and why.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { commitAsMaintainer, runGit } from '../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../support/maintainer-git.ts'
import { waitFor } from '../support/wait-for.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

type Problem = { path: string; reason: string }
type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string }

/** Front matter as a maintainer types it: no quotes, a number for an id, yes for true. */
const frontMatter = (lines: string[]) => `---\n${lines.join('\n')}\n---\n`

const HAND_WRITTEN: Record<string, string> = {
  // Read forgivingly.
  'number-id.html': `${frontMatter(['id: 305', 'title: 2024', 'slug: number-id', 'summary:   A post from a pull request.  ', 'publishDate: 2024-05-01', 'isPublished: yes'])}<p>Written by hand.</p>\n`,
  'unquoted-date.html': `${frontMatter(['title: "  Unquoted date  "', 'slug: unquoted-date', 'summary: No id, an unquoted date.', 'publishDate: 2024-04-30', 'isPublished: "true"', 'featuredImageUrl:'])}<p>One</p><p>Two on one line: formatting is no reason to refuse.</p>\n`,
  // Read, and served cleaned: the sanitizer removes the handler (a warning to admins).
  'unsafe-content.html': `${frontMatter(['title: Unsafe', 'slug: unsafe-content', 'summary: S', 'publishDate: 2024-05-01', 'isPublished: true'])}<p>Fine</p>\n<p onclick="steal()">Not fine</p>\n`,
  // Not read: what the file means is not clear.
  'introducing-watchio-copy.html': `${frontMatter(['title: A copy', 'slug: introducing-watchio', 'summary: S', 'publishDate: 2024-05-01', 'isPublished: true'])}<p>x</p>\n`,
  'wrong-name.html': `${frontMatter(['title: Wrong name', 'slug: right-name', 'summary: S', 'publishDate: 2024-05-01', 'isPublished: true'])}<p>x</p>\n`,
  'broken-yaml.html': `${frontMatter(['title: [unclosed', 'slug: broken-yaml', 'summary: S', 'publishDate: 2024-05-01', 'isPublished: true'])}<p>x</p>\n`,
  'same-id.html': `${frontMatter(['id: 305', 'title: Same id', 'slug: same-id', 'summary: S', 'publishDate: 2024-05-01', 'isPublished: true'])}<p>x</p>\n`,
}

const EXPECTED_PROBLEMS: Problem[] = [
  { path: 'content/blog/broken-yaml.html', reason: expect.stringMatching(/^front matter is not valid YAML \(.+\)$/) },
  {
    path: 'content/blog/introducing-watchio-copy.html',
    reason: 'slug "introducing-watchio" is already the slug of content/blog/introducing-watchio.html (and must equal this file\'s name, introducing-watchio-copy)',
  },
  {
    path: 'content/blog/same-id.html',
    reason:
      'id "305" is also the id of content/blog/number-id.html, which is read instead (the first file by name keeps the id): give this post another id, or delete its id line for one to be made',
  },
  {
    path: 'content/blog/unsafe-content.html',
    reason: 'content has onclick="steal()" on <p> (line 9), which the sanitizer would remove: the site shows it without that, and the next save writes the cleaned form',
    severity: 'warning',
  },
  { path: 'content/blog/wrong-name.html', reason: 'slug is "right-name" but must equal the file name (wrong-name)' },
] as Problem[]

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

const git = (...args: string[]) => runGit(args, { cwd: site.repoDir, env: MAINTAINER_GIT_ENV }).trim()
const get = (pathname: string) => fetch(new URL(pathname, server.url))
const problems = async () => (await api.json<Problem[]>('GET', '/api/admin/blog/problems')).body


beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({
    // The files arrive as a merged pull request would bring them: committed by a maintainer.
    prepare: async (prepared) => {
      for (const [name, text] of Object.entries(HAND_WRITTEN)) await writeFile(path.join(prepared.blogDir, name), text)
      commitAsMaintainer(prepared.repoDir, 'Posts from a pull request', 'content/blog')
    },
  }))
})

afterAll(() => close?.())

describe('hand-written post files are read where their meaning is clear', () => {
  it('the public API and pages show them, as their canonical values', async () => {
    const list = (await (await get('/api/blog/posts')).json()) as Record<string, unknown>[]
    expect(list.find((post) => post.slug === 'number-id')).toMatchObject({ id: '305', title: '2024', summary: 'A post from a pull request.', publishDate: '2024-05-01' })
    expect(list.find((post) => post.slug === 'unquoted-date')).toMatchObject({ title: 'Unquoted date', publishDate: '2024-04-30', featuredImageUrl: '' })
    expect((await get('/api/blog/posts/number-id')).status).toBe(200)
    expect(await (await get('/blog/number-id')).text()).toContain('Written by hand.')
    expect(await (await get('/blog/unquoted-date')).text()).toContain('Two on one line')
  })

  it('the admin list has them, by their ids', async () => {
    const { body } = await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')
    expect(body.find((post) => post.slug === 'number-id')).toMatchObject({ id: '305', isPublished: true })
    expect(body.find((post) => post.slug === 'unquoted-date')).toMatchObject({ isPublished: true })
    expect((await api.request('GET', '/api/admin/blog/posts/305')).status).toBe(200)
  })

  it('reading never rewrites a file', async () => {
    for (const [name, text] of Object.entries(HAND_WRITTEN)) expect(await readFile(path.join(site.blogDir, name), 'utf8')).toBe(text)
    expect(git('status', '--porcelain', '--', 'content/blog')).toBe('')
  })
})

describe('a file with HTML the sanitizer removes is served cleaned', () => {
  it('its page and the public API show it without what the sanitizer removes', async () => {
    const post = (await (await get('/api/blog/posts/unsafe-content')).json()) as { content: string }
    expect(post.content).toBe('<p>Fine</p>\n<p>Not fine</p>')
    const page = await (await get('/blog/unsafe-content')).text()
    expect(page).toContain('Not fine')
    expect(page).not.toContain('steal()')
  })
})

describe('GET /api/admin/blog/problems', () => {
  it('lists every file the site cannot read, with its repository path and why', async () => {
    // A start checks the content that is not clean as written after it listens.
    await server.site.checkContent()
    const response = await api.request('GET', '/api/admin/blog/problems')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual(EXPECTED_PROBLEMS)
  })

  it('none of those files is on the site, and the post whose slug a copy claims is still its own', async () => {
    for (const slug of ['wrong-name', 'right-name', 'broken-yaml', 'same-id', 'introducing-watchio-copy']) {
      expect((await get(`/api/blog/posts/${slug}`)).status, slug).toBe(404)
    }
    const original = (await (await get('/api/blog/posts/introducing-watchio')).json()) as { title: string }
    expect(original.title).not.toBe('A copy')
  })

  it('answers 401 when signed out', async () => {
    const response = await new ApiClient(server.url).request('GET', '/api/admin/blog/problems')
    expect(response.status).toBe(401)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).not.toContain('content/blog')
  })
})

describe('a fixed file leaves the problems within a moment', () => {
  it('fixed on disk: it is read, and no longer listed', async () => {
    await writeFile(path.join(site.blogDir, 'broken-yaml.html'), HAND_WRITTEN['broken-yaml.html']!.replace('title: [unclosed', 'title: Fixed on disk'))
    await waitFor(async () => !(await problems()).some((problem) => problem.path.endsWith('broken-yaml.html')))
    expect(((await (await get('/api/blog/posts/broken-yaml')).json()) as { title: string }).title).toBe('Fixed on disk')
    expect(await problems()).toEqual(EXPECTED_PROBLEMS.filter((problem) => !problem.path.endsWith('broken-yaml.html')))
  })

  it('fixed by a git pull (a fast-forward of the work tree): the same', async () => {
    // A maintainer's fix on another branch, merged into the branch the site serves, as `git pull` does.
    const other = path.join(path.dirname(site.repoDir), 'maintainer')
    git('worktree', 'add', '-q', '-b', 'fix-names', other)
    const maintainer = (...args: string[]) => runGit(args, { cwd: other, env: MAINTAINER_GIT_ENV })
    const fixed = HAND_WRITTEN['wrong-name.html']!.replace('slug: right-name', 'slug: wrong-name')
    await writeFile(path.join(other, 'content/blog/wrong-name.html'), fixed)
    await writeFile(path.join(other, 'content/blog/unsafe-content.html'), HAND_WRITTEN['unsafe-content.html']!.replace(' onclick="steal()"', ''))
    maintainer('commit', '-q', '-am', 'Fix two posts')
    git('merge', '-q', '--ff-only', 'fix-names')
    await waitFor(async () => (await problems()).length === EXPECTED_PROBLEMS.length - 3)
    expect((await problems()).map((problem) => problem.path)).toEqual(['content/blog/introducing-watchio-copy.html', 'content/blog/same-id.html'])
    expect((await get('/api/blog/posts/wrong-name')).status).toBe(200)
    expect((await get('/api/blog/posts/unsafe-content')).status).toBe(200)
  })

  it('a removed file leaves them too', async () => {
    await rm(path.join(site.blogDir, 'introducing-watchio-copy.html'))
    await waitFor(async () => (await problems()).length === 1)
  })
})

describe('the next admin save writes a forgivingly read file in its canonical form', () => {
  it('a save with no change rewrites the file canonically, as one commit, and the post keeps its id', async () => {
    const { body: post } = await api.json<AdminPost>('GET', '/api/admin/blog/posts/305')
    const { status } = await api.json('PUT', '/api/admin/blog/posts/305', post)
    expect(status).toBe(200)
    expect(git('log', '-1', '--format=%s')).toBe('blog: update "2024" (number-id)')
    const text = await readFile(path.join(site.blogDir, 'number-id.html'), 'utf8')
    expect(text).toBe(
      "---\nid: '305'\ntitle: '2024'\nslug: number-id\nsummary: A post from a pull request.\npublishDate: '2024-05-01'\nisPublished: true\nfeaturedImageUrl: ''\n---\n<p>Written by hand.</p>\n",
    )
    expect(parsePostFile(text, 'number-id.html')).toMatchObject({ id: '305', title: '2024' })
    // The file that shares its id still waits behind it.
    expect((await problems()).map((problem) => problem.path)).toEqual(['content/blog/same-id.html'])
  })
})

describe('the next admin save writes a file served cleaned in its cleaned form', () => {
  it('the save removes what the sanitizer removes, the commit shows it, and the warning goes', async () => {
    const file = path.join(site.blogDir, 'unsafe-content.html')
    await writeFile(file, (await readFile(file, 'utf8')).replace('<p>Not fine</p>', '<p style="color:red" onmouseover="steal()">Not fine</p>'))
    git('commit', '-q', '-am', 'A style by hand')
    await waitFor(async () => (await problems()).some((problem) => problem.path === 'content/blog/unsafe-content.html'))
    expect((await problems()).find((problem) => problem.path === 'content/blog/unsafe-content.html')).toEqual({
      path: 'content/blog/unsafe-content.html',
      reason: expect.stringMatching(/^content has style="color:red" on <p> \(line \d+\), which the sanitizer would remove/),
      severity: 'warning',
    })
    const { id } = (await api.json<AdminPost[]>('GET', '/api/admin/blog/posts')).body.find((entry) => entry.slug === 'unsafe-content')!
    const { body: post } = await api.json<AdminPost>('GET', `/api/admin/blog/posts/${id}`)
    const { status } = await api.json('PUT', `/api/admin/blog/posts/${id}`, post)
    expect(status).toBe(200)
    expect(await readFile(file, 'utf8')).toMatch(/<p>Fine<\/p>\n<p>Not fine<\/p>\n$/)
    expect(git('show', '--format=', 'HEAD', '--', 'content/blog/unsafe-content.html')).toContain('-<p style="color:red" onmouseover="steal()">Not fine</p>')
    expect((await problems()).some((problem) => problem.path === 'content/blog/unsafe-content.html')).toBe(false)
  })
})
