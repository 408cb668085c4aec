/**
 * `npm run import` of a Ghost export and of a folder of Markdown posts, end to end on a real git
 * repository in a temp folder (runImport with ContentRepository.open, as the CLI runs it): the
 * reader is chosen by the path, the posts are written as the server reads them, a folder's own
 * images go into the media library, old paths become redirects, all in one commit.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { parseRedirects, redirectsOf } from '../../server/content/redirects-file.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { importTarget } from '../../server/import/import-target.ts'
import { runImport } from '../../server/import/run-import.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { git, tempGitRepo } from '../support/git.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')
const AUTHOR = { name: 'Importer', email: 'import@localhost' }

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setUp() {
  const repo = tempGitRepo({ files: { 'content/blog/.keep': '' }, commit: 'init' })
  cleanups.push(repo.remove)
  const contentDir = path.join(repo.dir, 'content')
  const target = importTarget({
    contentDir,
    uploadsDir: null,
    timeZone: 'UTC',
    limits: { maxBytes: 10 * 1024 * 1024, maxPixels: 50_000_000, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024 },
    pagePaths: new Set(['/pricing']),
    now: new Date('2026-11-26T12:00:00Z'),
  })
  const run = (source: string) => runImport({ source, target, dryRun: false, author: AUTHOR, openRepository: () => ContentRepository.open({ dir: contentDir, logger: silentLogger }) })
  const posts = () =>
    readdirSync(path.join(contentDir, 'blog'))
      .filter((name) => name.endsWith('.html'))
      .map((name) => {
        const text = readFileSync(path.join(contentDir, 'blog', name), 'utf8')
        const post = parsePostFile(text, name)
        expect(findUnsafeHtml(post.content)).toBeNull()
        return post
      })
  const redirects = () => redirectsOf(parseRedirects(readFileSync(path.join(contentDir, 'redirects.yaml'), 'utf8'))).map(({ from, to }) => `${from} → ${to}`)
  return { repo, run, posts, redirects }
}

describe('runImport', () => {
  it("of a Hugo folder: its posts, drafts and scheduled posts, its bundle's images in the library, its aliases as redirects, one commit", async () => {
    const { repo, run, posts, redirects } = setUp()
    const result = await run(path.join(FIXTURES, 'markdown', 'hugo'))
    expect(git(repo.dir, 'log', '-1', '--format=%s').trim()).toBe('import: 5 posts from Markdown (hugo)')
    expect(git(repo.dir, 'rev-list', '--count', 'HEAD').trim()).toBe('2')
    expect(result.commit).toBe(git(repo.dir, 'rev-parse', 'HEAD').trim())
    const bySlug = new Map(posts().map((post) => [post.slug, post]))
    expect([...bySlug.keys()].sort()).toEqual(['coast-trip', 'migrate-to-hugo', 'next-week', 'rich-content', 'secret-draft'])
    expect(bySlug.get('secret-draft')!.isPublished).toBe(false)
    expect(bySlug.get('next-week')).toMatchObject({ isPublished: true, publishDate: '2099-01-05' })
    const trip = bySlug.get('coast-trip')!
    expect(trip.featuredImageUrl).toMatch(/^\/media\/2026\/cover-[0-9a-f]{10}-4x3\.jpg$/)
    expect(trip.featuredImageAlt).toBe('Waves on a pebble beach')
    expect(trip.content).toMatch(/<img src="\/media\/2026\/map-[0-9a-f]{10}-4x3\.png"/)
    expect(trip.content).not.toContain('file:')
    // Front matter tags become the post's tags.
    expect(bySlug.get('migrate-to-hugo')!.tags).toEqual(['migrate', 'hugo'])
    const media = git(repo.dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').filter((file) => file.startsWith('content/media/'))
    expect(media).toHaveLength(3)
    expect(redirects()).toEqual(
      expect.arrayContaining(['/2020/07/coast-trip/ → /blog/coast-trip', '/blog/migrate-from-jekyll/ → /blog/migrate-to-hugo', '/rich/ → /blog/rich-content']),
    )
  })

  it('of a Ghost export: its posts by their Ghost slugs and statuses, /slug/ paths redirected, one commit', async () => {
    const { repo, run, posts, redirects } = setUp()
    await run(path.join(FIXTURES, 'ghost', 'ghost5-handmade.json'))
    const subject = git(repo.dir, 'log', '-1', '--format=%s').trim()
    expect(subject).toMatch(/^import: \d+ posts? from Ghost \(ghost5-handmade\.json\)$/)
    const imported = posts()
    expect(imported.length).toBeGreaterThan(0)
    expect(redirects()).toEqual(expect.arrayContaining(imported.map((post) => `/${post.slug}/ → /blog/${post.slug}`)))
    // Ghost's URL placeholder never reaches a post: images under it are the old site's uploads.
    for (const post of imported) expect(`${post.content}${post.featuredImageUrl}`).not.toContain('__GHOST_URL__')
    // Ghost's tags become the post's tags.
    expect(imported.find((post) => post.slug === 'trail-notes')?.tags).toEqual(['Hiking'])
  })
})
