import { describe, expect, it } from 'vitest'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { mobiledocToHtml } from '../../server/import/ghost/mobiledoc.ts'
import { expectUnreadable } from '../support/unreadable-ghost.ts'

type Mobiledoc = { sections: unknown[]; markups?: unknown[]; atoms?: unknown[]; cards?: unknown[]; ghostVersion?: string; version?: string }
const render = (doc: Mobiledoc) => mobiledocToHtml(JSON.stringify({ version: '0.3.1', markups: [], atoms: [], cards: [], ...doc }))
const html = (doc: Mobiledoc) => render(doc).html
const words = (value: string) => [0, [], 0, value]

describe('mobiledocToHtml: sections', () => {
  it('writes markup sections, Ghost\'s heading ids, asides as Ghost\'s alternative quote, a pull quote as a quote', () => {
    const tags = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']
    expect(html({ sections: tags.map((tag) => [1, tag, [words(`A ${tag}`)]]) })).toBe(
      '<p>A p</p><h1 id="a-h1">A h1</h1><h2 id="a-h2">A h2</h2><h3 id="a-h3">A h3</h3><h4 id="a-h4">A h4</h4><h5 id="a-h5">A h5</h5><h6 id="a-h6">A h6</h6><blockquote>A blockquote</blockquote>',
    )
    expect(html({ sections: [[1, 'aside', [words('Aside')]], [1, 'pull-quote', [words('Pulled')]]] })).toBe('<blockquote class="kg-blockquote-alt">Aside</blockquote><blockquote>Pulled</blockquote>')
    // Ghost's own case: a repeated heading is numbered.
    expect(html({ sections: [[1, 'h1', [words('Heading One')]], [1, 'h3', [words('Heading One')]]] })).toBe('<h1 id="heading-one">Heading One</h1><h3 id="heading-one-1">Heading One</h3>')
    // Ghost 2 and 3 made ids their older way.
    expect(html({ ghostVersion: '3.0', sections: [[1, 'h2', [words('Hello, World')]]] })).toBe('<h2 id="hello-world">Hello, World</h2>')
  })

  it('writes lists and image sections, and leaves out the empty paragraph at the end', () => {
    expect(html({ sections: [[3, 'ul', [[words('one')], [words('two')]]], [3, 'ol', [[words('first')]]], [2, '/content/images/a.jpg'], [1, 'p', []]] })).toBe(
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><figure class="kg-card kg-image-card"><img src="/content/images/a.jpg" class="kg-image" alt loading="lazy"></figure>',
    )
    expect(html({ sections: [[1, 'p', []]] })).toBe('')
  })

  it('writes an unknown section tag as a paragraph, and says so', () => {
    expect(render({ sections: [[1, 'marquee', [words('Moving')]]] })).toEqual({ html: '<p>Moving</p>', changed: ['unknown Mobiledoc section "marquee" → a paragraph'] })
  })
})

describe('mobiledocToHtml: markers', () => {
  it('opens and closes markups as the markers say (Ghost\'s converter\'s case of formats around and inside a link)', () => {
    const markups = [['strong'], ['a', ['href', 'https://koenig.ghost.org']], ['em']]
    const markers = [[0, [], 0, 'Plain '], [0, [0], 1, 'startbold '], [0, [1, 0], 0, 'link '], [0, [2], 1, 'italiclink'], [0, [], 2, ' link'], [0, [0], 1, ' endbold'], [0, [], 0, ' plain']]
    expect(html({ markups, sections: [[1, 'p', markers]] })).toBe(
      '<p>Plain <strong>startbold </strong><a href="https://koenig.ghost.org"><strong>link <em>italiclink</em> link</strong></a><strong> endbold</strong> plain</p>',
    )
  })

  it('writes every markup Ghost makes, a link\'s rel, and a soft return as a line break', () => {
    const tags = ['strong', 'b', 'em', 'i', 'code', 's', 'u', 'sup', 'sub']
    expect(html({ markups: tags.map((tag) => [tag]), sections: [[1, 'p', tags.map((_, index) => [0, [index], 1, 'x'])]] })).toBe(`<p>${tags.map((tag) => `<${tag}>x</${tag}>`).join('')}</p>`)
    expect(html({ markups: [['a', ['href', 'https://x.test', 'rel', 'noopener', 'target', '_blank']]], atoms: [['soft-return', '', {}]], sections: [[1, 'p', [[0, [0], 1, 'link'], [1, [], 0, 0], words('next')]]] })).toBe(
      '<p><a href="https://x.test" rel="noopener">link</a><br>next</p>',
    )
  })

  it('keeps the words of an unknown markup or atom, and names each', () => {
    expect(render({ markups: [['blink']], atoms: [['mention', '@ann', {}]], sections: [[1, 'p', [[0, [0], 1, 'flash'], [1, [], 0, 0]]]] })).toEqual({
      html: '<p>flash@ann</p>',
      changed: ['unknown Mobiledoc markup "blink" → its text', 'unknown Mobiledoc atom "mention" → its text'],
    })
  })

  it('escapes hostile text and attributes, and the sanitizer refuses a javascript: link', () => {
    const rendered = html({ markups: [['a', ['href', 'javascript:alert(1)" onmouseover="x']]], sections: [[1, 'p', [[0, [0], 1, '<img src=x onerror=alert(1)>']]]] })
    expect(rendered).toBe('<p><a href="javascript:alert(1)&quot; onmouseover=&quot;x">&lt;img src=x onerror=alert(1)&gt;</a></p>')
    expect(cleanPostHtml(rendered)).toBe('<p><a>&lt;img src=x onerror=alert(1)></a></p>')
  })
})

describe('mobiledocToHtml: cards', () => {
  it('renders cards of 0.3 (by index) and of 0.2 (inline), as Ghost does', () => {
    expect(html({ cards: [['hr', {}], ['code', { code: 'a < b', language: 'js' }]], sections: [[10, 0], [10, 1]] })).toBe('<hr><pre><code class="language-js">a &lt; b</code></pre>')
    expect(html({ version: '0.2.0', sections: [[10, 'html', { html: '<p>Raw</p>' }]] })).toBe('\n<!--kg-card-begin: html-->\n<p>Raw</p>\n<!--kg-card-end: html-->\n')
  })

  it('renders a post of Markdown cards only (Ghost 1.x), whichever name the card has', () => {
    expect(html({ cards: [['card-markdown', { cardName: 'card-markdown', markdown: '## Hello\n\n*there*' }], ['markdown', { markdown: 'again' }]], sections: [[10, 0], [10, 1]] })).toBe(
      '\n<!--kg-card-begin: markdown--><h2>Hello</h2>\n<p><em>there</em></p><!--kg-card-end: markdown-->\n\n<!--kg-card-begin: markdown--><p>again</p><!--kg-card-end: markdown-->\n',
    )
  })

  it('keeps the words of an unknown card, and names it', () => {
    expect(render({ cards: [['poll', { question: 'Which trail?', color: '#ff0000', url: 'https://x.test/' }], ['spacer', {}]], sections: [[10, 0], [10, 1]] })).toEqual({
      html: '<p>Which trail?</p>',
      changed: ['unknown Mobiledoc card "poll" → its text', 'unknown Mobiledoc card "spacer" → nothing (it had no text)'],
    })
  })
})

describe('mobiledocToHtml: what it refuses', () => {
  const refused = (source: string, reason: string | RegExp) => expectUnreadable(mobiledocToHtml, source, reason)

  it('says why a document cannot be read', () => {
    refused('{"sections":', /^its Mobiledoc cannot be read \(/)
    refused('{"version":"0.3.1"}', 'its Mobiledoc has no list of sections')
    refused('{"sections":["p"]}', "its Mobiledoc's section 1 is no list")
    refused('{"sections":[[99]]}', "its Mobiledoc's section 1 is of no known kind (99)")
    refused('{"sections":[[10,3]],"cards":[]}', "its Mobiledoc's section 1 names no card")
    refused('{"sections":[["p"]]}', 'its Mobiledoc\'s section 1 is of no known kind ("p")')
    refused('{"sections":[[{"kind":1}]]}', "its Mobiledoc's section 1 is of no known kind (an object)")
    refused(JSON.stringify({ sections: [[10, 0]], cards: [['markdown', { markdown: `${'>'.repeat(500)} deep` }]] }), /^its Markdown cannot be rendered \(quotes nested more than 100 deep\)/)
  })

  it('names a value nested deep or written long by its kind or its start, never whole (which would overflow the stack or fill the report)', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    refused(`{"sections":[[${deep}]]}`, "its Mobiledoc's section 1 is of no known kind (a list)")
    expect(mobiledocToHtml(`{"markups":[],"atoms":[],"sections":[[1,${deep},[]],[1,"p",[[0,[${deep}],0,"x"],[1,[],0,${deep}]]]]}`)).toEqual({
      html: '<p></p><p>x</p>',
      changed: ['unknown Mobiledoc section a list → a paragraph', 'unknown Mobiledoc markup a list → its text', 'unknown Mobiledoc atom a list → nothing (it had no text)'],
    })
    expect(render({ sections: [[1, 'x'.repeat(100), [words('Long')]]] }).changed).toEqual([`unknown Mobiledoc section "${'x'.repeat(60)}…" → a paragraph`])
  })
})
