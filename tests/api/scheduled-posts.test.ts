import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

/** Servers and sites of the running test, closed after it. */
const open: { server?: RunningServer; site: TempSite }[] = []

afterEach(async () => {
  for (const { server, site } of open.splice(0)) {
    await server?.close()
    await site.cleanup()
  }
})

function postFile(slug: string, publishDate: string, isPublished = true): string {
  return [
    '---',
    `id: ${slug.replace(/-/g, '')}`,
    `title: Post ${slug}`,
    `slug: ${slug}`,
    'summary: A post.',
    `publishDate: '${publishDate}'`,
    `isPublished: ${isPublished}`,
    "featuredImageUrl: ''",
    '---',
    `<p>The post ${slug}.</p>`,
    '',
  ].join('\n')
}

/** A site whose only posts are `posts` (committed), and a server over it on the clock `now()`. */
async function siteWith(posts: [slug: string, date: string, published?: boolean][], options: { now: () => Date; timeZone?: string }) {
  const site = await createTempSite({ empty: true })
  const entry: { server?: RunningServer; site: TempSite } = { site }
  open.push(entry)
  for (const [slug, date, published] of posts) await writeFile(path.join(site.blogDir, `${slug}.html`), postFile(slug, date, published))
  git(site.repoDir, 'add', '-A')
  git(site.repoDir, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', 'posts')
  const env: Record<string, string> = options.timeZone ? { SITE_TIMEZONE: options.timeZone } : {}
  entry.server = await startTestServer(site, { env, clock: options.now })
  return { site, server: entry.server }
}

async function publicState(server: RunningServer, slug: string) {
  const list = (await (await fetch(`${server.url}/api/blog/posts`)).json()) as { slug: string }[]
  const page = await fetch(`${server.url}/blog/${slug}`)
  const blog = await (await fetch(`${server.url}/blog`)).text()
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
  const feeds = await Promise.all(['/blog/rss.xml', '/blog/atom.xml'].map(async (feed) => (await fetch(server.url + feed)).text()))
  return {
    listed: list.some((post) => post.slug === slug),
    api: (await fetch(`${server.url}/api/blog/posts/${slug}`)).status,
    page: page.status,
    onBlogPage: blog.includes(`/blog/${slug}"`),
    inSitemap: sitemap.includes(`/blog/${slug}</loc>`),
    inFeeds: feeds.map((feed) => feed.includes(`/blog/${slug}<`) || feed.includes(`/blog/${slug}"`)),
  }
}

const LIVE = { listed: true, api: 200, page: 200, onBlogPage: true, inSitemap: true, inFeeds: [true, true] }
const HIDDEN = { listed: false, api: 404, page: 404, onBlogPage: false, inSitemap: false, inFeeds: [false, false] }

describe('scheduled posts', () => {
  it('shows yesterday\'s and today\'s posts, and nothing of tomorrow\'s anywhere public; drafts stay drafts', async () => {
    const now = new Date('2026-03-10T12:00:00Z')
    const { server } = await siteWith(
      [
        ['yesterday', '2026-03-09'],
        ['today', '2026-03-10'],
        ['tomorrow', '2026-03-11'],
        ['old-draft', '2026-03-01', false],
      ],
      { now: () => now },
    )
    expect(await publicState(server, 'yesterday')).toEqual(LIVE)
    expect(await publicState(server, 'today')).toEqual(LIVE)
    expect(await publicState(server, 'tomorrow')).toEqual(HIDDEN)
    expect(await publicState(server, 'old-draft')).toEqual(HIDDEN)

    // The admin sees it, marked, and can list the scheduled posts alone.
    const api = await new ApiClient(server.url).signIn()
    const cards = (await api.json<{ slug: string; scheduled?: true; isPublished: boolean }[]>('GET', '/api/admin/blog/posts')).body
    expect(cards.find((card) => card.slug === 'tomorrow')).toMatchObject({ isPublished: true, scheduled: true })
    expect(cards.find((card) => card.slug === 'today')?.scheduled).toBeUndefined()
    expect(cards.find((card) => card.slug === 'old-draft')?.scheduled).toBeUndefined()
    const scheduled = (await api.json<{ slug: string }[]>('GET', '/api/admin/blog/posts?state=scheduled')).body
    expect(scheduled.map((card) => card.slug)).toEqual(['tomorrow'])
    const published = (await api.json<{ slug: string }[]>('GET', '/api/admin/blog/posts?state=published')).body
    expect(published.map((card) => card.slug)).toEqual(['today', 'yesterday'])
    expect((await api.json<{ timeZone: string }>('GET', '/api/admin/site')).body).toEqual({ timeZone: 'UTC' })
    expect((await new ApiClient(server.url).json('GET', '/api/admin/site')).status).toBe(401)
  })

  it('goes live by itself when its day begins: no restart, no commit, within seconds of the clock', async () => {
    let now = new Date('2026-03-10T23:59:58Z')
    const { site, server } = await siteWith([['launch', '2026-03-11']], { now: () => now })
    const api = await new ApiClient(server.url).signIn()
    // Scheduled through the admin too: a saved post dated tomorrow.
    const saved = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'saved-for-later', publishDate: '2026-03-11', isPublished: true }))
    expect(saved.status).toBe(201)
    expect(await publicState(server, 'launch')).toEqual(HIDDEN)
    expect(await publicState(server, 'saved-for-later')).toEqual(HIDDEN)
    const commits = commitCount(site.repoDir)

    now = new Date('2026-03-11T00:00:00Z')
    const started = performance.now()
    await waitFor(async () => ((await publicState(server, 'launch')).page === 200 ? true : undefined), 5000)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(await publicState(server, 'launch')).toEqual(LIVE)
    expect(await publicState(server, 'saved-for-later')).toEqual(LIVE)
    expect(commitCount(site.repoDir)).toBe(commits)
  })

  it('starts the day at midnight in SITE_TIMEZONE, not in UTC (two zones)', async () => {
    // 2026-03-11 begins in Auckland (UTC+13 then) at 2026-03-10T11:00Z, in Los Angeles (UTC-7) at 2026-03-11T07:00Z.
    for (const [timeZone, justBefore, atStart] of [
      ['Pacific/Auckland', '2026-03-10T10:59:59Z', '2026-03-10T11:00:00Z'],
      ['America/Los_Angeles', '2026-03-11T06:59:59Z', '2026-03-11T07:00:00Z'],
    ] as const) {
      let now = new Date(justBefore)
      const { server } = await siteWith([['midnight', '2026-03-11']], { now: () => now, timeZone })
      expect(await publicState(server, 'midnight'), timeZone).toEqual(HIDDEN)
      now = new Date(atStart)
      await waitFor(async () => ((await publicState(server, 'midnight')).listed ? true : undefined), 5000)
      expect(await publicState(server, 'midnight'), timeZone).toEqual(LIVE)
    }
  })

  it('shows a post whose day began while the server was stopped, from the start', async () => {
    const { server } = await siteWith([['while-stopped', '2026-03-11']], { now: () => new Date('2026-03-12T08:00:00Z') })
    expect(await publicState(server, 'while-stopped')).toEqual(LIVE)
  })

  it('hides a post again when the clock is set back before its day', async () => {
    let now = new Date('2026-03-11T01:00:00Z')
    const { server } = await siteWith([['clock-back', '2026-03-11']], { now: () => now })
    expect((await publicState(server, 'clock-back')).listed).toBe(true)
    now = new Date('2026-03-10T20:00:00Z')
    await waitFor(async () => ((await publicState(server, 'clock-back')).listed ? undefined : true), 5000)
    expect(await publicState(server, 'clock-back')).toEqual(HIDDEN)
  })
})
