import fc from 'fast-check'
import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { cleanPostHtml, DISPLAY_HTML_SCHEMA } from '../../server/content/sanitize-html.ts'

const PHOTO = '/media/2025/holiday-3f9a2c1b5e-4000x3000.jpg'
const SMALL = '/media/2025/icon-0123456789-500x400.png'
const GIF = '/media/2024/dance-abcdef0123-800x600.gif'

const sanitizer = unified()
  .use(rehypeParse, { fragment: true })
  .use(rehypeSanitize, DISPLAY_HTML_SCHEMA)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()
const sanitize = (html: string) => String(sanitizer.processSync(html))

/** Every element of some HTML, as the browser's parser would build it. */
function elementsOf(html: string): Element[] {
  const found: Element[] = []
  const visit = (parent: Root | Element) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      found.push(child)
      visit(child)
    }
  }
  visit(unified().use(rehypeParse, { fragment: true }).parse(html))
  return found
}

describe('displayPostHtml', () => {
  it('gives a library image srcset, sizes, width, height and lazy loading, keeping its alt and title', () => {
    const html = `<p>Look:</p>\n<p><img src="${SMALL}" alt="A &quot;tiny&quot; icon &amp; more > less" title="T"></p>`
    expect(displayPostHtml(html)).toBe(
      `<p>Look:</p>\n<p><img src="${SMALL}" srcset="/media/w320/2025/icon-0123456789-500x400.png 320w, ${SMALL} 500w" ` +
        `sizes="(max-width: 540px) calc(100vw - 40px), 500px" width="500" height="400" ` +
        `alt="A &quot;tiny&quot; icon &amp; more > less" title="T" loading="lazy" decoding="async"></p>`,
    )
  })

  it('leaves other images as they are, only lazy', () => {
    expect(displayPostHtml('<p><img src="https://x.example/a.png" alt="a"></p>')).toBe('<p><img src="https://x.example/a.png" alt="a" loading="lazy" decoding="async"></p>')
    expect(displayPostHtml(`<p><img src="${GIF}" alt="g"></p>`)).toBe(`<p><img src="${GIF}" width="800" height="600" alt="g" loading="lazy" decoding="async"></p>`)
  })

  it('returns content without images untouched, and is the same when run again', () => {
    const html = '<p>No images here, only <code>&lt;img&gt;</code>.</p>'
    expect(displayPostHtml(html)).toBe(html)
    const once = displayPostHtml(`<p><img src="${PHOTO}" alt="x"></p><p><img src="https://x.example/a.jpg"></p>`)
    expect(displayPostHtml(once)).toBe(once)
  })

  it('leaves an <img written inside an attribute value in that value: no attribute escapes it', () => {
    const attack = `<p><a title="<img src=${SMALL} href=javascript:alert(1) onfocus=alert(1) autofocus id=vike_pageContext>">link</a></p>`
    const shown = displayPostHtml(cleanPostHtml(attack))
    const elements = elementsOf(shown)
    expect(elements.map((element) => element.tagName)).toEqual(['p', 'a'])
    expect(Object.keys(elements[1]!.properties)).toEqual(['title'])
    expect(elements[1]!.properties.title).toBe(`<img src=${SMALL} href=javascript:alert(1) onfocus=alert(1) autofocus id=vike_pageContext>`)
  })

  it('writes only what the display schema allows: sanitizing its output changes nothing', () => {
    const url = fc.constantFrom(PHOTO, SMALL, GIF, '/media/2025/x-0123456789-10x10.png', 'https://x.example/a.png', 'data:image/png;base64,AAAA', '/images/a.png', 'javascript:alert(1)')
    const piece = fc.oneof(
      url.map((src) => `<img src="${src}" alt="a">`),
      url.map((src) => `<img src=${src} title='<img src=${src}>'>`),
      url.map((src) => `<a title="<img src=${src} onfocus=alert(1) id=vike_pageContext>" href="/x">l</a>`),
      url.map((src) => `<a title='<img src="${src}">'>l</a>`),
      url.map((src) => `<!-- <img src="${src}"> -->`),
      url.map((src) => `&lt;img src="${src}"&gt;`),
      url.map((src) => `<img src="${src}" srcset="evil.png 1w" width="1" loading="eager" onerror="alert(1)">`),
      fc.constantFrom('<p>', '</p>', '<blockquote>', '</blockquote>', '<code>', '</code>', 'text', ' > ', '"', "'", '<img', '<img ', '&', '\n'),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const shown = displayPostHtml(cleanPostHtml(pieces.join('')))
        expect(sanitize(shown)).toBe(shown)
        expect(displayPostHtml(shown)).toBe(shown)
      }),
      // 200 documents of up to 20 pieces: a few hundred ms, far below the 5 s a test may take on
      // a loaded machine (500 took 1.8 s there, and once ran past 5 s).
      { numRuns: 200 },
    )
  })
})
