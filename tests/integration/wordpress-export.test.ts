import { readFileSync } from 'node:fs'
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it, vi } from 'vitest'
import { InvalidImportSource } from '../../server/import/imported-post.ts'
import { readWordPressExport } from '../../server/import/wordpress-export.ts'
import { autoParagraphs, wordpressBody } from '../../server/import/wordpress-html.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name))

describe('readWordPressExport on WordPress\'s theme unit test data', () => {
  const result = readWordPressExport(fixture('themeunittestdata.wordpress.xml'))
  const post = (slug: string) => {
    const found = result.posts.find((candidate) => candidate.slug === slug)
    if (!found) throw new Error(`no post ${slug}`)
    return found
  }

  it('reads the posts only, by status, and counts what it skipped by kind', () => {
    expect(result.posts).toHaveLength(58)
    const count = (status: string) => result.posts.filter((candidate) => candidate.status === status).length
    expect([count('published'), count('scheduled'), count('draft')]).toEqual([55, 1, 2])
    const reasons = result.skipped.map((item) => item.reason.split(':')[0]!.split(' (')[0])
    expect(reasons.filter((reason) => reason === 'page')).toHaveLength(21)
    expect(reasons.filter((reason) => reason === 'attachment')).toHaveLength(37)
    expect(reasons.filter((reason) => reason === 'nav_menu_item')).toHaveLength(70)
  })

  it('keeps slugs, titles (as plain text) and the GMT dates', () => {
    const standard = post('post-format-standard')
    expect(standard).toMatchObject({ title: 'Post Format: Standard', status: 'published', date: '2010-10-05T07:27:25Z', oldPaths: ['/2010/10/05/post-format-standard/'] })
    expect(post('markup-title-with-markup').title).toBe('Markup: Title With Markup')
  })

  it('reads the categories, then the tags, as names; never "Uncategorized" nor the post format', () => {
    expect(post('post-format-standard').tags).toEqual(['Classic', 'Post Formats', 'Post Formats', 'readability', 'standard'])
    const all = result.posts.flatMap((candidate) => candidate.tags ?? [])
    expect(all).not.toContain('Uncategorized')
    expect(all.some((name) => /^post-format-/.test(name))).toBe(false)
  })

  it('turns [caption] into a figure with its caption', () => {
    expect(post('post-format-image-caption').html).toBe(
      '<figure><a href="https://wpthemetestdata.files.wordpress.com/2008/06/100_5478.jpg"><img class="wp-image-754 size-large" src="https://wpthemetestdata.files.wordpress.com/2008/06/100_5478.jpg?w=604" alt="Bell on Wharf" width="604" height="453" /></a><figcaption>Bell on wharf in San Francisco</figcaption></figure>',
    )
  })

  it('removes the block editor\'s comments and does not paragraph its HTML again', () => {
    const quotes = post('block-quotes')
    expect(quotes.html).not.toContain('<!--')
    expect(quotes.html).not.toContain('wp:')
    expect(quotes.html).toContain('<blockquote class="wp-block-quote"><p>Gutenberg is more than an editor.</p>')
    expect(quotes.html).not.toMatch(/<p>\s*<blockquote/)
  })

  it('paragraphs classic posts as WordPress does', () => {
    expect(post('scheduled').html).toBe('<p>This post is scheduled to be published in the future.</p>\n<p>It should not be displayed by the theme.</p>')
    // A list item whose nested list starts on the next line gets no stray </p>.
    expect(post('edge-case-nested-and-mixed-lists').html).not.toContain('</p>\n<ul>\n<li><strong>unordered')
    expect(post('edge-case-nested-and-mixed-lists').html).toContain('<li>ordered item\n<ul>')
  })

  it('takes the featured image from _thumbnail_id, with the attachment\'s alt text', () => {
    expect(post('post-format-image-caption').featuredImage).toBe('https://wpthemetestdata.files.wordpress.com/2010/08/triforce-wallpaper.jpg')
    const horizontal = post('template-featured-image-horizontal')
    expect(horizontal.featuredImage).toBe('https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg')
    expect(horizontal.featuredImageAlt).toBe('Horizontal Featured Image')
    expect(post('post-format-standard').featuredImage).toBe('')
  })

  it('keeps the scheduled post scheduled and drafts as drafts, saying why a post became one', () => {
    expect(post('scheduled')).toMatchObject({ status: 'scheduled', date: '2030-01-01T19:00:18Z' })
    const draft = result.posts.find((candidate) => candidate.title === 'Draft')!
    expect(draft).toMatchObject({ status: 'draft', slug: '', oldPaths: [] })
    expect(post('template-password-protected')).toMatchObject({ status: 'draft', notes: [expect.stringContaining('password-protected')] })
  })

  it('makes [gallery] a gallery of the post\'s attached images, says so, and reads the excerpt as plain text', () => {
    expect(post('post-format-gallery').changes?.changed).toEqual(Array(10).fill('[gallery] shortcode → gallery'))
    expect(post('post-format-gallery').html).not.toContain('[gallery')
    expect(post('post-format-gallery').html).toMatch(/^<figure class="gallery"><figure><img src="https:\/\/wpthemetestdata\.files\.wordpress\.com\/2008\/06\/canola2\.jpg" alt="canola"><figcaption>Lorem ipsum/)
    expect(post('template-excerpt-defined').summary).toMatch(/^This is a user-defined post excerpt\. It should be displayed/)
  })

  it('says where the old site\'s uploads were', () => {
    expect(result.uploadBases).toContain('https://wpthemetestdata.files.wordpress.com/')
    expect(result.uploadBases).toContain('https://wpthemetestdata.wordpress.com/wp-content/uploads/')
  })
})

describe('readWordPressExport refuses what is no WordPress export', () => {
  const refusal = (bytes: Buffer) => {
    try {
      readWordPressExport(bytes)
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidImportSource)
      return (error as Error).message
    }
    throw new Error('not refused')
  }

  it('refuses text that is no XML, and XML that is no export', () => {
    expect(refusal(fixture('not-xml.xml'))).toMatch(/not well-formed XML/)
    expect(refusal(fixture('plain-rss.xml'))).toMatch(/no WordPress export/)
    expect(refusal(Buffer.from(''))).toMatch(/not well-formed|no WordPress export/)
  })

  it('refuses any DOCTYPE before the XML is read: no external entity is read, no entity expanded', () => {
    const validate = vi.spyOn(XMLValidator, 'validate')
    const parse = vi.spyOn(XMLParser.prototype, 'parse')
    try {
      expect(refusal(fixture('external-entity.xml'))).toMatch(/DOCTYPE/)
      expect(refusal(fixture('billion-laughs.xml'))).toMatch(/DOCTYPE/)
      expect(validate).not.toHaveBeenCalled()
      expect(parse).not.toHaveBeenCalled()
      // What counted the XML's reading: a file without a DOCTYPE is read.
      expect(refusal(fixture('plain-rss.xml'))).toMatch(/no WordPress export/)
      expect(validate).toHaveBeenCalledOnce()
      expect(parse).toHaveBeenCalledOnce()
    } finally {
      validate.mockRestore()
      parse.mockRestore()
    }
  })

  it('refuses a file over the size cap before parsing it', () => {
    const huge = Buffer.alloc(200 * 1024 * 1024 + 1, 0x20)
    expect(refusal(huge)).toMatch(/larger than 200 MB/)
  })
})

describe('wordpressBody', () => {
  it('paragraphs blank-line-separated text, a single newline being a line break', () => {
    expect(autoParagraphs('One\n\nTwo\nlines')).toBe('<p>One</p>\n<p>Two<br>\nlines</p>')
  })

  it('leaves block elements and <pre> as they are', () => {
    expect(autoParagraphs('Intro\n<ul>\n<li>a</li>\n</ul>\n<pre>x\n\ny</pre>')).toBe('<p>Intro</p>\n<ul>\n<li>a</li>\n</ul>\n<pre>x\n\ny</pre>')
  })

  it('makes a caption in an attribute a figcaption, and leaves [[escaped]] shortcodes as text', () => {
    expect(wordpressBody('[caption caption="A bell"]<img src="https://x.test/a.jpg">[/caption]').html).toBe('<figure><img src="https://x.test/a.jpg"><figcaption>A bell</figcaption></figure>')
    const escaped = wordpressBody('Write [[gallery]] to show one.')
    expect(escaped).toEqual({ html: '<p>Write [gallery] to show one.</p>', changes: { kept: ['classic editor HTML'], changed: [] } })
  })

  it('makes [embed] a link, and any other shortcode its inner text, naming each', () => {
    expect(wordpressBody('[embed]https://x.test/v[/embed] and [gallery ids="1,2"] and [embed]b[/embed] [note]Hi[/note]')).toEqual({
      html: '<p><a href="https://x.test/v">https://x.test/v</a> and  and b Hi</p>',
      changes: {
        kept: ['classic editor HTML'],
        changed: ['[embed] shortcode → link', '[gallery] shortcode removed (no text of its own, and no file it names in the export)', '[embed] shortcode → its text', '[note] shortcode → its text'],
      },
    })
  })

  it('drops WordPress\'s more and page-break markers', () => {
    expect(wordpressBody('Teaser\n<!--more-->\nRest<!--nextpage-->').html).toBe('<p>Teaser</p>\n<p>Rest</p>')
  })
})
