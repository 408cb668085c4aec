import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { wouldSanitizerChange } from '../../server/content/sanitize-html.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'
import { FIXTURE_BLOG_DIR as blogDir } from '../support/fixtures.ts'

describe('findUnsafeHtml (a post file whose content the sanitizer would change is refused)', () => {
  it('finds nothing in the sample posts', () => {
    for (const name of readdirSync(blogDir).filter((file) => file.endsWith('.html'))) {
      const post = parsePostFile(readFileSync(path.join(blogDir, name), 'utf8'), name)
      expect(findUnsafeHtml(post.content), name).toBeNull()
    }
  })

  it.each([
    '<p>one</p><p>two on the same line</p>',
    '<h2>Title</h2>\n\n\n<p>blank lines between</p>',
    '<p><b>bold</b>, <i>italic</i> and <strike>struck</strike>, the older spellings</p>',
    '<p>a &lt; b &amp; c</p>',
    '<pre><code class="language-js">let a = 1</code></pre>',
    '<ol start="3"><li>three</li></ol>',
    '<p><a href="/relative">relative</a> <a href="mailto:a@b.example">mail</a> <a href="tel:+123">phone</a></p>',
    '<p><img src="https://cdn.example/a.png" alt="a"></p>',
  ])('lets formatting alone pass: %s', (html) => {
    expect(findUnsafeHtml(html)).toBeNull()
  })

  it.each([
    ['<p onclick="steal()">Hi</p>', 'has onclick="steal()" on <p> (line 1), which the sanitizer would remove'],
    ['<p>a</p>\n<script>alert(1)</script>', 'has <script> (line 2), which the sanitizer would remove with all it holds'],
    ['<div><p>x</p></div>', 'has <div> (line 1), which the sanitizer would remove (keeping its text)'],
    ['<p><a href="javascript:alert(1)">x</a></p>', 'has href="javascript:alert(1)" on <a> (line 1), which the sanitizer would remove'],
    ['<p class="lead">x</p>', 'has class="lead" on <p> (line 1), which the sanitizer would remove'],
    ['<p style="color:red">x</p>', 'has style="color:red" on <p> (line 1), which the sanitizer would remove'],
    ['<code class="hljs">x</code>', 'has class="hljs" on <code> (line 1), which the sanitizer would remove'],
    ['<!-- a note --><p>x</p>', 'has an HTML comment (line 1), which the sanitizer would remove'],
    ['<p><a href="https://x.example" target="_blank">x</a></p>', 'has target="_blank" on <a> (line 1), which the sanitizer would remove'],
  ])('names what the sanitizer would remove, and where: %s', (html, reason) => {
    expect(findUnsafeHtml(html)).toBe(reason)
  })

  it('names an image the SPEC §5 rule refuses', () => {
    expect(findUnsafeHtml('<p><img src="https://x.example/a.svg"></p>')).toMatch(/^has <img src="https:\/\/x\.example\/a\.svg"> \(line 1\), which the sanitizer would remove: an image must be/)
    expect(findUnsafeHtml('<p><img alt="x"></p>')).toMatch(/^has <img> without a src \(line 1\)/)
  })

  it('counts lines from the file’s line where the content starts, and cuts long values short', () => {
    const reason = findUnsafeHtml(`<p>a</p>\n<p>b</p>\n<a href="data:text/html,${'x'.repeat(100)}">x</a>`, 9)
    expect(reason).toMatch(/^has href="data:text\/html,x+…" on <a> \(line 11\)/)
    expect(reason!.length).toBeLessThan(140)
  })

  it('names something specific whenever the sanitizer would change a fragment (property, 500 generated fragments)', () => {
    const tag = fc.constantFrom('p', 'h2', 'b', 'strong', 'em', 'code', 'a', 'ul', 'li', 'ol', 'pre', 'img', 'script', 'svg', 'div', 'span', 'iframe', 'style')
    const attribute = fc.tuple(
      fc.constantFrom('href', 'src', 'alt', 'title', 'class', 'style', 'onclick', 'id', 'start', 'data-x'),
      fc.constantFrom('https://x.example/a.png', '/relative', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'language-js', '3', 'x y'),
    )
    const element = fc.tuple(tag, fc.array(attribute, { maxLength: 2 }), fc.constantFrom('text', '', '<em>x</em>', '<!-- c -->'))
    const fragment = fc
      .array(element, { minLength: 1, maxLength: 4 })
      .map((elements) =>
        elements
          .map(([name, attributes, inner]) => {
            const attrs = attributes.map(([key, value]) => ` ${key}="${value}"`).join('')
            return name === 'img' ? `<img${attrs}>` : `<${name}${attrs}>${inner}</${name}>`
          })
          .join('\n'),
      )
    fc.assert(
      fc.property(fragment, (html) => {
        const reason = findUnsafeHtml(html)
        expect(reason === null).toBe(!wouldSanitizerChange(html))
        if (reason !== null) expect(reason).toMatch(/^has .+ \(line \d+\), which the sanitizer would remove/)
      }),
      { numRuns: 500, seed: 20251122 },
    )
  })
})
