/**
 * The admin's tags over a real server: the tags in use (drafts included) with their counts, the
 * list filtered by tag, and a tag renamed or merged across posts as one commit of exactly the
 * files that had it, with the public tag pages following; bad input refused in words.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { type ApiClient, commitCount } from '../support/admin-client.ts'
import { postText } from '../support/fixtures.ts'
import { git } from '../support/git.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import type { TempSite } from '../support/temp-site.ts'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

function postFile(slug: string, day: number, tags: string, isPublished = true): string {
  const publishDate = `2025-08-${String(day).padStart(2, '0')}`
  return postText({ id: slug.replaceAll('-', ''), slug, title: `Post ${slug}`, summary: 'With tags.', body: 'Tagged.', publishDate, isPublished, tags })
}

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({
    prepare: async (prepared) => {
      await writeFile(path.join(prepared.blogDir, 'tv-one.html'), postFile('tv-one', 1, 'Apple TV, Setup'))
      await writeFile(path.join(prepared.blogDir, 'tv-two.html'), postFile('tv-two', 2, 'apple tv'))
      await writeFile(path.join(prepared.blogDir, 'tv-draft.html'), postFile('tv-draft', 3, 'Apple TV, Streaming', false))
      await writeFile(path.join(prepared.blogDir, 'stream-one.html'), postFile('stream-one', 4, 'Streaming'))
      git(prepared.repoDir, 'add', '-A')
      git(prepared.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'tagged posts')
    },
  }))
  await server.site.pages.idle()
})

afterAll(() => close?.())

type Tag = { name: string; slug: string; count: number }
const slugsOf = (cards: { slug: string }[]) => cards.map((card) => card.slug).sort()

describe('GET /api/admin/tags', () => {
  it('lists every tag on a post, drafts included, once per slug, named as its newest post spells it, with counts', async () => {
    const { status, body } = await api.json<Tag[]>('GET', '/api/admin/tags')
    expect(status).toBe(200)
    expect(body).toEqual([
      { name: 'Apple TV', slug: 'apple-tv', count: 3 },
      { name: 'Setup', slug: 'setup', count: 1 },
      { name: 'Streaming', slug: 'streaming', count: 2 },
    ])
  })
})

describe('the list filtered by tag', () => {
  it('keeps the posts with the tag, drafts included, and their cards carry their tags', async () => {
    const { status, body, response } = await api.json<{ slug: string; tags?: string[] }[]>('GET', '/api/admin/blog/posts?tag=apple-tv')
    expect(status).toBe(200)
    expect(slugsOf(body)).toEqual(['tv-draft', 'tv-one', 'tv-two'])
    expect(response.headers.get('x-total-count')).toBe('3')
    expect(body.find((card) => card.slug === 'tv-one')?.tags).toEqual(['Apple TV', 'Setup'])
    const drafts = await api.json<{ slug: string }[]>('GET', '/api/admin/blog/posts?tag=streaming&state=draft')
    expect(slugsOf(drafts.body)).toEqual(['tv-draft'])
    expect((await api.json<unknown[]>('GET', '/api/admin/blog/posts?tag=nothing-here')).body).toEqual([])
  })

  it('refuses a tag that is no slug, or given twice', async () => {
    for (const query of ['tag=Apple%20TV', 'tag=a&tag=b', 'tag=-x']) {
      const { status, body } = await api.json<{ field?: string }>('GET', `/api/admin/blog/posts?${query}`)
      expect(status, query).toBe(400)
      expect(JSON.stringify(body), query).toMatch(/tag/)
    }
  })
})

describe('POST /api/admin/tags/rename', () => {
  it('renames a tag in every post that has it, drafts included, as one commit of exactly those files', async () => {
    const before = commitCount(site.repoDir)
    const { status, body } = await api.json<{ posts: number; tag: Tag }>('POST', '/api/admin/tags/rename', { from: 'Apple TV', to: 'tvOS' })
    expect(status).toBe(200)
    expect(body).toEqual({ posts: 3, tag: { name: 'tvOS', slug: 'tvos', count: 3 } })
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect(git(site.repoDir, 'log', '-1', '--format=%s')).toBe('blog: rename the tag "Apple TV" to "tvOS" in 3 posts')
    expect(git(site.repoDir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'content/blog/tv-draft.html',
      'content/blog/tv-one.html',
      'content/blog/tv-two.html',
      'content/redirects.yaml',
    ])
    expect(git(site.repoDir, 'show', 'HEAD:content/blog/tv-one.html')).toContain("tags:\n  - tvOS\n  - Setup\n")
    // The public side follows: the old tag's page and feeds redirect to the new one's, which lists the live posts.
    await server.site.pages.idle()
    for (const [from, to] of [
      ['/blog/tag/apple-tv', '/blog/tag/tvos'],
      ['/blog/tag/apple-tv/', '/blog/tag/tvos'],
      ['/blog/tag/apple-tv/rss.xml', '/blog/tag/tvos/rss.xml'],
      ['/blog/tag/apple-tv/atom.xml', '/blog/tag/tvos/atom.xml'],
      ['/blog/tag/apple-tv/feed.json', '/blog/tag/tvos/feed.json'],
    ]) {
      const response = await fetch(`${server.url}${from}`, { redirect: 'manual' })
      expect(response.status, from).toBe(301)
      expect(new URL(response.headers.get('location')!, server.url).pathname, from).toBe(to)
    }
    expect((await fetch(`${server.url}/blog/tag/apple-tv/rss.xml`)).headers.get('content-type')).toMatch(/rss\+xml/)
    const page = await (await fetch(`${server.url}/blog/tag/tvos`)).text()
    expect(page).toContain('href="/blog/tv-one"')
    expect(page).not.toContain('href="/blog/tv-draft"')
    const { body: tags } = await api.json<Tag[]>('GET', '/api/admin/tags')
    expect(tags.map((tag) => tag.slug)).toEqual(['setup', 'streaming', 'tvos'])
  })

  it('merges into a tag a post already has: kept once, where it was', async () => {
    const { status, body } = await api.json<{ posts: number; tag: Tag }>('POST', '/api/admin/tags/rename', { from: 'streaming', to: 'tvOS' })
    expect(status).toBe(200)
    expect(body).toEqual({ posts: 2, tag: { name: 'tvOS', slug: 'tvos', count: 4 } })
    expect((await api.postBySlug('tv-draft'))?.tags).toEqual(['tvOS'])
    expect((await api.postBySlug('stream-one'))?.tags).toEqual(['tvOS'])
    // Both old tags now lead straight to the one they were merged into.
    for (const from of ['/blog/tag/streaming', '/blog/tag/apple-tv']) {
      const response = await fetch(`${server.url}${from}`, { redirect: 'manual' })
      expect(response.status, from).toBe(301)
      expect(response.headers.get('location'), from).toBe('/blog/tag/tvos')
    }
  })

  it('records no redirect for a change of case alone: the slug and its page stay', async () => {
    const redirectsBefore = git(site.repoDir, 'show', 'HEAD:content/redirects.yaml')
    expect((await api.json('POST', '/api/admin/tags/rename', { from: 'tvos', to: 'TVOS' })).status).toBe(200)
    expect(git(site.repoDir, 'show', '--name-only', '--format=', 'HEAD')).not.toContain('redirects.yaml')
    expect((await fetch(`${server.url}/blog/tag/tvos`, { redirect: 'manual' })).status).toBe(200)
    expect(git(site.repoDir, 'show', 'HEAD:content/redirects.yaml')).toBe(redirectsBefore)
  })

  it('refuses bad input with 400, an unknown tag with 404, and commits nothing', async () => {
    const before = commitCount(site.repoDir)
    const cases: [unknown, number, RegExp][] = [
      [{ to: 'x' }, 400, /from/],
      [{ from: '!!!', to: 'x' }, 400, /from/],
      [{ from: 'setup' }, 400, /to/],
      [{ from: 'setup', to: 'a\u0007b' }, 400, /to must be one line/],
      [{ from: 'setup', to: 'x'.repeat(41) }, 400, /to must be at most 40/],
      [{ from: 'setup', to: ['a', 'b'] }, 400, /one tag/],
      [{ from: 'no-such-tag', to: 'x' }, 404, /No post has the tag/],
    ]
    for (const [body, expected, message] of cases) {
      const answer = await api.json('POST', '/api/admin/tags/rename', body)
      expect(answer.status, JSON.stringify(body)).toBe(expected)
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toMatch(message)
    }
    expect(commitCount(site.repoDir)).toBe(before)
  })
})
