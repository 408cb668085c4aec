import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { formatBlocks } from '../../server/content/format-blocks.ts'
import { isCleanPostHtml } from '../../server/content/is-clean-html.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { cleanPostHtml, safePostHtml } from '../../server/content/sanitize-html.ts'
import { FIXTURE_BLOG_DIR as blogDir } from '../support/fixtures.ts'

/** The same pipeline as cleanPostHtml() without the sanitizer: what the HTML is, unfiltered. */
const formatOnly = unified()
  .use(rehypeParse, { fragment: true })
  .use(formatBlocks)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze()
const unfiltered = (html: string) => String(formatOnly.processSync(html))

describe('isCleanPostHtml (the render fast path)', () => {
  it('accepts every sample post as written', () => {
    for (const name of readdirSync(blogDir).filter((file) => file.endsWith('.html'))) {
      const post = parsePostFile(readFileSync(path.join(blogDir, name), 'utf8'), name)
      expect(isCleanPostHtml(post.content), name).toBe(true)
    }
  })

  it.each([
    '<script>alert(1)</script>',
    '<p onclick="x()">a</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href="jav&#x61;script:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<b>">x</a>',
    '<img src="https://x.example/a.svg">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<img src="x" onerror="alert(1)">',
    '<img alt="no source">',
    '<p style="color:red">a</p>',
    '<p class="x">a</p>',
    '<svg><circle/></svg>',
    '<iframe src="https://x.example"></iframe>',
    '<!-- comment --><p>a</p>',
    '<P>upper</P>',
    '<p title="x">a</p>',
    'a < b',
    '<a href="https://x.example" href="javascript:alert(1)">x</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ])('refuses %s', (html) => {
    expect(isCleanPostHtml(html)).toBe(false)
    expect(safePostHtml(html)).toBe(cleanPostHtml(html))
  })

  it('says yes only when the sanitizer would remove nothing (property, 2,000 generated fragments)', () => {
    const tag = fc.constantFrom('p', 'h2', 'strong', 'em', 'u', 's', 'code', 'a', 'ul', 'li', 'blockquote', 'pre', 'img', 'script', 'svg', 'div', 'span', 'iframe')
    const attribute = fc.tuple(
      fc.constantFrom('href', 'src', 'alt', 'title', 'class', 'style', 'onclick', 'onerror', 'id'),
      fc.constantFrom(
        'https://x.example/a.png',
        'http://x.example/page?a=1&amp;b=2',
        'javascript:alert(1)',
        'mailto:a@b.example',
        '/relative',
        'data:image/png;base64,AAAA',
        'data:text/html,x',
        'language-js',
        'x y',
        '&quot;',
      ),
    )
    const element = fc.tuple(tag, fc.array(attribute, { maxLength: 2 }), fc.constantFrom('text', 'a &amp; b', '', '<b>x</b>'))
    const fragment = fc
      .array(element, { minLength: 1, maxLength: 5 })
      .map((elements) =>
        elements
          .map(([name, attributes, inner]) => {
            const attrs = attributes.map(([key, value]) => ` ${key}="${value}"`).join('')
            return name === 'img' ? `<img${attrs}>` : `<${name}${attrs}>${inner}</${name}>`
          })
          .join(''),
      )
    let accepted = 0
    fc.assert(
      fc.property(fragment, (html) => {
        if (!isCleanPostHtml(html)) return true
        accepted++
        return cleanPostHtml(html) === unfiltered(html)
      }),
      { numRuns: 2000, seed: 20251121 },
    )
    // The property must have been exercised, not vacuously true.
    expect(accepted).toBeGreaterThan(50)
  })

  it('is what the index renders: a clean file unchanged, anything else sanitized', () => {
    const clean = '<h2>Title</h2>\n<p>Text with <a href="https://watchio.app/help">a link</a>.</p>'
    expect(safePostHtml(clean)).toBe(clean)
    expect(safePostHtml('<p onclick="x()">a</p>')).toBe('<p>a</p>')
  })
})
