/**
 * readGhostExport on real Ghost exports (Ghost's own test fixtures, 4.1 and 1.20), one in Ghost
 * 5's shape written by hand, and hostile files.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { wouldSanitizerChange } from '../../server/content/sanitize-html.ts'
import { MAX_GHOST_EXPORT_BYTES, readGhostExport } from '../../server/import/ghost/export.ts'
import { InvalidImportSource } from '../../server/import/imported-post.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/ghost/${name}`, import.meta.url))
const json = (value: unknown) => Buffer.from(JSON.stringify(value))
const reasonsFor = (result: { skipped: { source: string; reason: string }[] }, source: string) =>
  result.skipped.filter((item) => item.source === source).map((item) => item.reason)

describe('a real Ghost 4 export', () => {
  const result = readGhostExport(fixture('v4-export-write-post.json'))
  const post = result.posts[0]!

  it('reads the post with its title, slug, date, excerpt, image and old path', () => {
    expect(result.posts).toHaveLength(1)
    expect(post).toMatchObject({
      source: 'ghost:605ac141a2d5a6aa9e101ec5',
      title: 'Writing and managing content in Ghost, an advanced guide',
      slug: 'write',
      status: 'published',
      date: '2021-03-24T04:34:13.000Z',
      summary: 'A full overview of all the features built into the Ghost editor, including powerful workflow automations to speed up your creative process.',
      featuredImage: 'https://static.ghost.org/v4.0.0/images/writing-posts-with-ghost.png',
      featuredImageAlt: '',
      oldPaths: ['/write/'],
    })
    expect(result.uploadBases).toEqual(['__GHOST_URL__/content/images/'])
  })

  it('makes its cards the post model\'s: figures, a bookmark card, galleries, an embed as a link, no kg- classes', () => {
    expect(post.html).not.toContain('kg-')
    expect(post.html).not.toContain('<iframe')
    expect(post.html).toContain(
      '<figure><img src="https://static.ghost.org/v4.0.0/images/editor.png" alt="" width="3182" height="1500"><figcaption>The Ghost editor. Also available in dark-mode, for late night writing sessions.</figcaption></figure>',
    )
    expect(post.html).toContain(
      '<figure class="bookmark"><a href="https://opensubscriptionplatforms.com/"><img src="https://opensubscriptionplatforms.com/images/osp-card.png" alt=""><strong>Open Subscription Platforms</strong><span>A shared movement for independent subscription data. · Open Subscription Platforms</span></a></figure>',
    )
    expect(post.html).toContain('<p><a href="https://www.youtube.com/watch?v=hmH3XMlms8E">https://www.youtube.com/watch?v=hmH3XMlms8E</a></p>')
    // A gallery: a figure of image figures, then its caption.
    expect(post.html).toMatch(/<figure class="gallery"><figure><img src="[^"]+jd-mason[^"]+" alt="" width="5184" height="3888"><\/figure><figure><img src="[^"]+jp-valery[^"]+" alt="" width="5472" height="3648"><\/figure><figcaption>Peaceful places<\/figcaption><\/figure>/)
    // The text between the cards is Ghost's, untouched.
    expect(post.html).toContain('<h2 id="using-cards">Using cards</h2>')
    expect(post.changes?.changed).toEqual([
      'image card → figure',
      'bookmark card → bookmark card',
      'embed card → link (a YouTube or Vimeo video becomes the site\'s video embed)',
      'image card → figure',
      'gallery card → gallery',
      'image card → figure',
      'gallery card → gallery',
      'image card → figure',
      'image card → figure',
    ])
    expect(reasonsFor(result, post.source)).toEqual([])
  })

  it("leaves the site's sanitizer nothing to take out: every card survives as what it meant", () => {
    expect(wouldSanitizerChange(post.html)).toBe(false)
  })
})

describe('a real Ghost 1.x export', () => {
  it('reads a post whose type is written as page: 0', () => {
    const result = readGhostExport(fixture('v1-export-advanced-markdown.json'))
    expect(result.posts.map((post) => [post.slug, post.status, post.date])).toEqual([['advanced-markdown', 'published', '2017-09-01T12:29:51.000Z']])
    expect(result.posts[0]!.html).toContain('<h2 id="specialformatting">Special formatting</h2>')
    expect(result.skipped).toEqual([])
  })

  it('reads the bare { meta, data } form, and renders a Markdown-card Mobiledoc when there is no HTML', () => {
    const database = JSON.parse(fixture('v1-export-advanced-markdown.json').toString()).db[0]
    database.data.posts[0].html = null
    const result = readGhostExport(json(database))
    const html = result.posts[0]!.html
    expect(html).toContain('<h2>Special formatting</h2>')
    expect(html).toContain('<li><del>strike through</del></li>')
    expect(html).toContain('<img src="https://static.ghost.org/v1.0.0/images/walking.jpg#full" alt="walking">')
    // HTML written in the Markdown is kept for the importer's sanitizer to judge.
    expect(html).toContain('<iframe width="560"')
  })
})

describe('an export in Ghost 5 shape', () => {
  const result = readGhostExport(fixture('ghost5-handmade.json'))
  const bySlug = new Map(result.posts.map((post) => [post.slug, post]))

  it('imports posts only, with Ghost statuses, and says why each other record was left', () => {
    expect(result.posts.map((post) => [post.slug, post.status])).toEqual([
      ['trail-notes', 'published'],
      ['lexical-draft', 'draft'],
      ['coming-soon', 'scheduled'],
      ['members-only', 'published'],
      ['undated-draft', 'draft'],
    ])
    expect(reasonsFor(result, 'ghost:6650a1b2c3d4e5f6a7b8c902')).toEqual(['a page: only posts are imported'])
    // A post exported with its Lexical JSON only is rendered from it, as Ghost renders it.
    expect(reasonsFor(result, 'ghost:6650a1b2c3d4e5f6a7b8c903')).toEqual([])
    expect(bySlug.get('lexical-draft')?.html).toBe('<p>Lexical body</p>')
    expect(reasonsFor(result, 'ghost:6650a1b2c3d4e5f6a7b8c905')[0]).toMatch(/^sent as an email newsletter only/)
    expect(reasonsFor(result, 'ghost:6650a1b2c3d4e5f6a7b8c906')).toEqual(['for paid only in Ghost: imported as an ordinary post, open to every visitor'])
    // Tags are imported (posts_tags, in their order), so nothing is reported of them.
    expect(reasonsFor(result, 'ghost')).toEqual([])
    expect(bySlug.get('trail-notes')?.tags).toEqual(['Hiking'])
    expect(bySlug.get('coming-soon')).not.toHaveProperty('tags')
  })

  it('takes the meta description and image alt from posts_meta, and a draft its created date', () => {
    expect(bySlug.get('trail-notes')).toMatchObject({
      summary: 'Notes from a dawn hike along the ridge.',
      featuredImage: '__GHOST_URL__/content/images/2024/05/cover.jpg',
      featuredImageAlt: 'A trail sign in fog',
      date: '2024-05-21T06:30:00.000Z',
    })
    expect(bySlug.get('undated-draft')).toMatchObject({
      date: '2024-06-02T11:00:00.000Z',
      summary: 'Work in progress, with a long first line that serves as the summary when no excerpt is written.',
    })
  })

  it('keeps images under the upload base, makes links to the old site relative, and maps callouts, toggles and embeds', () => {
    const html = bySlug.get('trail-notes')!.html
    expect(html).toContain('<a href="/packing-list/">The packing list</a>')
    expect(html).toContain(
      // The link to the image itself goes; srcset, sizes, class and loading are Ghost's theme's.
      '<figure><img src="__GHOST_URL__/content/images/2024/05/ridge.jpg" alt="The ridge at dawn" width="2000" height="1333"><figcaption><span style="white-space: pre-wrap;">Looking east</span></figcaption></figure>',
    )
    expect(html).toContain('<aside role="note"><p>💡 Bring <b>two</b> litres of water. See <a href="/water/">water</a>.</p></aside>')
    expect(html).toContain('<p><a href="https://vimeo.com/76979871">The route, filmed</a></p>')
    expect(html).toContain('<details><summary>Permits?</summary><p>None needed.</p></details>')
    expect(bySlug.get('trail-notes')!.changes?.changed).toEqual([
      'image card → figure',
      'callout card → callout',
      'toggle card → toggle',
      'embed card → link (a YouTube or Vimeo video becomes the site\'s video embed)',
    ])
  })
})

describe('a file that is no Ghost export', () => {
  const refused = (bytes: Buffer) => {
    try {
      readGhostExport(bytes)
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidImportSource)
      return (error as Error).message
    }
    throw new Error('read without an error')
  }

  it('is refused with a reason: not JSON, the wrong shape, too large', () => {
    expect(refused(Buffer.from('<rss></rss>'))).toMatch(/^The file is not JSON/)
    expect(refused(json([1, 2]))).toMatch(/no Ghost export/)
    expect(refused(json({ db: [] }))).toMatch(/no Ghost export/)
    expect(refused(json({ db: [{ data: { posts: {} } }] }))).toMatch(/no Ghost export/)
    expect(refused(json({ data: { posts: 'many' } }))).toMatch(/no Ghost export/)
    // The size is checked before a byte is read: the buffer's contents do not matter.
    expect(refused(Buffer.allocUnsafe(MAX_GHOST_EXPORT_BYTES + 1))).toBe('The file is larger than 200 MB, more than a Ghost export of any blog')
  })

  it('reads __proto__ and constructor keys as data, and skips records of the wrong shape', () => {
    const text = `{"__proto__": {"polluted": 1}, "data": {"__proto__": {"posts": []}, "posts": [
      "not a post", null,
      {"__proto__": {"type": "page"}, "id": 7, "constructor": "x", "title": "Kept", "slug": "kept", "html": "<p>k</p>", "status": "published", "published_at": 1426078349156}
    ]}}`
    const result = readGhostExport(Buffer.from(text))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(result.posts.map((post) => [post.source, post.slug, post.date])).toEqual([['ghost:7', 'kept', '2015-03-11T12:52:29.156Z']])
    expect(result.skipped).toEqual([
      { source: 'ghost:#1', reason: 'not a post record (an object was expected)' },
      { source: 'ghost:#2', reason: 'not a post record (an object was expected)' },
    ])
  })

  it('skips a post nested deeper than a post may be, before parsing it', () => {
    const deep = { id: 'deep', title: 'Deep', slug: 'deep', html: `${'<div>'.repeat(100_000)}x`, status: 'published' }
    const result = readGhostExport(json({ data: { posts: [deep] } }))
    expect(result.posts).toEqual([])
    expect(result.skipped).toEqual([{ source: 'ghost:deep', title: 'Deep', reason: 'its HTML nests elements more than 100 levels deep, more than a post may' }])
  })

  it('skips a post whose Mobiledoc renders to more than a string can hold, with the reason, and imports the next', () => {
    // One card of a million characters, named by 600 sections: 600 million characters, more than V8's strings hold.
    const mobiledoc = JSON.stringify({ version: '0.3.1', markups: [], atoms: [], cards: [['html', { html: 'x'.repeat(1_000_000) }]], sections: Array.from({ length: 600 }, () => [10, 0]) })
    const posts = [{ id: 'big', title: 'Big', slug: 'big', mobiledoc, status: 'published' }, { id: 'next', title: 'Next', slug: 'next', html: '<p>n</p>', status: 'published', published_at: '2024-05-01T10:00:00.000Z' }]
    const result = readGhostExport(json({ data: { posts } }))
    expect(result.posts.map((post) => post.slug)).toEqual(['next'])
    expect(result.skipped).toEqual([{ source: 'ghost:big', title: 'Big', reason: 'its Mobiledoc cannot be rendered (Invalid string length)' }])
  })

  it('gives no old path for a slug that is no path segment', () => {
    const post = (slug: string) => ({ id: slug, title: 't', slug, html: '<p>x</p>', status: 'draft' })
    const result = readGhostExport(json({ data: { posts: [post('../etc'), post('a/b'), post('ok-slug')] } }))
    expect(result.posts.map((item) => item.oldPaths)).toEqual([[], [], ['/ok-slug/']])
  })
})
