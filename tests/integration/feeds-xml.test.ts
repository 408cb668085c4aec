/**
 * The feeds are well-formed XML whatever the posts hold: generated hostile titles, summaries,
 * content, slugs, ids and site URLs, each feed read by a strict XML parser (expat) and compared
 * item by item with the posts put in. A `]]>` that closed a CDATA section, a control character
 * or a lone surrogate would make expat refuse the document, or read another number of items.
 */
import { parseFeed } from '@rowanmanning/feed-parser'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PublicPost } from '../../core/post.ts'
import { MAX_SLUG_LENGTH } from '../../core/contract/index.ts'
import { SLUG_PATTERN } from '../../core/post-fields.ts'
import { withAbsoluteUrls } from '../../server/pages/absolute-urls.ts'
import { feedEntryId, renderFeed } from '../../server/pages/feeds.ts'
import { escapeHtmlText, xmlCharacters } from '../../core/escape-markup.ts'
import { tagSlug } from '../../core/tags.ts'
import { readFeedsStrictly } from '../support/strict-feed-reader.ts'

/** What an attacker reaches for: CDATA ends, feed markup, characters XML forbids, HTML that rewrites act on. */
const HOSTILE = [
  ']]>', ']]>]]>', '<![CDATA[', ']]]]><![CDATA[>', '</title>', '</content:encoded>', '</content>', '</entry>',
  '</item><item><title>Forged</title><link>https://evil.example/</link></item>',
  '<img src=x onerror=alert(1)>', '<a title="<img src=/media/2025/x-0123456789-10x10.png>">', '<a href="/x">', '</a>',
  '<p>', '</p>', '<!-- c -->', '&', '&amp;', '&#0;', '&lt;', '"', "'", '\u0000', '\u0001', '\u0008', '\u000b', '\u001f',
  '\t', '\n', '\r', '\r\n', '\u007f', '\u0085', '\uD800', '\uDFFF', '\uDBFF\uDFFF', '\uFFFE', '\uFFFF', '\u{1F600}',
]

const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(''))

const slug = fc.stringMatching(SLUG_PATTERN).filter((value) => value.length <= MAX_SLUG_LENGTH)

const posts = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z0-9]{1,32}$/),
    slug,
    title: hostileText,
    summary: hostileText,
    content: hostileText,
    tags: fc.array(hostileText, { maxLength: 3 }),
    publishDate: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  }),
  { selector: (post) => post.slug, maxLength: 5 },
)

const FEEDS = ['/blog/rss.xml', '/blog/atom.xml'] as const

const siteUrl = fc.tuple(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })).map(([host, port]) => `https://${host}${port ? `:${port}` : ''}`)

describe('the feeds are XML that says what the posts say, whatever they hold', () => {
  // Python starts once per run, not once per case: each run checks a batch of sites (a failure
  // still shrinks to the one case).
  it('parses strictly, with one item per post, each with its title, link, id, summary, content and categories', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(siteUrl, posts), { minLength: 20, maxLength: 40 }), (cases) => {
        const rendered = cases.map(([site, generated]) => {
          const input = generated.map((post): PublicPost => ({ ...post, featuredImageUrl: '' }))
          const documents = FEEDS.map((path) => renderFeed(path, { siteUrl: site, posts: input, emptyDate: '2025-01-01' }))
          return { site, input, documents }
        })
        const read = readFeedsStrictly(rendered.flatMap((each) => each.documents))
        rendered.forEach(({ site, input, documents }, at) => {
          const linkOf = (post: PublicPost) => new URL(`${site}/blog/${post.slug}`).href
          FEEDS.forEach((path, which) => {
            const feed = read[at * FEEDS.length + which]!
            if ('error' in feed) throw new Error(`${path} is not well-formed: ${feed.error}`)
            expect(feed.items).toHaveLength(input.length)
            feed.items.forEach((item, index) => {
              const post = input[index]!
              expect(item.link).toBe(linkOf(post))
              expect(item.id).toBe(feedEntryId(site, post.id))
              expect(item.title).toBe(xmlCharacters(post.title))
              expect(item.summary).toBe(xmlCharacters(path === '/blog/rss.xml' ? escapeHtmlText(post.summary) : post.summary))
              expect(item.content).toBe(xmlCharacters(withAbsoluteUrls(post.content, linkOf(post))))
              expect(item.categories).toEqual((post.tags ?? []).filter((name) => tagSlug(name) !== '').map(xmlCharacters))
            })
            // A lenient reader (what the API tests use) sees the same entries.
            expect(parseFeed(documents[which]!).items.map((item) => item.url)).toEqual(input.map(linkOf))
          })
        })
      }),
      { numRuns: 4 },
    )
  })

  it('catches the attack it was written for: two CDATA ends in the content forge no item', () => {
    const content = '<p>a ]]> b ]]></content:encoded></item><item><title>Forged</title><link>https://evil.example/</link><description><![CDATA[<img src=x onerror=alert(1)>]]></description></item><item><title>x</title><content:encoded><![CDATA[</p>'
    const post: PublicPost = { id: 'p1', slug: 'p', title: 'T', summary: 'S', featuredImageUrl: '', publishDate: '2025-01-01', content }
    const feeds = readFeedsStrictly(FEEDS.map((path) => renderFeed(path, { siteUrl: 'https://w.example', posts: [post], emptyDate: '2025-01-01' })))
    for (const feed of feeds) {
      if ('error' in feed) throw new Error(feed.error)
      expect(feed.items.map((item) => item.link)).toEqual(['https://w.example/blog/p'])
      expect(feed.items[0]!.content).toContain(']]> b ]]>')
    }
  })
})
