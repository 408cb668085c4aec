/**
 * The importer on a real git repository in a temp folder, as `npm run import` runs it
 * (runImport with ContentRepository.open): one commit, files the server reads back, library
 * images, the redirects file; a dry run, an invalid source and a locked repository write nothing;
 * an import run again adds nothing.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { open, truncate } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { parseRedirects, redirectsOf } from '../../server/content/redirects-file.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { InvalidImportSource } from '../../server/import/imported-post.ts'
import { readSourceFile } from '../../server/import/import-sources.ts'
import { importTarget } from '../../server/import/import-target.ts'
import { runImport } from '../../server/import/run-import.ts'
import { MAX_WXR_BYTES } from '../../server/import/wordpress-export.ts'
import { RepositoryLockedError } from '../../server/lib/errors.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { fixturePostFiles } from '../support/fixtures.ts'
import { snapshotFolder } from '../support/folder-snapshot.ts'
import { git, tempGitRepo } from '../support/git.ts'
import { makeImage } from '../support/media-files.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')
const THEME_DATA = path.join(FIXTURES, 'themeunittestdata.wordpress.xml')
const AUTHOR = { name: 'Importer', email: 'import@localhost' }
const REDIRECTS_HEAD = '# Old addresses that must keep working.\n- from: /old-home\n  to: /blog/welcome\n'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A project whose content holds one post of its own (slug `post-format-aside`, as one of the export's) and a redirects file with a comment. */
async function setUp(options: { uploads?: boolean; uploadsDir?: string } = {}) {
  const existing = fixturePostFiles()[0]!
  const mine = existing.text.replace(/^slug: .*$/m, 'slug: post-format-aside')
  const repo = tempGitRepo({ files: { 'content/blog/post-format-aside.html': mine, 'content/redirects.yaml': REDIRECTS_HEAD }, commit: 'init' })
  cleanups.push(repo.remove)
  const contentDir = path.join(repo.dir, 'content')
  let uploadsDir: string | null = options.uploadsDir ?? null
  if (options.uploads) {
    uploadsDir = path.join(repo.dir, '..', `${path.basename(repo.dir)}-uploads`)
    cleanups.push(() => rmSync(uploadsDir!, { recursive: true, force: true }))
    for (const [file, width] of [['2008/06/100_5478.jpg', 604], ['2010/08/triforce-wallpaper.jpg', 800]] as const) {
      mkdirSync(path.join(uploadsDir, path.dirname(file)), { recursive: true })
      writeFileSync(path.join(uploadsDir, file), await makeImage({ width, height: 400, ext: 'jpg' }))
    }
  }
  const target = importTarget({
    contentDir,
    uploadsDir,
    timeZone: 'UTC',
    limits: { maxBytes: 10 * 1024 * 1024, maxPixels: 50_000_000, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024 },
    pagePaths: new Set(['/pricing']),
    now: new Date('2026-11-26T12:00:00Z'),
  })
  const run = (source: string, dryRun = false) =>
    runImport({ source, target, dryRun, author: AUTHOR, openRepository: () => ContentRepository.open({ dir: contentDir, logger: silentLogger }) })
  const commits = () => Number(git(repo.dir, 'rev-list', '--count', 'HEAD').trim())
  return { repo, contentDir, run, commits }
}

const readPosts = (contentDir: string) =>
  readdirSync(path.join(contentDir, 'blog')).map((name) => ({ name, post: parsePostFile(readFileSync(path.join(contentDir, 'blog', name), 'utf8'), name) }))

describe('runImport of WordPress\'s theme unit test data', () => {
  it('writes every post, its images and its redirects as one commit, files the server reads as they are', async () => {
    const w = await setUp({ uploads: true })
    const run = await w.run(THEME_DATA)
    expect(w.commits()).toBe(2)
    expect(run.commit).toBe(git(w.repo.dir, 'rev-parse', 'HEAD').trim())
    expect(git(w.repo.dir, 'log', '-1', '--format=%s|%an').trim()).toBe('import: 57 posts from WordPress (themeunittestdata.wordpress.xml)|Importer')
    expect(git(w.repo.dir, 'status', '--porcelain').trim()).toBe('')

    const posts = readPosts(w.contentDir)
    expect(posts).toHaveLength(58)
    for (const { name, post } of posts) {
      expect(cleanPostHtml(post.content), name).toBe(post.content)
      expect(findUnsafeHtml(post.content), name).toBeNull()
    }
    const bySlug = new Map(posts.map(({ post }) => [post.slug, post]))
    // The project's own post with a slug of the export is left as it was, and said so.
    expect(git(w.repo.dir, 'show', '--name-only', '--format=', 'HEAD')).not.toContain('post-format-aside')
    expect(run.plan.skipped).toContainEqual({ source: 'wordpress:559', title: 'Post Format: Aside', reason: expect.stringContaining('"post-format-aside" exists already') })
    expect(run.report).toContain('"Post Format: Aside" (wordpress:559): a post with the slug "post-format-aside" exists already')
    expect(bySlug.get('scheduled')).toMatchObject({ isPublished: true, publishDate: '2030-01-01' })
    expect(bySlug.get('draft')).toMatchObject({ isPublished: false, title: 'Draft', publishDate: '2013-04-09' })
    expect(bySlug.get('template-password-protected')?.isPublished).toBe(false)
    // A post with no content is a draft that says so, listed in the report.
    expect(bySlug.get('edge-case-no-content')).toMatchObject({ isPublished: false, content: '<p>This post was empty in the site it was imported from.</p>' })
    expect(run.report).toMatch(/Imported as drafts[^\n]*\n(?:  .*\n)*  edge-case-no-content  "Edge Case: No Content" \(wordpress:\d+\)/)
    expect(bySlug.get('edge-case-no-title')?.title).toBe('Untitled')
    // A gallery block is a gallery (a link to an image's own file left out, one to its page kept in its caption), and the report says so.
    expect(bySlug.get('block-gallery')?.content).toContain('<figure class="gallery"><figure><img src="https://wpthemetestdata.files.wordpress.com/2014/01/spectacles.gif" alt=""></figure>')
    expect(run.report).toContain('gallery block → gallery')

    // The images found in the uploads are library images now, in the same commit; the rest keep their URLs.
    const caption = bySlug.get('post-format-image-caption')!
    expect(caption.content).toMatch(/^<figure><a href="\/media\/2026\/100-5478-[0-9a-f]{10}-604x400\.jpg"><img src="\/media\/2026\/100-5478-[0-9a-f]{10}-604x400\.jpg" alt="Bell on Wharf" width="604" height="453"><\/a><figcaption>Bell on wharf in San Francisco<\/figcaption><\/figure>$/)
    expect(caption.featuredImageUrl).toMatch(/^\/media\/2026\/triforce-wallpaper-[0-9a-f]{10}-800x400\.jpg$/)
    const media = git(w.repo.dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').filter((file) => file.startsWith('content/media/'))
    expect(media).toHaveLength(2)
    expect(bySlug.get('block-image')?.content).toContain('https://wpthemetestdata.files.wordpress.com/2010/08/manhattansummer.jpg')
    expect(run.report).toContain('image kept as it was: https://wpthemetestdata.files.wordpress.com/2010/08/manhattansummer.jpg (not in the uploads folder (2010/08/manhattansummer.jpg))')

    // Old permalinks redirect to the new pages, after the file's own comment and entry.
    const text = readFileSync(path.join(w.contentDir, 'redirects.yaml'), 'utf8')
    expect(text.startsWith(REDIRECTS_HEAD)).toBe(true)
    const redirects = redirectsOf(parseRedirects(text))
    expect(redirects).toContainEqual({ from: '/2010/08/07/post-format-image-caption/', to: '/blog/post-format-image-caption' })
    expect(redirects).toHaveLength(1 + 56)
  })

  it('adds nothing when run again: no commit, no file changed', async () => {
    const w = await setUp({ uploads: true })
    await w.run(THEME_DATA)
    const before = await snapshotFolder(w.repo.dir)
    const again = await w.run(THEME_DATA)
    expect(again.commit).toBeNull()
    expect(again.plan.posts).toHaveLength(0)
    expect(w.commits()).toBe(2)
    expect(await snapshotFolder(w.repo.dir)).toEqual(before)
  })

  it('writes nothing on a dry run, and reports what it would do', async () => {
    const w = await setUp({ uploads: true })
    const before = await snapshotFolder(w.repo.dir)
    const run = await w.run(THEME_DATA, true)
    expect(run.commit).toBeNull()
    expect(run.plan.posts).toHaveLength(57)
    expect(run.report).toContain('Dry run (nothing written)')
    expect(run.report).toMatch(/published\s+2010-08-07\s+post-format-image-caption/)
    expect(run.report).toContain('redirect: /2010/08/07/post-format-image-caption/ → /blog/post-format-image-caption')
    expect(run.report).toMatch(/sanitized: has class=".*" on <img>/)
    expect(await snapshotFolder(w.repo.dir)).toEqual(before)
    expect(w.commits()).toBe(1)
  })
})

describe('runImport refuses, and writes nothing', () => {
  it('for a source that is no export, or larger than any export', async () => {
    const w = await setUp()
    const before = await snapshotFolder(w.repo.dir)
    await expect(w.run(path.join(FIXTURES, 'not-xml.xml'))).rejects.toBeInstanceOf(InvalidImportSource)
    await expect(w.run(path.join(FIXTURES, 'billion-laughs.xml'))).rejects.toBeInstanceOf(InvalidImportSource)
    await expect(w.run(path.join(FIXTURES, 'no-such-file.xml'))).rejects.toBeInstanceOf(InvalidImportSource)
    const huge = path.join(os.tmpdir(), `watchio-huge-${process.pid}.xml`)
    await (await open(huge, 'w')).close()
    await truncate(huge, MAX_WXR_BYTES + 1)
    cleanups.push(() => rmSync(huge, { force: true }))
    await expect(readSourceFile(huge, MAX_WXR_BYTES)).rejects.toThrow(/more than the/)
    await expect(w.run(huge)).rejects.toBeInstanceOf(InvalidImportSource)
    expect(await snapshotFolder(w.repo.dir)).toEqual(before)
  })

  it('while a server holds the repository\'s writer lock', async () => {
    const w = await setUp()
    const server = await ContentRepository.open({ dir: w.contentDir, logger: silentLogger })
    try {
      const before = await snapshotFolder(path.join(w.repo.dir, 'content'))
      await expect(w.run(THEME_DATA)).rejects.toBeInstanceOf(RepositoryLockedError)
      expect(await snapshotFolder(path.join(w.repo.dir, 'content'))).toEqual(before)
      expect(w.commits()).toBe(1)
    } finally {
      await server.close()
    }
  })
})

describe('runImport\'s slugs and redirects', () => {
  const wxr = (items: string) =>
    `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.test</wp:base_blog_url>${items}</channel></rss>`
  const item = (id: number, slug: string, link: string) =>
    `<item><title>Post ${id}</title><link>${link}</link><content:encoded>Text of ${id}.</content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2019-05-01 23:30:00</wp:post_date_gmt><wp:post_name>${slug}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`

  it('gives a clashing slug a suffix, and leaves out a redirect from a page of the site', async () => {
    const w = await setUp()
    const file = path.join(w.repo.dir, '..', `${path.basename(w.repo.dir)}.xml`)
    writeFileSync(file, wxr(item(1, 'same', 'https://old.test/2019/05/same/') + item(2, 'same', 'https://old.test/pricing/') + item(3, 'Café Olé', 'https://old.test/?p=3')))
    cleanups.push(() => rmSync(file, { force: true }))
    const run = await w.run(file)
    expect(run.plan.posts.map((planned) => planned.post.slug)).toEqual(['same', 'same-2', 'cafe-ole'])
    expect(run.plan.posts[1]!.notes).toContain('slug "same" is another imported post\'s: "same-2"')
    expect(run.plan.posts[0]!.post.publishDate).toBe('2019-05-01')
    expect(run.plan.redirects.added).toEqual([{ from: '/2019/05/same/', to: '/blog/same' }])
    expect(run.plan.redirects.refused).toEqual([{ from: '/pricing/', to: '/blog/same-2', reason: 'it is a page of this site, which a redirect would never replace' }])
    expect(run.report).toContain('Old addresses not redirected (1):')
  })
})

describe('runImport\'s uploads folder', () => {
  it('is read through real folders only: a linked folder or file in it is not followed, and the report names it', async () => {
    const base = path.join(os.tmpdir(), `watchio-uploads-${process.pid}-${Date.now()}`)
    cleanups.push(() => rmSync(base, { recursive: true, force: true }))
    const uploads = path.join(base, 'uploads')
    const outside = path.join(base, 'outside')
    mkdirSync(path.join(uploads, '2019', '05'), { recursive: true })
    mkdirSync(outside)
    writeFileSync(path.join(uploads, '2019', '05', 'real.jpg'), await makeImage({ width: 120, height: 80, ext: 'jpg', seed: 1 }))
    writeFileSync(path.join(outside, 'secret.jpg'), await makeImage({ width: 90, height: 60, ext: 'jpg', seed: 2 }))
    // A folder linked to the root of the machine, and a file linked to one outside the folder.
    symlinkSync('/', path.join(uploads, 'evil'))
    symlinkSync(path.join(outside, 'secret.jpg'), path.join(uploads, '2019', '05', 'linked.jpg'))
    const upload = (rest: string) => `https://old.test/wp-content/uploads/${rest}`
    const viaRoot = upload(`evil${outside}/secret.jpg`)
    const html = [upload('2019/05/real.jpg'), upload('2019/05/linked.jpg'), viaRoot].map((src) => `<img src="${src}" alt="a">`).join('')
    const file = path.join(base, 'export.xml')
    writeFileSync(
      file,
      `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://old.test</wp:base_site_url><wp:base_blog_url>https://old.test</wp:base_blog_url>` +
        `<item><title>Photos</title><link>https://old.test/photos/</link><content:encoded><![CDATA[${html}]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_date_gmt>2019-05-01 10:00:00</wp:post_date_gmt><wp:post_name>photos</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`,
    )
    const w = await setUp({ uploadsDir: uploads })
    const run = await w.run(file)

    // Only the real file became a library image; the linked ones keep their old URLs.
    const added = git(w.repo.dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').filter((name) => name.startsWith('content/media/'))
    expect(added).toEqual([expect.stringMatching(/^content\/media\/2026\/real-[0-9a-f]{10}-120x80\.jpg$/)])
    expect(run.plan.mediaFiles).toHaveLength(1)
    const post = readPosts(w.contentDir).find(({ post }) => post.slug === 'photos')!.post
    expect(post.content).toContain(`src="${upload('2019/05/linked.jpg')}"`)
    expect(post.content).toContain(`src="${viaRoot}"`)
    expect(run.report).toContain(`image kept as it was: ${upload('2019/05/linked.jpg')} (2019/05/linked.jpg in the uploads folder is a symbolic link: not followed)`)
    expect(run.report).toContain(`image kept as it was: ${viaRoot} (evil in the uploads folder is a symbolic link: not followed)`)
  })
})
