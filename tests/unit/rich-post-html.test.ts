/**
 * The HTML a blog post needs beyond the editor's toolbar, as Hugo, Astro, Ghost and WordPress
 * write it: heading ids, tables, figures, image sizes and site-relative URLs. Each is kept by the
 * sanitizer in its allowed form, spelled as a post file holds it (one block per line: a table or
 * a figure is one line), and its hostile forms are refused. tests/unit/post-html-rules.test.ts
 * holds every consumer to the declaration; these are the cases a person would try.
 */
import { describe, expect, it } from 'vitest'
import { isCleanPostHtml } from '../../server/content/is-clean-html.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'

/** Kept as written by the sanitizer, no reason to warn about the file, and clean enough to skip sanitizing. */
function expectKept(html: string): void {
  expect(cleanPostHtml(html), 'the sanitizer').toBe(html)
  expect(findUnsafeHtml(html), 'the diagnosis').toBeNull()
  expect(isCleanPostHtml(html), 'the clean check').toBe(true)
}

/** Cleaned to `expected` by the sanitizer, and named by the diagnosis. */
function expectCleaned(html: string, expected: string): void {
  expect(cleanPostHtml(html), 'the sanitizer').toBe(expected)
  expect(findUnsafeHtml(html), 'the diagnosis').not.toBeNull()
  expect(isCleanPostHtml(html), 'the clean check').toBe(false)
}

describe('headings with ids', () => {
  it.each(['<h2 id="getting-started">Getting started</h2>', '<h3 id="step_2">Step 2</h3>', '<h1 id="café-crème">Café crème</h1>', '<h2 id="2024-review">2024</h2>'])(
    'keeps %s',
    (html) => expectKept(html),
  )

  it.each([
    ['<h2 id="Getting Started">x</h2>', 'spaces and capitals'],
    ['<h2 id="-x">x</h2>', 'a leading hyphen'],
    ['<h2 id="a&quot;onmouseover=&quot;alert(1)">x</h2>', 'quotes'],
    ['<h2 id="x:y">x</h2>', 'a colon'],
    [`<h2 id="${'x'.repeat(81)}">x</h2>`, 'more than 80 characters'],
  ])('removes an id with %s… (%s)', (html) => expectCleaned(html, '<h2>x</h2>'))

  it('removes an id on anything but a heading, and any name', () => {
    expectCleaned('<p id="top">x</p>', '<p>x</p>')
    expectCleaned('<h2 name="x" id="ok">x</h2>', '<h2 id="ok">x</h2>')
  })
})

describe('tables', () => {
  const table = '<table><thead><tr><th scope="col">Plan</th><th scope="col" colspan="2">Price</th></tr></thead><tbody><tr><th scope="row">Free</th><td>0</td><td rowspan="2">—</td></tr></tbody></table>'

  it('keeps a table with a header row, header cells with scope, colspan and rowspan, as one line', () => {
    expectKept(table)
    expectKept(`<p>Before</p>\n${table}\n<p>After</p>`)
  })

  it('writes a table laid out over many lines (as Hugo renders one) as one line', () => {
    const written = '<table>\n  <thead>\n    <tr>\n      <th>A</th>\n    </tr>\n  </thead>\n  <tbody>\n    <tr>\n      <td>1</td>\n    </tr>\n  </tbody>\n</table>'
    expect(cleanPostHtml(written)).toBe('<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>')
    // Formatting is no reason to warn.
    expect(findUnsafeHtml(written)).toBeNull()
  })

  it('adds the body a row needs, as the HTML parser does, without a warning', () => {
    expect(cleanPostHtml('<table><tr><td>1</td></tr></table>')).toBe('<table><tbody><tr><td>1</td></tr></tbody></table>')
    expect(findUnsafeHtml('<table><tr><td>1</td></tr></table>')).toBeNull()
  })

  it.each([
    ['<td colspan="0">', 'a span of 0'],
    ['<td colspan="1000">', 'a span past 100'],
    ['<td rowspan="-1">', 'a negative span'],
    ['<td style="color:red">', 'a style'],
    ['<td onclick="alert(1)">', 'a handler'],
    ['<td scope="row">', 'a scope on a data cell'],
    ['<td class="x" width="9">', 'a class and a width'],
  ])('removes %s (%s)', (cell) => {
    expectCleaned(`<table><tbody><tr>${cell}x</td></tr></tbody></table>`, '<table><tbody><tr><td>x</td></tr></tbody></table>')
  })

  it('removes th scope values HTML does not define', () => {
    expectCleaned('<table><tbody><tr><th scope="javascript:x">x</th></tr></tbody></table>', '<table><tbody><tr><th>x</th></tr></tbody></table>')
  })

  it('unwraps table parts a post does not hold (caption, tfoot, col), keeping their text', () => {
    const cleaned = cleanPostHtml('<table><caption>Cap</caption><tbody><tr><td>1</td></tr></tbody><tfoot><tr><td>F</td></tr></tfoot></table>')
    expect(cleaned).not.toMatch(/<caption|<tfoot/)
    expect(cleaned).toContain('Cap')
    expect(cleaned).toContain('<td>F</td>')
  })
})

describe('figures', () => {
  it('keeps a figure with an image and a caption, as one line', () => {
    expectKept('<figure><img src="/images/blog/photo.jpg" alt="A photo" width="800" height="600"><figcaption>The <em>caption</em>.</figcaption></figure>')
    expectKept('<figure><img src="https://cdn.example/a.png" alt=""><figcaption>External</figcaption></figure>')
  })

  it('writes a figure laid out over many lines as one line', () => {
    expect(cleanPostHtml('<figure>\n  <img src="/images/a.jpg" alt="A">\n  <figcaption>Caption</figcaption>\n</figure>')).toBe(
      '<figure><img src="/images/a.jpg" alt="A"><figcaption>Caption</figcaption></figure>',
    )
  })

  it('removes what a figure may not have', () => {
    expectCleaned('<figure class="wide" style="x" onclick="x()"><figcaption>c</figcaption></figure>', '<figure><figcaption>c</figcaption></figure>')
  })
})

describe('images: width, height and site-relative sources', () => {
  it.each([
    '<p><img src="/images/a.png" alt="A" width="640" height="480"></p>',
    '<p><img src="/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg" alt="A"></p>',
    '<p><img src="/media/uploads/photo.jpeg" alt="A"></p>',
  ])('keeps %s', (html) => expectKept(html))

  it.each([
    ['width="0"', 'zero'],
    ['width="100%"', 'a percentage'],
    ['height="-5"', 'a negative size'],
    ['width="12.5"', 'a fraction'],
    ['height="480px"', 'a unit'],
  ])('removes %s (%s)', (attribute) => {
    expectCleaned(`<p><img src="/images/a.png" ${attribute}></p>`, '<p><img src="/images/a.png"></p>')
  })

  it.each([
    '//evil.example/images/a.png',
    '/\\evil.example/a.png',
    '/images/../../etc/a.png',
    '/images/a.svg',
    '/assets/a.png',
    'images/a.png',
    'javascript:alert(1)//a.png',
    'data:image/svg+xml;base64,PHN2Zz4=',
  ])('removes an image from %s', (src) => {
    expectCleaned(`<p>a<img src="${src}">b</p>`, '<p>ab</p>')
  })
})

describe('links: site-relative paths stay on the site', () => {
  it.each(['/blog/hello', '/blog/hello#part', '/media/2025/file.pdf', '#part', 'https://x.example/'])('keeps %s', (href) => {
    expectKept(`<p><a href="${href}">x</a></p>`)
  })

  it.each(['//evil.example/', '/\\evil.example/', '\\\\evil.example', '/&#x09;/evil.example', 'javascript:alert(1)', 'jav&#x09;ascript:alert(1)', 'data:text/html,x'])(
    'removes the target of %s',
    (href) => expectCleaned(`<p><a href="${href}">x</a></p>`, '<p><a>x</a></p>'),
  )
})

describe('still refused', () => {
  it.each([
    ['<p style="x">a</p>', '<p>a</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe><p>a</p>', '<p>a</p>'],
    ['<p><img src="/images/a.png" onerror="alert(1)"></p>', '<p><img src="/images/a.png"></p>'],
    ['<table><tbody><tr><td><script>alert(1)</script>x</td></tr></tbody></table>', '<table><tbody><tr><td>x</td></tr></tbody></table>'],
    ['<figure><svg onload="alert(1)"></svg><figcaption>c</figcaption></figure>', '<figure><figcaption>c</figcaption></figure>'],
    ['<h2 id="x"><a href="javascript:alert(1)">x</a></h2>', '<h2 id="x"><a>x</a></h2>'],
  ])('%s', (html, expected) => expectCleaned(html, expected))
})
