/**
 * A post page's reading time (renderer/reading-time.ts) and table of contents
 * (renderer/post-contents.ts), both from the post's display HTML, whose headings carry the ids
 * and anchors heading-anchors.ts gave them.
 */
import { describe, expect, it } from 'vitest'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { MIN_CONTENTS_HEADINGS, postContents } from '../../renderer/post-contents.ts'
import { readingMinutes, readingTimeLabel, wordCount, WORDS_PER_MINUTE } from '../../renderer/reading-time.ts'

const shown = (html: string) => displayPostHtml(cleanPostHtml(html))
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')

describe('reading time', () => {
  it('counts the words of the text, not the markup, at 230 a minute, rounded, at least one', () => {
    expect(wordCount(shown('<h2>Don’t panic</h2>\n<p>A <a href="https://example.com/long/path">well-known</a> <strong>fact</strong>: 42.</p>'))).toBe(6)
    expect(wordCount('<p>日本語です and more</p>')).toBe(7)
    expect(WORDS_PER_MINUTE).toBe(230)
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes(`<p>${words(344)}</p>`)).toBe(1)
    expect(readingMinutes(`<p>${words(345)}</p>`)).toBe(2)
    expect(readingMinutes(`<p>${words(2300)}</p>`)).toBe(10)
    expect(readingTimeLabel(4)).toBe('4 min read')
  })
})

describe('table of contents', () => {
  it('lists the h2 headings with their h3s nested, by the ids their anchors link to', () => {
    const html = shown('<h3>Before</h3>\n<h2>Getting started</h2>\n<p>x</p>\n<h3>Install</h3>\n<h3>Run</h3>\n<h1>Big</h1>\n<h2 id="mine">Next steps</h2>')
    expect(postContents(html)).toEqual([
      { id: 'before', text: 'Before', subsections: [] },
      {
        id: 'getting-started',
        text: 'Getting started',
        subsections: [
          { id: 'install', text: 'Install', subsections: [] },
          { id: 'run', text: 'Run', subsections: [] },
        ],
      },
      { id: 'mine', text: 'Next steps', subsections: [] },
    ])
  })

  it('is empty below three headings, and skips headings with no id or no text', () => {
    expect(MIN_CONTENTS_HEADINGS).toBe(3)
    expect(postContents(shown('<h2>One</h2>\n<h3>Two</h3>'))).toEqual([])
    expect(postContents('<h2>No id</h2><h2 id="a">A</h2><h2 id="b"> </h2><h2 id="c">C</h2><h2 id="Bad Id">D</h2>')).toEqual([])
    expect(postContents('<h2 id="a">A</h2><h3 id=\'b\'>B</h3><h2 data-x="1" id=c>C</h2>').map((entry) => entry.id)).toEqual(['a', 'c'])
  })

  it('keeps hostile heading text as text, and the ids the sanitizer allows only', () => {
    const html = shown(
      '<h2>&lt;img src=x onerror=alert(1)&gt;</h2>\n<h2>Tom &amp; "Jerry" &lt;/a&gt;</h2>\n<h3 id="x&quot; onclick=&quot;alert(1)">Quote</h3>\n<h2><img src="/a.png" alt="only an image"></h2>',
    )
    const contents = postContents(html)
    expect(contents.map((entry) => entry.text)).toEqual(['<img src=x onerror=alert(1)>', 'Tom & "Jerry" </a>'])
    expect(contents[1]!.subsections).toEqual([{ id: 'quote', text: 'Quote', subsections: [] }])
    for (const entry of [...contents, ...contents.flatMap((section) => section.subsections)]) expect(entry.id).toMatch(/^[a-z0-9_-]+$/)
  })

  it('reads an id inside an attribute value as a value only', () => {
    expect(postContents('<h2 title=\'id="evil"\' id="good">G</h2><h2 id="b">B</h2><h2 id="c">C</h2>').map((entry) => entry.id)).toEqual(['good', 'b', 'c'])
  })
})
