/**
 * Every heading of a post page has an id and a plain link to it (server/content/heading-anchors.ts,
 * applied by displayPostHtml): ids written by hand kept, missing ones made from the text, each
 * unique in the page, and no script needed to use them.
 */
import { describe, expect, it } from 'vitest'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { idFromText } from '../../server/content/heading-anchors.ts'
import { cleanPostHtml, DISPLAY_HTML_SCHEMA } from '../../server/content/sanitize-html.ts'
import rehypeParse from 'rehype-parse'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'

const anchor = (id: string, text: string) => `<a href="#${id}" class="heading-anchor" aria-label="Link to the section “${text}”"></a>`
const shown = (html: string) => displayPostHtml(cleanPostHtml(html))

describe('headings on the post page', () => {
  it('makes an id from the text when there is none, and links to it', () => {
    expect(shown('<h2>Getting started</h2>\n<p>x</p>')).toBe(`<h2 id="getting-started">Getting started${anchor('getting-started', 'Getting started')}</h2>\n<p>x</p>`)
  })

  it('keeps an id written by hand', () => {
    expect(shown('<h2 id="setup">Getting started</h2>')).toBe(`<h2 id="setup">Getting started${anchor('setup', 'Getting started')}</h2>`)
  })

  it('makes each id unique in the post, hand-written ones keeping theirs', () => {
    const html = shown('<h2>Setup</h2>\n<h3>Setup</h3>\n<h2 id="setup">Setup by hand</h2>\n<h2>Setup</h2>')
    expect([...html.matchAll(/<h\d id="([^"]+)"/g)].map((match) => match[1])).toEqual(['setup-2', 'setup-3', 'setup', 'setup-4'])
  })

  it('never gives a heading an id the page uses itself', () => {
    expect(shown('<h2>Main</h2>\n<h2 id="root">Root</h2>')).toMatch(/^<h2 id="main-2">Main.*\n<h2 id="root-2">/)
  })

  it('links every level of heading, h4 to h6 too', () => {
    const html = shown('<h4>Four</h4>\n<h5 id="five">Five</h5>\n<h6>Six</h6>')
    expect(html).toBe(`<h4 id="four">Four${anchor('four', 'Four')}</h4>\n<h5 id="five">Five${anchor('five', 'Five')}</h5>\n<h6 id="six">Six${anchor('six', 'Six')}</h6>`)
  })

  it('never gives a heading the id of a footnote or its reference', () => {
    const html = shown('<h2>Fn 1</h2>\n<h3 id="fnref-1">By hand</h3>\n<p>x<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup></p>\n<section role="doc-endnotes">\n<ol>\n<li id="fn-1"><p>n</p></li>\n</ol>\n</section>')
    expect([...html.matchAll(/<h\d id="([^"]+)"/g)].map((match) => match[1])).toEqual(['fn-1-2', 'fnref-1-2'])
  })

  it('links the heading of inline text by its whole text', () => {
    expect(shown('<h3>Use <code>npm</code> &amp; <em>git</em></h3>')).toBe(`<h3 id="use-npm-git">Use <code>npm</code> &amp; <em>git</em>${anchor('use-npm-git', 'Use npm &amp; git')}</h3>`)
  })

  it('makes ids of any script, and one for a heading with no letters', () => {
    expect(idFromText('Café crème, 2024!')).toBe('café-crème-2024')
    expect(idFromText('日本語の見出し')).toBe('日本語の見出し')
    expect(idFromText('???')).toBe('section')
    expect(idFromText('x'.repeat(200))).toHaveLength(80)
  })

  it('writes nothing the display schema would remove, and no script', () => {
    const html = shown('<h1>A</h1>\n<h2 id="b">B</h2>\n<h3>C <a href="/blog/x">link</a></h3>')
    const sanitized = String(unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, DISPLAY_HTML_SCHEMA).use(rehypeStringify).processSync(html))
    expect(sanitized).toBe(String(unified().use(rehypeParse, { fragment: true }).use(rehypeStringify).processSync(html)))
    expect(html).not.toMatch(/<script|onclick|javascript:/i)
  })

  it('leaves content without headings or images as it is', () => {
    const html = '<p>a</p>\n<table><tbody><tr><td>1</td></tr></tbody></table>'
    expect(displayPostHtml(html)).toBe(html)
  })
})
