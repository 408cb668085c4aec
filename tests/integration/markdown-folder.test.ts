/**
 * readMarkdownFolder on a Jekyll, a Hugo and an Astro site (tests/fixtures/import/markdown: real
 * posts from jekyll/minima and withastro/astro's blog example, and hand-written ones in each
 * generator's layout), and on hostile folders made in temp folders: symbolic links, files too
 * large, front matter that would pollute a prototype or run code, images outside the folder.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { wouldSanitizerChange } from '../../server/content/sanitize-html.ts'
import { type ImportSourceResult, InvalidImportSource } from '../../server/import/imported-post.ts'
import { MAX_MARKDOWN_BYTES } from '../../server/import/markdown-files.ts'
import { readMarkdownFolder } from '../../server/import/markdown-folder.ts'

const FIXTURES = fileURLToPath(new URL('../fixtures/import/markdown/', import.meta.url))
const NOW = new Date('2024-07-01T00:00:00Z')
const site = (name: string) => readMarkdownFolder(path.join(FIXTURES, name), NOW)
const fileUrl = (...parts: string[]) => pathToFileURL(path.join(FIXTURES, ...parts)).href
const bySource = (result: ImportSourceResult) => new Map(result.posts.map((post) => [post.source, post]))
const reasons = (result: ImportSourceResult) => Object.fromEntries(result.skipped.map((item) => [item.source, item.reason]))

describe('a Jekyll site', async () => {
  const result = await site('jekyll')
  const posts = bySource(result)

  it("reads _posts and _drafts, with dates and slugs from the file names and Jekyll's default permalink", () => {
    expect(result.posts.map((post) => [post.source, post.slug, post.status, post.date])).toEqual([
      ['_posts/2016-05-19-super-short-article.md', 'super-short-article', 'published', '2016-05-19T00:00:00Z'],
      ['_posts/2016-05-20-welcome-to-jekyll.md', 'welcome-to-jekyll', 'published', '2016-05-20'],
      ['_posts/2019-2-3-photo-walk.markdown', 'photo-walk', 'published', '2019-02-03T16:20:00+01:00'],
      ['_posts/2020-01-01-not-ready.md', 'not-ready', 'draft', '2020-01-01'],
      ['_drafts/an-idea.md', 'an-idea', 'draft', ''],
    ])
    expect(posts.get('_posts/2016-05-19-super-short-article.md')!.oldPaths).toEqual(['/misc/2016/05/19/super-short-article.html'])
    // Categories written as one string, lowercased in the path as Jekyll writes them; redirect_from adds to it.
    expect(posts.get('_posts/2019-2-3-photo-walk.markdown')!.oldPaths).toEqual(['/walks/photos/2019/02/03/photo-walk.html', '/walks/canal/', '/2019/canal.html'])
    expect(posts.get('_posts/2020-01-01-not-ready.md')!.oldPaths).toEqual([])
    expect(reasons(result)['_posts/notes.md']).toBe('no date in its name (YYYY-MM-DD-title.md): Jekyll does not publish it')
  })

  it("takes a title from the file name as Jekyll does, and turns {% highlight %} into a code block", () => {
    const welcome = posts.get('_posts/2016-05-20-welcome-to-jekyll.md')!
    expect(welcome.title).toBe('Welcome To Jekyll')
    expect(welcome.html).toContain('<pre><code class="language-ruby">=begin\n')
    expect(welcome.html).not.toContain('{%')
    expect(welcome.html).toContain('<a href="http://jekyllrb.com/docs/home">Jekyll docs</a>')
    expect(welcome.summary).toMatch(/^You’ll find this post in your _posts directory\./)
    // Rendered as the site writes posts: the sanitizer has nothing to take out.
    expect(wouldSanitizerChange(welcome.html)).toBe(false)
  })

  it('renders GitHub tables and strikethrough, keeps written HTML, and points local images at the folder', () => {
    const walk = posts.get('_posts/2019-2-3-photo-walk.markdown')!
    expect(walk).toMatchObject({
      title: 'A photo walk by the canal',
      summary: 'Three hours, one lens, and a lot of ducks.',
      featuredImage: fileUrl('jekyll', 'images', 'walk.png'),
      featuredImageAlt: 'The canal at dusk',
    })
    expect(walk.html).toContain(`<p><img src="${fileUrl('jekyll', 'images', 'walk.png')}" alt="The towpath"></p>`)
    expect(walk.html).toContain(`<figure><img src="${fileUrl('jekyll', 'images', 'walk.png')}" width="4" height="3" alt="Ducks"><figcaption>Ducks, as promised</figcaption></figure>`)
    expect(walk.html).toContain('<td><del>17:00</del> 17:15</td>')
    // A missing image keeps its URL, and the report says so.
    expect(walk.html).toContain('<img src="/images/missing.png" alt="Gone">')
    expect(result.skipped).toContainEqual({ source: '_posts/2019-2-3-photo-walk.markdown', reason: 'image /images/missing.png: not found' })
    expect(result.uploadBases).toEqual([`${pathToFileURL(path.join(FIXTURES, 'jekyll')).href}/`])
    // Its tags, then its categories (Jekyll's space-separated string): the importer trims them to what a post takes.
    expect(walk.tags).toEqual(['photography', 'city', 'walks', 'Photos'])
    expect(result.skipped.map((item) => item.reason).join('\n')).not.toMatch(/tags/)
  })
})

describe('a Hugo site', async () => {
  const result = await site('hugo')
  const posts = bySource(result)

  it('reads its sections and page bundles, with drafts, scheduled posts, url and aliases', () => {
    expect(result.posts.map((post) => [post.source, post.slug, post.status, post.oldPaths])).toEqual([
      ['content/posts/migrate-to-hugo.md', 'migrate-to-hugo', 'published', ['/posts/migrate-to-hugo/', '/blog/migrate-from-jekyll/', '/posts/migrate-from-jekyl/']],
      ['content/posts/next-week.md', 'next-week', 'scheduled', ['/posts/next-week/']],
      ['content/posts/rich-content.md', 'rich-content', 'published', ['/posts/rich-content/', '/rich/']],
      ['content/posts/secret-draft.md', 'secret-draft', 'draft', []],
      ['content/posts/trip-report/index.md', 'coast-trip', 'published', ['/2020/07/coast-trip/']],
    ])
  })

  it('reads a YAML list of tags', () => {
    expect(posts.get('content/posts/migrate-to-hugo.md')?.tags).toEqual(['migrate', 'hugo'])
  })

  it('reads TOML front matter between +++ lines, its date as written', () => {
    expect(posts.get('content/posts/rich-content.md')).toMatchObject({ title: 'Rich Content', date: '2019-03-10T09:00:00.000+02:00', summary: 'A brief description of Hugo Shortcodes' })
  })

  it('says why each other file was left: list pages, top-level pages, translations', () => {
    expect(reasons(result)).toMatchObject({
      'content/_index.md': "a Hugo section's list page (_index.md), not a post",
      'content/posts/_index.md': "a Hugo section's list page (_index.md), not a post",
      'content/about.md': 'a page at the top of content/, in no section: not a post',
      'content/posts/hello.fr.md': 'a translation (fr) of another post: translations are not imported',
    })
  })

  it("finds a bundle's own images and the static folder's, and turns highlight and video shortcodes into what they mean", () => {
    const trip = posts.get('content/posts/trip-report/index.md')!
    const map = fileUrl('hugo', 'content', 'posts', 'trip-report', 'map.png')
    expect(trip.featuredImage).toBe(fileUrl('hugo', 'content', 'posts', 'trip-report', 'cover.jpg'))
    expect(trip.featuredImageAlt).toBe('Waves on a pebble beach')
    expect(trip.summary).toBe('Four days, two ferries, one map.')
    expect(trip.html).toContain(`<img src="${map}" alt="Map" title="The route">`)
    expect(trip.html).toContain(`<img src="${map}" width="4" height="3" alt="The route, again">`)
    const migrate = posts.get('content/posts/migrate-to-hugo.md')!
    expect(migrate.html).toContain(`<img src="${fileUrl('hugo', 'static', 'images', 'logo.png')}" alt="the logo">`)
    expect(migrate.html).toContain('<pre><code class="language-go">func main() {')
    expect(migrate.html).toContain('<a href="https://www.youtube.com/watch?v=ZJthWmvUzzc">')
    expect(migrate.date).toBe('2014-03-10')
  })
})

describe('an Astro blog', async () => {
  const result = await site('astro')
  const posts = bySource(result)

  it('reads the blog collection with pubDate, description and heroImage, and skips MDX', () => {
    expect(result.posts.map((post) => [post.slug, post.status, post.date, post.oldPaths])).toEqual([
      ['first-post', 'published', '2022-07-08', ['/blog/first-post/']],
      ['future-post', 'scheduled', '2099-02-01', ['/blog/future-post/']],
      ['tables-and-tasks', 'published', '2024-06-19', ['/blog/tables-and-tasks/']],
    ])
    expect(posts.get('src/content/blog/first-post.md')).toMatchObject({
      title: 'First post',
      summary: 'Lorem ipsum dolor sit amet',
      featuredImage: fileUrl('astro', 'public', 'placeholder-hero.jpg'),
    })
    expect(posts.get('src/content/blog/tables-and-tasks.md')!.featuredImage).toBe(fileUrl('astro', 'src', 'assets', 'hero.jpg'))
    expect(posts.get('src/content/blog/tables-and-tasks.md')!.html).toContain('<th align="left">Feature</th>')
    expect(reasons(result)['src/content/blog/using-mdx.mdx']).toMatch(/^MDX \(components inside Markdown\) is not imported/)
  })
})

describe('a hostile folder', () => {
  let root = ''
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })
  const make = async (files: Record<string, string>) => {
    root = await mkdtemp(path.join(tmpdir(), 'watchio-markdown-'))
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true })
      await writeFile(path.join(root, name), text)
    }
    return root
  }

  it('is refused when it is no folder, or holds no Markdown', async () => {
    await expect(readMarkdownFolder('/no/such/folder')).rejects.toThrow(InvalidImportSource)
    await make({ 'notes.txt': 'plain text', 'post.mdx': '# MDX only' })
    await expect(readMarkdownFolder(path.join(root, 'notes.txt'))).rejects.toThrow('is no folder that can be read')
    await expect(readMarkdownFolder(root)).rejects.toThrow('holds no Markdown files (.md, .markdown)')
  })

  it('follows no symbolic link, to a file or a folder, and reads no image outside the folder', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'watchio-outside-'))
    try {
      await writeFile(path.join(outside, 'secret.md'), '---\ntitle: Secret\n---\nsecret')
      await writeFile(path.join(outside, 'secret.png'), 'not for import')
      await make({
        'posts/a.md': '---\ntitle: A\n---\n![one](../../outside/secret.png) ![two](/linked/secret.png) ![three](/etc/hostname)\n',
      })
      await symlink(path.join(outside, 'secret.md'), path.join(root, 'posts', 'b.md'))
      await symlink(outside, path.join(root, 'linked'))
      const result = await readMarkdownFolder(root)
      expect(result.posts.map((post) => post.source)).toEqual(['posts/a.md'])
      expect(reasons(result)).toMatchObject({ linked: 'a symbolic link: links are not followed', 'posts/b.md': 'a symbolic link: links are not followed' })
      const notes = result.skipped.filter((item) => item.source === 'posts/a.md').map((item) => item.reason)
      expect(notes).toEqual([
        'image ../../outside/secret.png: outside the folder: not read',
        'image /linked/secret.png: reached through a symbolic link: not followed',
        // A root-relative path is the folder's own, never the machine's.
        'image /etc/hostname: not found',
      ])
      expect(result.posts[0]!.html).not.toContain('file:')
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('skips one file that is too large or unreadable, and reads the rest', async () => {
    await make({
      'big.md': `---\ntitle: Big\n---\n${'x'.repeat(MAX_MARKDOWN_BYTES)}`,
      'bad-yaml.md': '---\ntitle: a\ntitle: b\n---\nbody',
      'list.md': '---\n- a\n- b\n---\nbody',
      'run.md': "---js\n{ title: (globalThis.ranFrontMatter = 'yes') }\n---\nbody",
      'coffee.md': '---coffee\ntitle: "x"\n---\nbody',
      'good.md': '---\ntitle: Good\ndate: 2020-05-01\n---\nFine.',
      'bad-toml.md': '+++\ntitle = "a"\ntitle = "b"\n+++\nbody',
      'open-toml.md': '+++\ntitle = "never closed"\nbody',
    })
    const result = await readMarkdownFolder(root)
    expect(result.posts.map((post) => post.slug)).toEqual(['good'])
    const why = reasons(result)
    expect(why['big.md']).toBe(`larger than ${MAX_MARKDOWN_BYTES.toLocaleString('en-US')} bytes: no post`)
    expect(why['bad-yaml.md']).toBe('its front matter cannot be read (duplicated mapping key, line 3)')
    expect(why['list.md']).toBe('its front matter is no set of key: value lines')
    expect(why['run.md']).toBe('JavaScript front matter is never run')
    expect(why['coffee.md']).toMatch(/^its front matter cannot be read/)
    expect(why['bad-toml.md']).toMatch(/^its front matter cannot be read \(.*, line 3\)$/)
    expect(why['open-toml.md']).toBe('its TOML front matter has no closing +++ line')
    expect((globalThis as Record<string, unknown>).ranFrontMatter).toBeUndefined()
  })

  it('reads __proto__ and constructor in front matter as data', async () => {
    await make({
      'p.md': '---\n__proto__:\n  title: Polluted\n  draft: true\nconstructor: x\ntitle: Plain\n---\n# Heading\n\nText.',
      'q.md': '---\n__proto__: {slug: evil}\n---\n# From the heading\n',
      'r.md': '+++\n__proto__ = { slug = "evil", draft = true }\ntitle = "Toml"\n+++\nText.',
    })
    const result = await readMarkdownFolder(root)
    expect(result.posts.map((post) => [post.slug, post.title, post.status])).toEqual([
      ['p', 'Plain', 'published'],
      ['q', 'From the heading', 'published'],
      ['r', 'Toml', 'published'],
    ])
    expect(({} as Record<string, unknown>).title).toBeUndefined()
  })

  it("puts a Jekyll post where _config.yml's permalink or its own puts it", async () => {
    await make({
      '_config.yml': 'title: x\npermalink: pretty\n',
      '_posts/2021-03-04-plain.md': '---\ntitle: Plain\ncategories: [News]\n---\nx',
      '_posts/2021-03-05-own.md': '---\ntitle: Own\npermalink: /:year/:i_month/:title/\n---\nx',
      '_posts/2021-03-06-fixed.md': '---\ntitle: Fixed\npermalink: /about-fixed.html\n---\nx',
      '_posts/2021-03-07-week.md': '---\ntitle: Week\npermalink: /:year/:week/:title/\n---\nx',
    })
    const result = await readMarkdownFolder(root)
    expect(result.posts.map((post) => [post.slug, post.oldPaths])).toEqual([
      ['plain', ['/news/2021/03/04/plain/']],
      ['own', ['/2021/3/own/']],
      ['fixed', ['/about-fixed.html']],
      // A placeholder this does not fill gives no guessed path.
      ['week', []],
    ])
  })

  it('gives no old path that leaves the site or keeps a placeholder', async () => {
    await make({ 'content/posts/x.md': '---\ntitle: X\nurl: /:year/:title/\naliases: ["/../../etc/", "//evil.example/", "/fine/", "/with space/"]\n---\nx' })
    const result = await readMarkdownFolder(root)
    expect(result.posts[0]!.oldPaths).toEqual(['/fine/'])
  })

  it('skips quotes or written HTML nested deeper than a post may, before a tree walk recurses into them', async () => {
    await make({
      'deep.md': `---\ntitle: Deep\n---\n${'> '.repeat(50_000)} text\n`,
      'deep-html.md': `---\ntitle: Deep HTML\n---\n${'<div>'.repeat(100_000)}\n`,
      'ok.md': `---\ntitle: Ok\n---\n${'>'.repeat(20)} quoted\n`,
    })
    const result = await readMarkdownFolder(root)
    expect(result.posts.map((post) => post.slug)).toEqual(['ok'])
    expect(reasons(result)['deep.md']).toBe('its Markdown cannot be rendered (quotes nested more than 100 deep)')
    expect(reasons(result)['deep-html.md']).toBe('its Markdown cannot be rendered (elements nested more than 100 deep)')
  })
})
