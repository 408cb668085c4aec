/**
 * The feeds against their formats' schemas: Atom against RFC 4287's (RELAX NG, its Appendix B),
 * RSS 2.0 against the specification's elements written as a schema (RSS has no official one),
 * both checked by xmllint; JSON Feed against its 1.1 specification (tests/support/json-feed-schema.ts).
 * The posts hold what real ones do: tags, featured images, a video, code, footnote-like links,
 * characters XML must escape; the blog's feeds and a tag's.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PublicPost } from '../../core/post.ts'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { type FeedInput, renderFeed } from '../../server/pages/feeds.ts'
import { jsonFeedSchema } from '../support/json-feed-schema.ts'

const SCHEMAS = path.resolve(import.meta.dirname, '../fixtures/schemas')
const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-feeds-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const posts: PublicPost[] = [
  {
    id: 'p3',
    slug: 'setting-up',
    title: 'Setting up <Apple TV> & "more"',
    summary: 'Step one ]]> step two',
    featuredImageUrl: '/media/2025/tv-0123456789-1600x900.jpg',
    featuredImageAlt: 'A TV',
    publishDate: '2025-03-02',
    tags: ['Apple TV', 'Setup & tips'],
    content: displayPostHtml(
      [
        '<h2>First</h2>',
        '<p>See <a href="/pricing">plans</a> and <a href="#notes">notes</a>.</p>',
        '<figure><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Setting up"></iframe><figcaption>Watch</figcaption></figure>',
        '<pre><code class="language-js">if (a &lt; b) run()</code></pre>',
        '<p><img src="/media/2025/cat-0123456789-800x600.png" alt="cat" width="800" height="600"></p>',
      ].join('\n'),
    ),
  },
  { id: 'p2', slug: 'no-image', title: 'Plain', summary: 'Plain', featuredImageUrl: '', publishDate: '2025-03-01', content: '<p>Plain.</p>' },
  { id: 'p1', slug: 'remote-image', title: 'Remote', summary: 'Remote', featuredImageUrl: 'https://cdn.example/photo', publishDate: '2025-02-01', tags: ['News'], content: '<p>Remote.</p>' },
]

const inputs: [string, FeedInput][] = [
  ['the blog', { siteUrl: 'https://watchio.example', posts, emptyDate: '2025-01-01' }],
  ['a tag', { siteUrl: 'https://watchio.example:8443', posts: posts.slice(0, 1), emptyDate: '2025-01-01', channel: { title: 'Watchio blog: Apple TV', description: 'Posts tagged Apple TV', homePath: '/blog/tag/apple-tv', selfPath: '/blog/tag/apple-tv/rss.xml' } }],
  ['an empty blog', { siteUrl: 'https://watchio.example', posts: [], emptyDate: '2025-01-01' }],
]

/** xmllint's verdict on `xml` against `schema`: null when it validates, else what it said. */
function xmllint(name: string, xml: string, schema: string): string | null {
  const file = path.join(dir, name)
  writeFileSync(file, xml)
  const run = spawnSync('xmllint', ['--noout', '--relaxng', path.join(SCHEMAS, schema), file], { encoding: 'utf8' })
  if (run.error) throw run.error
  return run.status === 0 ? null : run.stderr
}

describe.each(inputs)('the feeds of %s', (name, input) => {
  const slug = name.replaceAll(' ', '-')

  it('RSS 2.0 validates', () => {
    expect(xmllint(`${slug}.rss.xml`, renderFeed('/blog/rss.xml', input), 'rss2.rng')).toBeNull()
  })

  it('Atom validates against RFC 4287', () => {
    expect(xmllint(`${slug}.atom.xml`, renderFeed('/blog/atom.xml', input), 'atom.rng')).toBeNull()
  })

  it('JSON Feed validates against its 1.1 specification', () => {
    const parsed = jsonFeedSchema.safeParse(JSON.parse(renderFeed('/blog/feed.json', input)))
    expect(parsed.error?.issues ?? []).toEqual([])
  })
})

describe('the schemas', () => {
  it('refuse what breaks the formats, so a pass means something', () => {
    const rss = renderFeed('/blog/rss.xml', inputs[0]![1])
    expect(xmllint('broken.rss.xml', rss.replace(/<title>Watchio blog<\/title>/, ''), 'rss2.rng')).toMatch(/fails to validate/)
    expect(xmllint('bad-date.rss.xml', rss.replace(/<pubDate>[^<]+</, '<pubDate>2025-03-02<'), 'rss2.rng')).toMatch(/fails to validate/)
    const atom = renderFeed('/blog/atom.xml', inputs[0]![1])
    expect(xmllint('broken.atom.xml', atom.replace(/<category term="apple-tv"/, '<category'), 'atom.rng')).toMatch(/fails to validate/)
    expect(xmllint('no-id.atom.xml', atom.replace(/<id>tag:[^<]+<\/id>/, ''), 'atom.rng')).toMatch(/fails to validate/)
    const json = JSON.parse(renderFeed('/blog/feed.json', inputs[0]![1])) as { items: Record<string, unknown>[] }
    json.items[0]!.image = '/media/relative.jpg'
    json.items[0]!.category = 'x'
    expect(jsonFeedSchema.safeParse(json).success).toBe(false)
  })
})
