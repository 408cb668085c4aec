import { describe, expect, it } from 'vitest'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { mapGhostCards } from '../../server/import/ghost/cards.ts'
import { lexicalToHtml } from '../../server/import/ghost/lexical.ts'
import { noChanges } from '../../server/import/import-changes.ts'
import { expectUnreadable } from '../support/unreadable-ghost.ts'

type Node = Record<string, unknown>
const doc = (...children: Node[]) => JSON.stringify({ root: { children, direction: 'ltr', format: '', indent: 0, type: 'root', version: 1 } })
const text = (value: string, format = 0): Node => ({ detail: 0, format, mode: 'normal', style: '', text: value, type: 'extended-text', version: 1 })
const element = (type: string, children: Node[], fields: Node = {}): Node => ({ children, direction: 'ltr', format: '', indent: 0, type, version: 1, ...fields })
const paragraph = (...children: Node[]) => element('paragraph', children)
const render = (...children: Node[]) => lexicalToHtml(doc(...children))
const html = (...children: Node[]) => render(...children).html

describe('lexicalToHtml: blocks', () => {
  it('writes paragraphs, headings h1–h6 with Ghost\'s ids (a repeat numbered), quotes and asides', () => {
    expect(html(paragraph(text('One')), paragraph(text('Two')))).toBe('<p>One</p><p>Two</p>')
    const headings = [1, 2, 3, 4, 5, 6].map((level) => element('heading', [text(`Level ${level}`)], { tag: `h${level}` }))
    expect(html(...headings)).toBe([1, 2, 3, 4, 5, 6].map((level) => `<h${level} id="level-${level}">Level ${level}</h${level}>`).join(''))
    expect(html(element('extended-heading', [text('Intro')], { tag: 'h2' }), element('heading', [text('Intro')], { tag: 'h3' }), element('heading', [text('Intro!')], { tag: 'h2' }))).toBe(
      '<h2 id="intro">Intro</h2><h3 id="intro-1">Intro</h3><h2 id="intro-2">Intro!</h2>',
    )
    // An id no post may hold (only punctuation) is left to the post page.
    expect(html(element('heading', [text('?!')], { tag: 'h2' }))).toBe('<h2>?!</h2>')
    expect(html(element('quote', [text('Said.')]), element('extended-quote', [text('Again.')]), element('aside', [text('Aside.')]))).toBe(
      '<blockquote>Said.</blockquote><blockquote>Again.</blockquote><blockquote class="kg-blockquote-alt">Aside.</blockquote>',
    )
  })

  it('nests a list in the item before it, and keeps an ordered list\'s start', () => {
    const item = (...children: Node[]) => element('listitem', children)
    const list = (tag: string, items: Node[], start = 1) => element('list', items, { tag, listType: tag === 'ol' ? 'number' : 'bullet', start })
    expect(html(list('ul', [item(text('one')), item(list('ol', [item(text('one.one')), item(list('ul', [item(text('deep'))]))])), item(text('two'))]))).toBe(
      '<ul><li>one<ol><li>one.one<ul><li>deep</li></ul></li></ol></li><li>two</li></ul>',
    )
    expect(html(list('ol', [item(text('three'))], 3))).toBe('<ol start="3"><li>three</li></ol>')
    // A paragraph inside an item is its text, as Ghost writes it.
    expect(html(list('ul', [item(paragraph(text('in a paragraph')))]))).toBe('<ul><li>in a paragraph</li></ul>')
  })

  it('leaves out the empty paragraph Ghost\'s editor keeps at the end, and no other', () => {
    expect(html(paragraph(text('Text')), paragraph())).toBe('<p>Text</p>')
    expect(html(paragraph(), paragraph(text('Text')))).toBe('<p></p><p>Text</p>')
  })
})

describe('lexicalToHtml: text', () => {
  it('writes each format bit as its tag', () => {
    const tags = ['strong', 'em', 's', 'u', 'code', 'sub', 'sup', 'mark']
    for (const [bit, tag] of tags.entries()) expect(html(paragraph(text('x', 1 << bit)))).toBe(`<p><${tag}>x</${tag}></p>`)
    expect(html(paragraph(text('all', 255)))).toBe('<p><strong><em><s><u><code><sub><sup><mark>all</mark></sup></sub></code></u></s></em></strong></p>')
  })

  it('opens a format once for the run of text that has it, outermost the one that lasts', () => {
    // Nested as they open and close (Ghost's own walk would leave "c" italic here).
    expect(html(paragraph(text('a', 2), text('b', 3), text('c', 1)))).toBe('<p><em>a<strong>b</strong></em><strong>c</strong></p>')
    expect(html(paragraph(text('plain '), text('bold ', 1), text('both', 3), text(' plain')))).toBe('<p>plain <strong>bold <em>both</em></strong> plain</p>')
  })

  it('writes line breaks, tabs, links with href and rel, autolinks, and closes formats around a link', () => {
    expect(html(paragraph(text('one'), { type: 'linebreak', version: 1 }, text('two')))).toBe('<p>one<br>two</p>')
    expect(html(paragraph(text('a'), { type: 'tab', text: '\t', format: 0, version: 1 }, text('b')))).toBe('<p>a\tb</p>')
    const link = element('link', [text('Ghost')], { url: 'https://ghost.org/', rel: 'noreferrer', target: '_blank', title: null })
    expect(html(paragraph(text('See ', 1), link, text(' now', 1)))).toBe('<p><strong>See </strong><a href="https://ghost.org/" rel="noreferrer">Ghost</a><strong> now</strong></p>')
    expect(html(paragraph(element('autolink', [text('https://x.test')], { url: 'https://x.test' })))).toBe('<p><a href="https://x.test">https://x.test</a></p>')
    expect(html(paragraph(element('link', [text('no address')], { url: null })))).toBe('<p><a>no address</a></p>')
  })

  it('escapes hostile text and attributes, and the sanitizer refuses a javascript: link', () => {
    const hostile = html(paragraph(text('<script>alert(1)</script> & "q"'), element('link', [text('go')], { url: 'javascript:alert(1)" onclick="x', rel: '"><img src=x onerror=alert(1)>' })))
    expect(hostile).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "q"<a href="javascript:alert(1)&quot; onclick=&quot;x" rel="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">go</a></p>')
    const clean = cleanPostHtml(hostile)
    expect(clean).not.toMatch(/javascript:|onclick|onerror|<script|<img/)
    expect(clean).toContain('&lt;script>alert(1)&lt;/script>')
  })
})

describe('lexicalToHtml: cards and unknown nodes', () => {
  it('renders cards as Ghost does, so ghost/cards.ts maps them and says so', () => {
    const rendered = render(
      { type: 'image', version: 1, src: '/content/images/a.jpg', width: 30, height: 20, alt: 'A', caption: 'Cap' },
      { type: 'callout', version: 1, calloutEmoji: '💡', calloutText: '<p>Note <b>this</b></p>', backgroundColor: 'blue' },
      { type: 'horizontalrule', version: 1 },
      { type: 'paywall', version: 1 },
      paragraph(text('Members')),
    )
    expect(rendered.html).toBe(
      '<figure class="kg-card kg-image-card kg-card-hascaption"><img src="/content/images/a.jpg" class="kg-image" alt="A" loading="lazy" width="30" height="20"><figcaption>Cap</figcaption></figure>'
        + '<div class="kg-card kg-callout-card kg-callout-card-blue"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Note <b>this</b></div></div><hr><!--members-only--><p>Members</p>',
    )
    const changes = noChanges()
    expect(mapGhostCards(rendered.html, changes)).toBe(
      '<figure><img src="__GHOST_URL__/content/images/a.jpg" alt="A" width="30" height="20"><figcaption>Cap</figcaption></figure><aside role="note"><p>💡 Note <b>this</b></p></aside><hr><p>Members</p>',
    )
    expect(changes.changed).toEqual(['image card → figure', 'callout card → callout', 'paywall marker removed (what follows it was for members only in Ghost: here it is public)'])
  })

  it('keeps the words of a node it does not know, and names it', () => {
    expect(render({ type: 'poll', version: 1, question: 'Which one?', options: ['North', 'https://x.test/'] }, element('table', [text('Cell text')]), paragraph(text('a '), { type: 'mention', text: 'Ann' }, text(' b')))).toEqual({
      html: '<p>Which one? North</p><p>Cell text</p><p>a Ann b</p>',
      changed: ['unknown Lexical node "poll" → its text', 'unknown Lexical node "table" → its text', 'unknown Lexical node "mention" inside a block → its text'],
    })
    expect(render({ type: 'spacer', version: 1 })).toEqual({ html: '', changed: ['unknown Lexical node "spacer" → nothing (it had no text)'] })
  })

  it('leaves out a half-typed link search, as Ghost does, and says so', () => {
    const search = element('at-link', [{ type: 'zwnj', text: '', format: 0 }, { type: 'at-link-search', text: 'trail', format: 0 }], { linkFormat: 0 })
    expect(render(paragraph(text('See '), search, text(' here')))).toEqual({ html: '<p>See  here</p>', changed: ['unfinished link search "trail" → left out (Ghost shows none)'] })
  })

  it('leaves out a card for the newsletter only, and shows one for some members to everyone, each reported', () => {
    const emailOnly = { type: 'html', version: 1, html: '<p>Hi subscriber</p>', visibility: { web: { nonMember: false, memberSegment: '' }, email: { memberSegment: 'status:free,status:-free' } } }
    const paidOnly = { type: 'html', version: 1, html: '<p>Paid words</p>', visibility: { web: { nonMember: false, memberSegment: 'status:-free' }, email: { memberSegment: '' } } }
    expect(render(emailOnly, paidOnly)).toEqual({
      html: '\n<!--kg-card-begin: html-->\n<p>Paid words</p>\n<!--kg-card-end: html-->\n',
      changed: ['html card for the newsletter only in Ghost → removed: "Hi subscriber"', 'html card for some members only in Ghost → shown to every visitor'],
    })
  })

  it('reports a card without its content, which Ghost shows as nothing', () => {
    expect(render({ type: 'image', version: 1, src: '' }, { type: 'button', version: 1, buttonText: 'Go', buttonUrl: '' })).toEqual({
      html: '',
      changed: ['image card without an image (Ghost shows nothing) → left out', 'button card without a link (Ghost shows nothing) → left out'],
    })
  })
})

describe('lexicalToHtml: what it refuses', () => {
  const refused = (source: string, reason: string | RegExp) => expectUnreadable(lexicalToHtml, source, reason)

  it('says why a document cannot be read', () => {
    refused('{"root":', /^its Lexical JSON cannot be read \(/)
    refused('[]', 'its Lexical JSON has no root with children')
    refused('{"root":{"__proto__":{"children":[]}}}', 'its Lexical JSON has no root with children')
  })

  it('refuses nesting deeper than a post may hold, before any tree walk could overflow', () => {
    // Written as text: JSON.stringify itself recurses.
    let node = '{"type":"text","text":"deep"}'
    for (let i = 0; i < 100_000; i++) node = `{"type":"quote","children":[${node}]}`
    refused(`{"root":{"children":[{"type":"paragraph","children":[${node}]}]}}`, 'its Lexical JSON nests more than 100 levels deep, more than a post may')
    refused(doc({ type: 'callout', calloutText: `${'<b>'.repeat(5000)}x` }), 'its calloutText HTML nests elements more than 100 levels deep, more than a post may')
  })

  it('renders a paragraph of many thousand pieces, formats and all', () => {
    const pieces = Array.from({ length: 20_000 }, (_, i) => text(`w${i} `, i % 3))
    const written = Array.from({ length: 20_000 }, (_, i) => [`w${i} `, `<strong>w${i} </strong>`, `<em>w${i} </em>`][i % 3]).join('')
    expect(html(paragraph(...pieces))).toBe(`<p>${written}</p>`)
  })
})
