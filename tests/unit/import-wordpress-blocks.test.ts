import { describe, expect, it } from 'vitest'
import { noChanges } from '../../server/import/import-changes.ts'
import { renderBlocks } from '../../server/import/wordpress-blocks.ts'
import { wordpressBody } from '../../server/import/wordpress-html.ts'

/** A block-editor post's HTML rendered into the post model (blank lines, which the sanitizer's formatting drops, made one), and what the rendering reported. */
function render(source: string) {
  const changes = noChanges()
  return { html: oneLineEach(renderBlocks(source, changes)), ...changes }
}

function oneLineEach(html: string): string {
  return html.replace(/\n+/g, '\n').trim()
}

const image = (name: string, caption = '') =>
  `<!-- wp:image {"id":1} -->\n<figure class="wp-block-image size-large"><img src="https://x.test/${name}.jpg" alt="${name}" class="wp-image-1"/>${caption ? `<figcaption class="wp-element-caption">${caption}</figcaption>` : ''}</figure>\n<!-- /wp:image -->`

describe('WordPress blocks in the post model', () => {
  it('keeps paragraphs, headings and lists as written and says so', () => {
    const out = render('<!-- wp:heading {"level":4} -->\n<h4 class="wp-block-heading">Four</h4>\n<!-- /wp:heading -->\n<!-- wp:paragraph -->\n<p>Text</p>\n<!-- /wp:paragraph -->')
    expect(out.html).toBe('<h4 class="wp-block-heading">Four</h4>\n<p>Text</p>')
    expect(out).toMatchObject({ kept: ['heading', 'paragraph'], changed: [] })
  })

  it('makes a gallery a figure of image figures, each with its caption, then its own caption', () => {
    const out = render(`<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images">${image('a', 'First')}\n${image('b')}<figcaption class="blocks-gallery-caption wp-element-caption">Both</figcaption></figure>\n<!-- /wp:gallery -->`)
    expect(out.html).toBe('<figure class="gallery"><figure><img src="https://x.test/a.jpg" alt="a"><figcaption>First</figcaption></figure><figure><img src="https://x.test/b.jpg" alt="b"></figure><figcaption>Both</figcaption></figure>')
    expect(out.changed).toEqual(['gallery block → gallery'])
  })

  it('makes a button a button link, and one without a link a paragraph it reports', () => {
    const out = render('<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://x.test/go">Go</a></div>\n<!-- /wp:button --><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Nowhere</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->')
    expect(out.html).toContain('<p><a href="https://x.test/go" class="button">Go</a></p>')
    expect(out.html).toContain('<p>Nowhere</p>')
    expect(out.changed).toContain('button "Nowhere" without a link → paragraph')
    expect(out.changed).toContain('buttons block → its blocks in order (layout removed)')
  })

  it('makes a file block a download link named by the file, never "Wind FarmDownload"', () => {
    const out = render('<!-- wp:file {"id":7,"href":"https://x.test/wind.pdf"} -->\n<div class="wp-block-file"><a id="f" href="https://x.test/wind.pdf">Wind Farm</a><a href="https://x.test/wind.pdf" class="wp-block-file__button wp-element-button" download>Download</a></div>\n<!-- /wp:file -->')
    expect(out.html).toBe('<p><a href="https://x.test/wind.pdf" download>Wind Farm</a></p>')
    expect(out.changed).toEqual(['file block → download link'])
  })

  it('names a download without text by its file, its escapes decoded, and keeps a malformed escape as written', () => {
    const file = (href: string) => render(`<!-- wp:file {"id":7} -->\n<div class="wp-block-file"><a href="${href}"></a></div>\n<!-- /wp:file -->`).html
    expect(file('https://x.test/Wind%20Farm.pdf')).toBe('<p><a href="https://x.test/Wind%20Farm.pdf" download>Wind Farm.pdf</a></p>')
    expect(file('https://x.test/caf%E9%A.pdf')).toBe('<p><a href="https://x.test/caf%E9%A.pdf" download>caf%E9%A.pdf</a></p>')
  })

  it('makes video and audio blocks files in figures, with their poster and caption, never autoplaying', () => {
    const out = render('<!-- wp:video -->\n<figure class="wp-block-video"><video autoplay loop muted src="https://x.test/v.mp4" poster="https://x.test/p.jpg"></video><figcaption class="wp-element-caption">Clip</figcaption></figure>\n<!-- /wp:video -->\n<!-- wp:audio -->\n<figure class="wp-block-audio"><audio controls src="https://x.test/a.mp3"></audio></figure>\n<!-- /wp:audio -->')
    expect(out.html).toBe(
      '<figure><video controls preload="metadata" src="https://x.test/v.mp4" poster="https://x.test/p.jpg"></video><figcaption>Clip</figcaption></figure>\n<figure><audio controls preload="metadata" src="https://x.test/a.mp3"></audio></figure>',
    )
  })

  it('makes a pullquote a quote with its citation, and a cover its image then its blocks', () => {
    expect(render('<!-- wp:pullquote -->\n<figure class="wp-block-pullquote"><blockquote><p>Said</p><cite>Someone</cite></blockquote></figure>\n<!-- /wp:pullquote -->').html).toBe('<blockquote><p>Said</p><cite>Someone</cite></blockquote>')
    const cover = render('<!-- wp:cover {"url":"https://x.test/c.jpg"} -->\n<div class="wp-block-cover"><img class="wp-block-cover__image-background" alt="" src="https://x.test/c.jpg"/><div class="wp-block-cover__inner-container"><!-- wp:paragraph -->\n<p>Over it</p>\n<!-- /wp:paragraph --></div></div>\n<!-- /wp:cover -->')
    expect(cover.html).toBe('<figure><img src="https://x.test/c.jpg" alt=""></figure>\n<p>Over it</p>')
  })

  it('makes social icons a list of links, named by their service', () => {
    const out = render('<!-- wp:social-links -->\n<ul class="wp-block-social-links"><!-- wp:social-link {"url":"https://x.test/me","service":"mastodon"} /--><!-- wp:social-link {"url":"https://x.test/gh","service":"github","label":"Code"} /--></ul>\n<!-- /wp:social-links -->')
    expect(out.html).toBe('<ul><li><a href="https://x.test/me">Mastodon</a></li><li><a href="https://x.test/gh">Code</a></li></ul>')
  })

  it('makes an embed a link with its caption', () => {
    const out = render('<!-- wp:embed {"url":"https://x.test/post/1","type":"rich"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://x.test/post/1\n</div><figcaption>A post</figcaption></figure>\n<!-- /wp:embed -->')
    expect(out.html).toBe('<p><a href="https://x.test/post/1">https://x.test/post/1</a></p><p>A post</p>')
  })

  it('removes dynamic blocks and names them, with what they held and their template\'s words', () => {
    const out = render('<!-- wp:latest-posts /-->\n<!-- wp:query {"queryId":1} -->\n<div class="wp-block-query"><!-- wp:post-template -->\n<!-- wp:post-title /-->\n<!-- /wp:post-template --></div>\n<!-- /wp:query -->\n<!-- wp:navigation {"ref":4} /-->')
    expect(out.html).toBe('')
    expect(out.changed).toEqual(['dynamic block latest-posts removed', 'dynamic block query removed (holding post-template, post-title)', 'dynamic block navigation removed'])
  })

  it('keeps the post\'s own blocks inside a dynamic one', () => {
    const out = render('<!-- wp:query -->\n<div class="wp-block-query"><!-- wp:heading -->\n<h2 class="wp-block-heading">Recent</h2>\n<!-- /wp:heading --><!-- wp:post-template -->\n<!-- wp:post-title /-->\n<!-- /wp:post-template --></div>\n<!-- /wp:query -->')
    expect(out.html).toBe('<h2 class="wp-block-heading">Recent</h2>')
    expect(out.changed).toEqual(['dynamic block query removed, the blocks of the post\'s own in it kept', 'dynamic block post-template removed (holding post-title)'])
  })

  it('keeps a plugin\'s block as its HTML and names it; one without HTML is dynamic', () => {
    const out = render('<!-- wp:acme/note -->\n<div class="acme">Hi</div>\n<!-- /wp:acme/note -->\n<!-- wp:acme/counter /-->')
    expect(out.html).toBe('<div class="acme">Hi</div>')
    expect(out.changed).toEqual(['acme/note block → its HTML, as the sanitizer keeps it (a block unknown here)', 'dynamic block acme/counter removed'])
  })

  it('links footnotes both ways from the post\'s footnotes meta, and lists them where the block stood', () => {
    const body = wordpressBody('<!-- wp:paragraph -->\n<p>Claim<sup data-fn="u-1" class="fn"><a href="#u-1" id="u-1-link">1</a></sup></p>\n<!-- /wp:paragraph -->\n<!-- wp:footnotes /-->', {
      attachments: new Map(),
      postId: '1',
      footnotes: [{ id: 'u-1', content: 'A <em>note</em>' }],
    })
    expect(oneLineEach(body.html)).toBe(
      '<p>Claim<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup></p>\n<section role="doc-endnotes"><ol><li id="fn-1"><p>A <em>note</em> <a href="#fnref-1" role="doc-backlink">↩</a></p></li></ol></section>',
    )
    expect(body.changes.changed).toEqual(['footnotes block → footnotes', 'footnote reference → linked to its note'])
  })
})
