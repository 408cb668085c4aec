import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { waitFor } from '../support/wait-for.ts'

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

/** A site whose only posts are `posts` (committed), and a signed-in server over it on the clock `now()`. */
function siteWith(posts: [slug: string, date: string, published?: boolean][], options: { now: () => Date; timeZone?: string }): Promise<SignedInServer> {
  return signedInServer({
    site: { empty: true },
    prepare: async (site) => {
      for (const [slug, date, published] of posts) await writeFile(path.join(site.blogDir, `${slug}.html`), postFile(slug, date, published))
      git(site.repoDir, 'add', '-A')
      git(site.repoDir, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', 'posts')
    },
    env: options.timeZone ? { SITE_TIMEZONE: options.timeZone } : {},
    clock: options.now,
  })
}

/** Servers of one test (another zone, another start), closed after it. */
const own: SignedInServer[] = []
afterEach(async () => {
  for (const server of own.splice(0)) await server.close()
})

/**
 * One server in UTC for the tests that only move its clock, in this order: a post of tomorrow
 * hidden, going live at midnight, hidden again when the clock goes back.
 */
let now = new Date('2026-03-10T12:00:00Z')
let utc: SignedInServer
beforeAll(async () => {
  utc = await siteWith(
    [
      ['yesterday', '2026-03-09'],
      ['today', '2026-03-10'],
      ['tomorrow', '2026-03-11'],
      ['old-draft', '2026-03-01', false],
    ],
    { now: () => now },
  )
})
afterAll(() => utc?.close())

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
    const { server, api } = utc
    expect(await publicState(server, 'yesterday')).toEqual(LIVE)
    expect(await publicState(server, 'today')).toEqual(LIVE)
    expect(await publicState(server, 'tomorrow')).toEqual(HIDDEN)
    expect(await publicState(server, 'old-draft')).toEqual(HIDDEN)

    // The admin sees it, marked, and can list the scheduled posts alone.
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

  // How soon after the clock's midnight (a second at most): tests/unit/publish-schedule.test.ts, on fake timers.
  it('goes live by itself when its day begins: no restart, no commit', async () => {
    now = new Date('2026-03-10T23:59:58Z')
    const { site, server, api } = utc
    // Scheduled through the admin too: a saved post dated tomorrow.
    const saved = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'saved-for-later', publishDate: '2026-03-11', isPublished: true }))
    expect(saved.status).toBe(201)
    expect(await publicState(server, 'tomorrow')).toEqual(HIDDEN)
    expect(await publicState(server, 'saved-for-later')).toEqual(HIDDEN)
    const commits = commitCount(site.repoDir)

    now = new Date('2026-03-11T00:00:00Z')
    await waitFor(async () => (await publicState(server, 'tomorrow')).page === 200)
    expect(await publicState(server, 'tomorrow')).toEqual(LIVE)
    expect(await publicState(server, 'saved-for-later')).toEqual(LIVE)
    expect(commitCount(site.repoDir)).toBe(commits)
  })

  it('hides a post again when the clock is set back before its day', async () => {
    // Live since the test before.
    const { server } = utc
    expect((await publicState(server, 'tomorrow')).listed).toBe(true)
    now = new Date('2026-03-10T20:00:00Z')
    await waitFor(async () => !(await publicState(server, 'tomorrow')).listed)
    expect(await publicState(server, 'tomorrow')).toEqual(HIDDEN)
  })

  it('starts the day at midnight in SITE_TIMEZONE, not in UTC (two zones)', async () => {
    // 2026-03-11 begins in Auckland (UTC+13 then) at 2026-03-10T11:00Z, in Los Angeles (UTC-7) at 2026-03-11T07:00Z.
    for (const [timeZone, justBefore, atStart] of [
      ['Pacific/Auckland', '2026-03-10T10:59:59Z', '2026-03-10T11:00:00Z'],
      ['America/Los_Angeles', '2026-03-11T06:59:59Z', '2026-03-11T07:00:00Z'],
    ] as const) {
      let zoneNow = new Date(justBefore)
      const zoned = await siteWith([['midnight', '2026-03-11']], { now: () => zoneNow, timeZone })
      own.push(zoned)
      const { server } = zoned
      expect(await publicState(server, 'midnight'), timeZone).toEqual(HIDDEN)
      zoneNow = new Date(atStart)
      await waitFor(async () => (await publicState(server, 'midnight')).listed)
      expect(await publicState(server, 'midnight'), timeZone).toEqual(LIVE)
    }
  })

  it('shows a post whose day began while the server was stopped, from the start', async () => {
    const later = await siteWith([['while-stopped', '2026-03-11']], { now: () => new Date('2026-03-12T08:00:00Z') })
    own.push(later)
    const { server } = later
    expect(await publicState(server, 'while-stopped')).toEqual(LIVE)
  })
})
