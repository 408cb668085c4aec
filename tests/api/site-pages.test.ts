/**
 * One site per content repository: two servers started side by side from this checkout, over
 * two different repositories and with one DATA_DIR (as two `npm start`s with the default `.data`),
 * share the build and none of their pages. Each serves its own /blog, posts, sitemap and
 * robots.txt, never the other's nor the build's copy of a page it does not have; a removed page
 * leaves no file or folder behind; and no save changes a byte of the build (a read-only build
 * folder, as in a container image, must do).
 *
 * The build is a copy of dist/ prerendered from the tests' own content (fixture-build.ts):
 * dist/ itself is made from content/, which editors change. Site A holds that content and runs
 * with the build's settings, so it serves the build's pages wherever they are its own (and
 * writes none at first start). Site B holds other content under another SITE_URL, so it
 * renders every page itself.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBuildInfo } from '../../server/build-info.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { createFixtureBuild, type FixtureBuild } from '../support/fixture-build.ts'
import { emptyFolders, listFiles, snapshotFolder } from '../support/folder-snapshot.ts'
import { git } from '../support/git.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'

type AdminPost = { id: string; slug: string; title: string; isPublished: boolean; version: string } & Record<string, unknown>

let fixtureBuild: FixtureBuild | undefined
let distDir: string
/** A post the build prerendered (the fixture content): B must never serve it. */
const BUILT_POST = 'add-an-m3u-playlist'

/** B's own post, a fixture of this test. */
const B_POST = [
  '---',
  'id: b7site01',
  'title: Only in the second site',
  'slug: only-in-b',
  'summary: A post that only the second repository holds.',
  "publishDate: '2025-09-01'",
  'isPublished: true',
  "featuredImageUrl: ''",
  '---',
  '<p>Written for the second site.</p>',
  '',
].join('\n')

let distBefore: Record<string, string>
/** The settings dist/ was built with, as environment variables: site A runs with them. */
let buildSettingsEnv: Record<string, string>
let siteA: TempSite
let siteB: TempSite
let serverA: RunningServer | undefined
let serverB: RunningServer | undefined
let apiA: ApiClient
let apiB: ApiClient

beforeAll(async () => {
  fixtureBuild = await createFixtureBuild()
  distDir = fixtureBuild.distDir
  distBefore = await snapshotFolder(distDir)
  const build = await readBuildInfo(distDir)
  if (!build?.settings) throw new Error('dist/build-info.json has no settings: run npm run build')
  siteA = await createTempSite()
  siteB = await createTempSite({ empty: true, dataDir: siteA.dataDir })
  await writeFile(path.join(siteB.blogDir, 'only-in-b.html'), B_POST)
  git(siteB.repoDir, 'add', '-A')
  git(siteB.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'the second site')
  const { siteUrl, redirectTargets } = build.settings
  buildSettingsEnv = {
    SITE_URL: siteUrl,
    FEEDBACK_URL: redirectTargets.feedback,
    DISCORD_URL: redirectTargets.discord,
    HELP_URL: redirectTargets.help,
    IPTV_ACCOUNT_URL: redirectTargets.iptv,
  }
  serverA = await startTestServer(siteA, { env: buildSettingsEnv, distDir })
  serverB = await startTestServer(siteB, { env: { SITE_URL: 'https://second.example' }, distDir })
  apiA = await new ApiClient(serverA.url).signIn()
  apiB = await new ApiClient(serverB.url).signIn()
})

afterAll(async () => {
  await serverA?.close()
  await serverB?.close()
  await siteA?.cleanup()
  await siteB?.cleanup()
  await fixtureBuild?.cleanup()
})

const get = (server: RunningServer | undefined, pathname: string) => fetch(new URL(pathname, server!.url))
// Not following a redirect: a renamed post's old page answers 301 (content/redirects.yaml).
const status = async (server: RunningServer | undefined, pathname: string) => {
  const response = await fetch(new URL(pathname, server!.url), { redirect: 'manual' })
  await response.arrayBuffer()
  return response.status
}
const text = async (server: RunningServer | undefined, pathname: string) => (await (await get(server, pathname)).text()).replace(/<!-- -->/g, '')

async function postBySlug(api: ApiClient, slug: string): Promise<AdminPost> {
  const post = await api.postBySlug<AdminPost>(slug)
  if (!post) throw new Error(`no post ${slug}`)
  return post
}

async function save(api: ApiClient, slug: string, changes: Partial<AdminPost>): Promise<void> {
  const post = await postBySlug(api, slug)
  const { status: code } = await api.json('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, ...changes })
  expect(code).toBe(200)
}

async function remove(api: ApiClient, slug: string): Promise<void> {
  const post = await postBySlug(api, slug)
  expect((await api.request('DELETE', `/api/admin/blog/posts/${post.id}`)).status).toBe(204)
}

/** What a site shows of a post: its page, its link on /blog (page 1), its sitemap entry. */
async function shows(server: RunningServer | undefined, slug: string) {
  return {
    page: await status(server, `/blog/${slug}`),
    listed: (await text(server, '/blog')).includes(`href="/blog/${slug}"`),
    inSitemap: (await text(server, '/sitemap.xml')).includes(`/blog/${slug}</loc>`),
  }
}
const SHOWN = { page: 200, listed: true, inSitemap: true }
const ABSENT = { page: 404, listed: false, inSitemap: false }
/** A renamed post's old slug: its page redirects to the new one. */
const MOVED = { ...ABSENT, page: 301 }

describe('two sites from one checkout', () => {
  it('each serves its own posts, list, sitemap and robots.txt, never the other\'s or the build\'s', async () => {
    expect(existsSync(path.join(distDir, 'client/blog', BUILT_POST, 'index.html'))).toBe(true)
    expect(await shows(serverA, BUILT_POST)).toEqual(SHOWN)
    expect(await shows(serverA, 'only-in-b')).toEqual(ABSENT)
    expect(await shows(serverB, 'only-in-b')).toEqual(SHOWN)
    expect(await shows(serverB, BUILT_POST)).toEqual(ABSENT)
    // Nor as a plain file of the build.
    expect(await status(serverB, `/blog/${BUILT_POST}/index.html`)).not.toBe(200)

    const build = (await readBuildInfo(distDir))!
    expect(await text(serverA, '/robots.txt')).toContain(`Sitemap: ${build.settings!.siteUrl}/sitemap.xml`)
    expect(await text(serverB, '/robots.txt')).toContain('Sitemap: https://second.example/sitemap.xml')
    expect(await text(serverB, '/sitemap.xml')).not.toContain(build.settings!.siteUrl)
    expect(await text(serverB, '/pricing')).toContain('https://second.example/pricing')
    // The build's assets are served to both.
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await text(serverB, '/blog/only-in-b'))![1]!
    expect(await status(serverA, asset)).toBe(200)
    expect(await status(serverB, asset)).toBe(200)
  })

  it('a site over the build\'s content and settings writes no page of its own; another renders its own', async () => {
    // B renders its pages in the background after start: these are its files once it is done.
    await serverA!.site.pages.idle()
    await serverB!.site.pages.idle()
    expect(await listFiles(siteA.pagesDir)).toEqual([])
    expect(await listFiles(siteB.pagesDir)).toEqual(expect.arrayContaining(['blog/index.html', 'blog/only-in-b/index.html', 'sitemap.xml', 'robots.txt']))
  })

  it('an edit, unpublish, publish, rename, delete and create at A show at A only, and leave nothing behind', async () => {
    const original = await postBySlug(apiA, BUILT_POST)
    await save(apiA, BUILT_POST, { title: 'Edited in the first site' })
    expect(await text(serverA, `/blog/${BUILT_POST}`)).toContain('Edited in the first site')
    expect(await listFiles(siteA.pagesDir)).toContain(`blog/${BUILT_POST}/index.html`)

    await save(apiA, BUILT_POST, { isPublished: false })
    expect(await shows(serverA, BUILT_POST)).toEqual(ABSENT)
    expect(existsSync(path.join(siteA.pagesDir, 'blog', BUILT_POST))).toBe(false)

    // Published again as the build has it: the build's page is served again, no copy is kept.
    await save(apiA, BUILT_POST, { title: original.title, isPublished: true })
    expect(await shows(serverA, BUILT_POST)).toEqual(SHOWN)
    expect(await text(serverA, `/blog/${BUILT_POST}`)).toContain(original.title)
    expect(existsSync(path.join(siteA.pagesDir, 'blog', BUILT_POST))).toBe(false)

    await save(apiA, 'merge-content-across-accounts', { slug: 'merge-renamed-in-a' })
    expect(await shows(serverA, 'merge-content-across-accounts')).toEqual(MOVED)
    expect(await shows(serverA, 'merge-renamed-in-a')).toEqual(SHOWN)

    await remove(apiA, 'subtitles-in-watchio')
    expect(await shows(serverA, 'subtitles-in-watchio')).toEqual(ABSENT)

    expect((await apiA.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'made-in-a' }))).status).toBe(201)
    expect(await shows(serverA, 'made-in-a')).toEqual(SHOWN)

    for (const slug of ['merge-renamed-in-a', 'made-in-a']) expect(await shows(serverB, slug)).toEqual(ABSENT)
    expect(await shows(serverB, 'only-in-b')).toEqual(SHOWN)
    for (const slug of ['merge-content-across-accounts', 'subtitles-in-watchio']) expect(existsSync(path.join(siteA.pagesDir, 'blog', slug))).toBe(false)
    expect(await emptyFolders(siteA.pagesDir)).toEqual([])
  })

  it('a create, rename, unpublish and delete at B show at B only, and leave no empty folder', async () => {
    expect((await apiB.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'made-in-b' }))).status).toBe(201)
    expect(await shows(serverB, 'made-in-b')).toEqual(SHOWN)
    expect(await shows(serverA, 'made-in-b')).toEqual(ABSENT)

    await save(apiB, 'made-in-b', { slug: 'renamed-in-b' })
    expect(await shows(serverB, 'made-in-b')).toEqual(MOVED)
    expect(await shows(serverB, 'renamed-in-b')).toEqual(SHOWN)

    await save(apiB, 'renamed-in-b', { isPublished: false })
    expect(await shows(serverB, 'renamed-in-b')).toEqual(ABSENT)
    await save(apiB, 'renamed-in-b', { isPublished: true })
    expect(await shows(serverB, 'renamed-in-b')).toEqual(SHOWN)

    await remove(apiB, 'renamed-in-b')
    await remove(apiB, 'only-in-b')
    expect(await shows(serverB, 'renamed-in-b')).toEqual(ABSENT)
    expect(await shows(serverB, 'only-in-b')).toEqual(ABSENT)
    expect(await text(serverB, '/blog')).toContain('No blog posts yet. Check back soon!')
    // The list and the (empty) feeds stay.
    expect((await listFiles(siteB.pagesDir)).filter((file) => file.startsWith('blog/'))).toEqual(['blog/atom.xml', 'blog/feed.json', 'blog/index.html', 'blog/rss.xml'])
    expect(await emptyFolders(siteB.pagesDir)).toEqual([])
    // A is untouched by all of it.
    expect(await shows(serverA, 'made-in-a')).toEqual(SHOWN)
  })

  it('a restart catches up with what changed meanwhile, from its own folder, never reviving the build\'s page', async () => {
    await serverA!.close()
    serverA = undefined
    // While A is down, a maintainer removes a post the build has and edits another.
    git(siteA.repoDir, 'rm', '-q', 'content/blog/connect-an-xtream-codes-account.html')
    const edited = path.join(siteA.blogDir, 'your-credentials-stay-on-your-device.html')
    await writeFile(edited, (await readFile(edited, 'utf8')).replace(/^title: .*$/m, 'title: Edited while the site was down'))
    git(siteA.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qam', 'by hand')
    const logger = recordingLogger()
    serverA = await startTestServer(siteA, { env: buildSettingsEnv, logger, distDir })
    expect(await shows(serverA, 'connect-an-xtream-codes-account')).toEqual(ABSENT)
    expect(await text(serverA, '/blog/your-credentials-stay-on-your-device')).toContain('Edited while the site was down')
    // The two posts, /blog, the sitemap and the three feeds, and the 6 posts' pages that link to
    // one of the two (previous, next or related posts), rendered in the background; nothing else is rendered again.
    await serverA.site.pages.idle()
    expect(existsSync(path.join(siteA.pagesDir, 'blog/connect-an-xtream-codes-account'))).toBe(false)
    expect(logger.lines.some((line) => line.startsWith('info: 13 pages differ from their content '))).toBe(true)
    expect(logger.lines.some((line) => /^info: Regenerated 13 pages in the background in \d+\.\d s \(13 were stale at start\)$/.test(line))).toBe(true)
    expect(await shows(serverA, 'made-in-a')).toEqual(SHOWN)
    expect(await emptyFolders(siteA.pagesDir)).toEqual([])
  })

  it('dist/ is byte for byte what the build made, after all those saves and both shutdowns', async () => {
    await serverA!.close()
    await serverB!.close()
    serverA = serverB = undefined
    expect(await snapshotFolder(distDir)).toEqual(distBefore)
  })
})
