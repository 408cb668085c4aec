/**
 * What a linked page says of itself, for a bookmark card (server/link-details/page-details.ts):
 * Open Graph, then Twitter's cards, then the plain HTML; its image made absolute; its text cleaned
 * and cut to the card's limits; its bytes decoded as a browser would. The page is hostile input.
 */
import { describe, expect, it } from 'vitest'
import { MAX_BOOKMARK_DESCRIPTION_LENGTH, MAX_BOOKMARK_TITLE_LENGTH } from '../../core/contract/limits.ts'
import { cardText, decodePage, readPageDetails } from '../../server/link-details/page-details.ts'

const PAGE = 'https://news.example/2025/story?id=7'
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`

describe('readPageDetails', () => {
  it('reads Open Graph first', () => {
    const html = page(
      '<title>Plain title</title><meta name="twitter:title" content="Twitter title"><meta property="og:title" content="OG title">' +
        '<meta name="description" content="Plain description"><meta property="og:description" content="OG description">' +
        '<meta name="twitter:image" content="https://img.example/t.png"><meta property="og:image" content="https://img.example/og.png">',
    )
    expect(readPageDetails(html, PAGE)).toEqual({ title: 'OG title', description: 'OG description', image: 'https://img.example/og.png' })
  })

  it("falls back to Twitter's cards, then the page's title and description", () => {
    expect(readPageDetails(page('<title>Plain</title><meta name="twitter:title" content="Twitter title"><meta name="twitter:image" content="https://img.example/t.jpg">'), PAGE)).toEqual({
      title: 'Twitter title',
      image: 'https://img.example/t.jpg',
    })
    expect(readPageDetails(page('<title>\n  Plain   title\n</title><meta name="description" content="Plain description">'), PAGE)).toEqual({
      title: 'Plain title',
      description: 'Plain description',
    })
    // An empty og:title says nothing: the next one speaks.
    expect(readPageDetails(page('<meta property="og:title" content="  "><title>Plain</title>'), PAGE).title).toBe('Plain')
  })

  it('reads what a sloppy page puts in its body, and the first of each', () => {
    const html = '<p>Text first</p><meta property="og:title" content="Late"><meta property="og:title" content="Later"><title>In body</title>'
    expect(readPageDetails(html, PAGE).title).toBe('Late')
  })

  it('makes a relative image absolute against the page, and keeps only http(s) ones', () => {
    const image = (content: string) => readPageDetails(page(`<meta property="og:image" content="${content}">`), PAGE).image
    expect(image('/images/card.png')).toBe('https://news.example/images/card.png')
    expect(image('card.png')).toBe('https://news.example/2025/card.png')
    expect(image('//cdn.example/card.png')).toBe('https://cdn.example/card.png')
    for (const refused of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'https://user:pw@img.example/a.png', 'http://[bad', `https://img.example/${'a'.repeat(2100)}.png`]) {
      expect(image(refused), refused).toBeUndefined()
    }
  })

  it('decodes entities, and leaves markup in the text as text', () => {
    const html = page('<meta property="og:title" content="Tom &amp; Jerry&#39;s &lt;b&gt;show&lt;/b&gt; &eacute;t&eacute;"><title>x &amp; y</title>')
    expect(readPageDetails(html, PAGE).title).toBe("Tom & Jerry's <b>show</b> été")
    expect(readPageDetails(page('<title>A &lt;script&gt; &amp; more</title>'), PAGE).title).toBe('A <script> & more')
  })

  it('cleans control and invisible characters, keeping the joiners words are spelled with', () => {
    const html = page('<meta property="og:title" content="Line&#10;break\u0000null\u202Eevil\uFEFF mark"><meta name="description" content="می\u200Cخواهم">')
    expect(readPageDetails(html, PAGE)).toEqual({ title: 'Line breaknullevil mark', description: 'می\u200Cخواهم' })
  })

  it("cuts the text to the card's limits, at a word, with an ellipsis", () => {
    const long = 'word '.repeat(200)
    const details = readPageDetails(page(`<title>${long}</title><meta name="description" content="${long}">`), PAGE)
    expect([...details.title!].length).toBeLessThanOrEqual(MAX_BOOKMARK_TITLE_LENGTH)
    expect(details.title).toMatch(/^word( word)* word…$/)
    expect([...details.description!].length).toBeLessThanOrEqual(MAX_BOOKMARK_DESCRIPTION_LENGTH)
    // One long word is cut inside it; an emoji is never cut in half.
    expect(cardText('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`)
    expect(cardText('😀'.repeat(20), 5)).toBe('😀😀😀😀…')
  })

  it('says nothing of a page that says nothing, or of what is not a page', () => {
    expect(readPageDetails('', PAGE)).toEqual({})
    expect(readPageDetails('\u0000\u0001 binary \uFFFD garbage', PAGE)).toEqual({})
    expect(readPageDetails('<svg><title>An icon</title></svg>', PAGE)).toEqual({})
    expect(readPageDetails('<template><meta property="og:title" content="Hidden"></template>', PAGE)).toEqual({})
  })

  it('reads a hostile page: nested 100,000 deep, 20,000 metas, half a megabyte', () => {
    const deep = `${'<div>'.repeat(100_000)}<meta property="og:title" content="Deep">${'</div>'.repeat(100_000)}`
    expect(readPageDetails(deep, PAGE).title).toBe('Deep')
    const metas = `${'<meta name="x" content="y">'.repeat(20_000)}<meta name="description" content="At last">`
    expect(readPageDetails(page(metas), PAGE).description).toBe('At last')
    const unclosed = `<title>${'a'.repeat(512 * 1024)}`
    expect([...readPageDetails(unclosed, PAGE).title!].length).toBe(MAX_BOOKMARK_TITLE_LENGTH)
  })
})

describe('decodePage', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1')

  it("reads the Content-Type's charset", () => {
    expect(decodePage(latin1('<title>caf\u00e9</title>'), 'text/html; charset=ISO-8859-1')).toBe('<title>café</title>')
    expect(decodePage(Buffer.from([0x82, 0xa0]), 'text/html;charset="Shift_JIS"')).toBe('あ')
  })

  it('reads windows-1252 as the web does: quote marks and the euro sign', () => {
    expect(decodePage(Buffer.from([0x93, 0x61, 0x94, 0x20, 0x80, 0x97]), 'text/html; charset=windows-1252')).toBe('“a” €—')
    expect(decodePage(Buffer.from([0x93, 0x61, 0x94]), 'text/html; charset=latin1')).toBe('“a”')
  })

  it('reads a <meta> charset near the start when the header says none', () => {
    expect(decodePage(latin1('<meta charset="iso-8859-15"><title>\u00a4</title>'), 'text/html')).toBe('<meta charset="iso-8859-15"><title>€</title>')
    expect(decodePage(latin1('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><title>\u00e0</title>'), undefined)).toContain('<title>а</title>')
    // Past the first 1,024 bytes a charset is not looked for.
    expect(decodePage(latin1(`${' '.repeat(1100)}<meta charset="windows-1251">\u00e0`), undefined)).toContain('\uFFFD')
  })

  it('lets a byte order mark win, and reads UTF-8 otherwise', () => {
    expect(decodePage(Buffer.from([0xef, 0xbb, 0xbf, 0xc3, 0xa9]), 'text/html; charset=windows-1251')).toBe('é')
    expect(decodePage(Buffer.from('\ufeffé', 'utf16le'), undefined)).toBe('é')
    expect(decodePage(Buffer.from('été', 'utf8'), undefined)).toBe('été')
  })

  it('reads an unknown or lying charset as UTF-8, a wrong byte as U+FFFD', () => {
    expect(decodePage(Buffer.from('é', 'utf8'), 'text/html; charset=klingon')).toBe('é')
    expect(decodePage(latin1('<meta charset="utf-16"><title>ok</title>'), undefined)).toBe('<meta charset="utf-16"><title>ok</title>')
    expect(decodePage(Buffer.from([0x61, 0xff, 0x62]), 'text/html; charset=utf-8')).toBe('a\uFFFDb')
  })
})
