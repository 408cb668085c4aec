import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { POST_ELEMENTS, RENAMED_ELEMENTS } from '../../core/post-html-rules.ts'
import { depthBound, exactDepth, isDeeperThan } from '../../server/content/html-depth.ts'

const nested = (tag: string, levels: number) => `<${tag}>`.repeat(levels) + 'x' + `</${tag}>`.repeat(levels)

describe('exactDepth', () => {
  it('measures the tree the parser builds, templates included', () => {
    expect(exactDepth('text only')).toBe(0)
    expect(exactDepth('<p>a</p><p>b <em>c</em></p>')).toBe(2)
    expect(exactDepth('<ul><li>a<li>b<li>c</ul>')).toBe(2)
    expect(exactDepth('<table><td>x</table>')).toBe(4)
    expect(exactDepth('<template><p><b>x</b></p></template>')).toBe(3)
  })

  it('measures 3,000 and 100,000 levels without a RangeError', () => {
    expect(exactDepth(nested('blockquote', 3000))).toBe(3000)
    expect(exactDepth(nested('div', 100_000))).toBe(100_000)
  })
})

describe('depthBound', () => {
  it('counts nesting of the elements a post may hold, in one pass', () => {
    expect(depthBound('<h2>T</h2>\n<p>a <a href="/x">b <strong>c</strong></a></p>')).toBe(3)
    expect(depthBound('<p>a<br>b<img src="x.png"></p><br>')).toBe(2)
    expect(depthBound(nested('blockquote', 100_000))).toBe(100_000)
  })

  it('reads quoted attribute values as the tokenizer does: a tag written inside one is no tag', () => {
    const html = '<blockquote title="</blockquote>">'.repeat(5)
    expect(depthBound(html)).toBe(5)
    expect(exactDepth(html)).toBe(5)
    expect(depthBound(`<a title='<img src=/media/x.png>' href=/y>z</a>`)).toBe(1)
  })

  it('gives no bound where it could be wrong: other elements, comments, a tag cut off', () => {
    for (const html of ['<div>x</div>', '<table><caption>x</table>', '<!-- c --><p>x</p>', '<!doctype html>', '<?x?>', '</>', '<p title="open>', '<svg><p/></svg>']) {
      expect(depthBound(html), html).toBeNull()
    }
  })

  it('counts the rows and bodies the parser adds in a table', () => {
    for (const html of ['<table><td>x</table>', '<table><tr><td><table><td><p>x</table></table>', '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>']) {
      expect(depthBound(html), html).toBeGreaterThanOrEqual(exactDepth(html))
    }
  })

  it('is never less than the depth parse5 builds, for tag soup of tables', () => {
    const tag = fc.constantFrom('table', 'thead', 'tbody', 'tr', 'th', 'td', 'p', 'strong', 'ul', 'li', 'figure', 'figcaption', 'h2', 'pre', 'a')
    const token = fc.oneof(tag.map((name) => `<${name}>`), tag.map((name) => `</${name}>`), fc.constantFrom('text', ' ', '<br>'))
    fc.assert(
      fc.property(fc.array(token, { maxLength: 80 }), (tokens) => {
        const html = tokens.join('')
        const bound = depthBound(html)
        if (bound !== null) expect(exactDepth(html)).toBeLessThanOrEqual(bound)
      }),
      { numRuns: 5000 },
    )
  })

  it('is never less than the depth parse5 builds, for tag soup of the elements it knows', () => {
    // Every element a post may hold (an element added to the declaration is checked here too) and the older names.
    const tag = fc.constantFrom(...Object.keys(POST_ELEMENTS), ...Object.keys(RENAMED_ELEMENTS))
    const attribute = fc.constantFrom('', ' title="a>b"', " title='</p>'", ' href=/x', ' title="<blockquote>"', ' /')
    const token = fc.oneof(
      fc.tuple(tag, attribute).map(([name, attributes]) => `<${name}${attributes}>`),
      tag.map((name) => `</${name}>`),
      fc.constantFrom('text', ' ', '<', '< p>', '&lt;', '\n'),
    )
    fc.assert(
      fc.property(fc.array(token, { maxLength: 120 }), (tokens) => {
        const html = tokens.join('')
        const bound = depthBound(html)
        if (bound !== null) expect(exactDepth(html)).toBeLessThanOrEqual(bound)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('isDeeperThan', () => {
  it('says yes past the limit and no within it, for deep, flat and unclosed markup', () => {
    expect(isDeeperThan(nested('blockquote', 101), 100)).toBe(true)
    expect(isDeeperThan(nested('blockquote', 100), 100)).toBe(false)
    expect(isDeeperThan(nested('blockquote', 100_000), 100)).toBe(true)
    expect(isDeeperThan(nested('div', 3000), 100)).toBe(true)
    // 500 list items never closed: the scan's stack says 501, the parser builds 2 levels.
    expect(isDeeperThan(`<ul>${'<li>item'.repeat(500)}</ul>`, 100)).toBe(false)
  })
})
