import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAllowedImageSource } from '../../core/post-html-rules.ts'
import { cleanPostHtml, POST_HTML_SCHEMA } from '../../server/content/sanitize-html.ts'

/**
 * cleanPostHtml, also checking on every call that cleaning the result again changes nothing:
 * the output is what gets saved, and a second save must not produce a diff.
 */
function clean(html: string): string {
  const once = cleanPostHtml(html)
  expect(cleanPostHtml(once), `cleaning the output of ${JSON.stringify(html)} again`).toBe(once)
  return once
}

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

describe('cleanPostHtml removes scripts and event handlers', () => {
  it('removes <script> together with its content', () => {
    expect(clean('<p>a</p><script>alert("x")</script><p>b</p>')).toBe('<p>a</p>\n<p>b</p>')
    expect(clean('<p>a<script>document.cookie</script>b</p>')).toBe('<p>ab</p>')
  })

  it.each([
    ['<p onclick="alert(1)">t</p>', '<p>t</p>'],
    ['<p><strong onmouseover="alert(1)">t</strong></p>', '<p><strong>t</strong></p>'],
    ['<p><img src="https://x.example/a.png" onerror="alert(1)" onload="alert(2)"></p>', '<p><img src="https://x.example/a.png"></p>'],
    ['<ol onload="alert(1)"><li onclick="alert(1)">t</li></ol>', '<ol>\n<li>t</li>\n</ol>'],
    ['<p><a href="https://x.example" onclick="alert(1)">t</a></p>', '<p><a href="https://x.example">t</a></p>'],
  ])('removes the event handler from %s', (input, expected) => {
    expect(clean(input)).toBe(expected)
  })
})

describe('cleanPostHtml turns a link with a forbidden scheme into a blank link', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/png;base64,AAAA',
    'jav&#x61;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    'javascript&colon;alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#14;javascript:alert(1)',
    'file:///etc/passwd',
    'ftp://x.example/file',
  ])('href=%j', (href) => {
    expect(clean(`<p><a href="${href}">link</a></p>`)).toBe('<p><a>link</a></p>')
  })

  it.each(['https://x.example/a?b=1', 'http://x.example/', 'mailto:team@watchio.example', 'tel:+15551234567'])(
    'keeps href=%j',
    (href) => {
      expect(clean(`<p><a href="${href}">link</a></p>`)).toBe(`<p><a href="${href}">link</a></p>`)
    },
  )

  it('keeps a link title and drops target, rel, name and id', () => {
    expect(clean('<p><a href="https://x.example" title="T" target="_blank" rel="opener" name="n" id="i">t</a></p>')).toBe(
      '<p><a href="https://x.example" title="T">t</a></p>',
    )
  })
})

describe('cleanPostHtml removes elements the editor cannot produce', () => {
  it.each([
    ['<svg>', '<svg><circle r="5"></circle><text>inside svg</text></svg>'],
    ['<math>', '<math><mi>inside math</mi></math>'],
    ['<iframe>', '<iframe src="https://x.example">inside iframe</iframe>'],
    ['<object>', '<object data="x.swf">inside object</object>'],
    ['<embed>', '<embed src="x.swf">'],
    ['<style>', '<style>p { color: red }</style>'],
    ['<template>', '<template><p>inside template</p></template>'],
    ['<textarea>', '<textarea>inside textarea</textarea>'],
    ['<noscript>', '<noscript>inside noscript</noscript>'],
  ])('removes %s together with its content', (_tag, html) => {
    expect(clean(`<p>before</p>${html}<p>after</p>`)).toBe('<p>before</p>\n<p>after</p>')
  })

  it('removes style, class and id attributes, but a heading’s valid id', () => {
    expect(clean('<p style="color:red" class="lead" id="top">t</p>')).toBe('<p>t</p>')
    expect(clean('<h2 id="section" class="x" style="x">h</h2>')).toBe('<h2 id="section">h</h2>')
    expect(clean('<h2 id="Top Section">h</h2>')).toBe('<h2>h</h2>')
  })

  it('keeps only the language-xxx class of a code element', () => {
    expect(clean('<pre><code class="language-js">x</code></pre>')).toBe('<pre><code class="language-js">x</code></pre>')
    expect(clean('<pre><code class="hljs language-ts">x</code></pre>')).toBe('<pre><code class="language-ts">x</code></pre>')
    expect(clean('<pre><code class="evil">x</code></pre>')).not.toContain('evil')
    expect(clean('<pre class="ql-syntax">x</pre>')).toBe('<pre>x</pre>')
  })

  it('unwraps elements it does not know, keeping their text', () => {
    expect(clean('<h4 class="x">Four</h4>')).toBe('<h4>Four</h4>')
    expect(clean('<p>a <font style="x">b</font> c</p>')).toBe('<p>a b c</p>')
    expect(clean('<div><p>a</p></div>')).toBe('<p>a</p>')
  })

  it('drops comments and doctypes', () => {
    expect(clean('<!DOCTYPE html><!-- note --><p>a<!-- x --></p>')).toBe('<p>a</p>')
  })
})

describe('cleanPostHtml images', () => {
  it.each([
    'https://x.example/a.png',
    'https://x.example/a.jpg',
    'https://x.example/a.jpeg',
    'http://x.example/a.gif',
    'https://x.example/A.PNG',
    'https://x.example/a.png?w=100',
    PNG,
    'data:image/jpeg;base64,AAAA',
    'data:image/jpg;base64,AAAA',
    'data:image/gif;base64,R0lGODlh',
    '/images/a.png',
    '/images/blog/2019/photo.JPG',
    '/media/2025/holiday.jpg',
  ])('keeps an image from %s', (src) => {
    expect(clean(`<p><img src="${src}" alt="A" title="T"></p>`)).toBe(`<p><img src="${src}" alt="A" title="T"></p>`)
  })

  it.each([
    'https://x.example/a.svg',
    'https://x.example/a.webp',
    'https://x.example/a.svg?.png',
    'https://x.example/image',
    '/images/a.svg',
    '/images/../a.png',
    '/static/a.png',
    '//x.example/a.png',
    '/\\x.example/a.png',
    'ftp://x.example/a.png',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png,not-base64',
    'data:image/png;base64,',
    'DATA:image/png;base64,AAAA',
    'x',
  ])('removes an image from %s entirely', (src) => {
    expect(clean(`<p>a<img src="${src}" alt="A">b</p>`)).toBe('<p>ab</p>')
  })

  it('removes an image without a src', () => {
    expect(clean('<p>a<img alt="A">b</p>')).toBe('<p>ab</p>')
  })

  it('drops every image attribute other than src, alt, title, width and height', () => {
    expect(clean('<p><img src="https://x.example/a.png" width="9" srcset="https://evil.example/b.svg 2x" loading="lazy"></p>')).toBe(
      '<p><img src="https://x.example/a.png" width="9"></p>',
    )
  })
})

describe('isAllowedImageSource', () => {
  it('accepts http(s) jpg, jpeg, gif and png files and base64 data of those types', () => {
    for (const src of ['https://a.example/x.jpg', 'http://a.example/x.jpeg', 'https://a.example/x.gif', 'https://a.example/p/x.png', PNG]) {
      expect(isAllowedImageSource(src), src).toBe(true)
    }
  })

  it('refuses other types, schemes and relative paths', () => {
    for (const src of ['https://a.example/x.svg', 'https://a.example/x.bmp', 'ftp://a.example/x.png', 'x.png', '', 'data:image/webp;base64,AAAA', 'data:image/png;base64,AA AA']) {
      expect(isAllowedImageSource(src), src).toBe(false)
    }
  })
})

describe('cleanPostHtml keeps every format the editor allows', () => {
  it.each([
    '<h1>One</h1>',
    '<h2>Two</h2>',
    '<h3>Three</h3>',
    '<p>Plain</p>',
    '<p><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s> <del>deleted</del> <code>code</code></p>',
    '<p>line<br>break</p>',
    '<hr>',
    '<pre><code class="language-js">const a = 1</code></pre>',
    '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    '<ol>\n<li>one</li>\n<li>two</li>\n</ol>',
    '<ol start="3">\n<li>three</li>\n</ol>',
    '<ul>\n<li>outer<ul>\n<li>inner<ol>\n<li>deepest</li>\n</ol></li>\n</ul></li>\n</ul>',
    '<blockquote>\n<p>quoted</p>\n</blockquote>',
    '<p><a href="https://x.example" title="T">link</a></p>',
    '<p><img src="https://x.example/a.png" alt="An image" title="T"></p>',
    '<ul>\n<li><p><strong>Bold item.</strong> Text.</p></li>\n</ul>',
  ])('%s', (html) => {
    expect(clean(html)).toBe(html)
  })

  it('drops an ol start that is not a number', () => {
    expect(clean('<ol start="x"><li>a</li></ol>')).toBe('<ol>\n<li>a</li>\n</ol>')
    expect(clean('<ol start="-1"><li>a</li></ol>')).toBe('<ol>\n<li>a</li>\n</ol>')
  })

  it('renames b to strong, i to em and strike to s', () => {
    expect(clean('<p><b>bold</b> <i>italic</i> <strike>gone</strike></p>')).toBe(
      '<p><strong>bold</strong> <em>italic</em> <s>gone</s></p>',
    )
  })

  it('keeps text that looks like markup escaped', () => {
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;</p>')).toBe('<p>&lt;script>alert(1)&lt;/script> &amp;</p>')
  })
})

describe('cleanPostHtml writes one block element per line', () => {
  it('puts top-level blocks on their own lines', () => {
    expect(clean('<h2>T</h2><p>a</p><p>b</p><hr><pre>c</pre>')).toBe('<h2>T</h2>\n<p>a</p>\n<p>b</p>\n<hr>\n<pre>c</pre>')
  })

  it('replaces the whitespace between blocks with a single newline', () => {
    expect(clean('  <p>a</p>\n\n\n   <p>b</p>  \n')).toBe('<p>a</p>\n<p>b</p>')
  })

  it('puts each list item on its own line, nested lists included', () => {
    expect(clean('<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>')).toBe(
      '<ul>\n<li>a<ul>\n<li>b</li>\n<li>c</li>\n</ul></li>\n<li>d</li>\n</ul>',
    )
  })

  it('puts each block of a blockquote on its own line', () => {
    expect(clean('<blockquote><p>a</p><p>b</p></blockquote>')).toBe('<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>')
  })

  it('does not split the inline content of a blockquote (that would add visible spaces)', () => {
    expect(clean('<blockquote>x<strong>y</strong>z</blockquote>')).toBe('<blockquote>\nx<strong>y</strong>z\n</blockquote>')
    expect(clean('<blockquote><strong>a</strong><em>b</em></blockquote>')).toBe('<blockquote>\n<strong>a</strong><em>b</em>\n</blockquote>')
    expect(clean('<blockquote>a<br>b</blockquote>')).toBe('<blockquote>\na<br>b\n</blockquote>')
  })

  it('keeps the whitespace between inline elements', () => {
    expect(clean('<p><strong>a</strong> <em>b</em></p>')).toBe('<p><strong>a</strong> <em>b</em></p>')
    expect(clean('<p><strong>a</strong><em>b</em></p>')).toBe('<p><strong>a</strong><em>b</em></p>')
    expect(clean('<li><a href="https://x.example">a</a> <code>b</code></li>')).toBe('<li><a href="https://x.example">a</a> <code>b</code></li>')
  })

  it('keeps a non-breaking space, which is content and not layout', () => {
    expect(clean('<p>&nbsp;</p>')).toBe('<p>\u00a0</p>')
    expect(clean('<p>&nbsp;<strong>a</strong>&nbsp;</p>')).toBe('<p>\u00a0<strong>a</strong>\u00a0</p>')
  })

  it('leaves the inside of <pre> untouched', () => {
    const code = '<pre><code class="language-js">function a() {\n    return  1\n\n\n}\n  </code></pre>'
    expect(clean(code)).toBe(code)
    expect(clean(`<p>a</p>${code}<p>b</p>`)).toBe(`<p>a</p>\n${code}\n<p>b</p>`)
    expect(clean('<pre>  a\n\tb  </pre>')).toBe('<pre>  a\n\tb  </pre>')
  })

  it('keeps a blank first line of a <pre> (the parser eats one newline after <pre>)', () => {
    expect(clean('<pre>\n\nfirst line was blank</pre>')).toBe('<pre>\n\nfirst line was blank</pre>')
    expect(clean('<pre>\nno blank line</pre>')).toBe('<pre>no blank line</pre>')
  })

  it('puts loose text next to a block on its own line, and stays stable', () => {
    expect(clean('<p>a</p><font>h</font><p>b</p>')).toBe('<p>a</p>\nh\n<p>b</p>')
    expect(clean('a <strong>b</strong> c <p>d</p> e')).toBe('a <strong>b</strong> c\n<p>d</p>\ne')
    expect(clean('<ul><li>a</li>loose<li>b</li></ul>')).toBe('<ul>\n<li>a</li>\nloose\n<li>b</li>\n</ul>')
  })

  it('gives an empty string for empty or whitespace-only input', () => {
    expect(clean('')).toBe('')
    expect(clean(' \n\t ')).toBe('')
  })
})

/** Classic vectors from XSS cheat sheets and mutation-XSS reports. */
const hostilePayloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://x.example/a.png" onerror="alert(1)">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<form><button formaction="javascript:alert(1)">go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>x</details>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="import" href="https://evil.example/x.html">',
  '<template><img src=x onerror=alert(1)></template>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<body onload=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<div onmouseover="alert(1)">hover</div>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<keygen autofocus onfocus=alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
  '<xmp><script>alert(1)</script></xmp>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><script>alert(1)</script></title>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p>a</p><![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://ok.example/" style="color:red" id="x" class="y" name="z">ok</a>',
  '<select><option><style><img src=x onerror=alert(1)></style></option></select>',
]

const forbidden: [string, RegExp][] = [
  ['a <script> element', /<script/i],
  ['an on* attribute', /\son[a-z]+\s*=/i],
  ['a javascript: URL', /javascript:/i],
  ['a vbscript: URL', /vbscript:/i],
  ['a data:text URL', /data:text/i],
  ['an <svg> element', /<svg/i],
  ['a <math> element', /<math/i],
  ['an <iframe> element', /<iframe/i],
  ['a <style> element', /<style/i],
  ['a <form> element', /<form/i],
  ['an <input> element', /<input/i],
  ['a <button> element', /<button/i],
  ['a <base> element', /<base/i],
  ['a <meta> element', /<meta/i],
  ['a <link> element', /<link/i],
  ['an <object> element', /<object/i],
  ['an <embed> element', /<embed/i],
  ['a <template> element', /<template/i],
  ['a style attribute', /style=/i],
  ['an id attribute', /\sid=/i],
  ['a name attribute', /\sname=/i],
]

describe('cleanPostHtml on hostile payloads', () => {
  it('has a list of payloads to try', () => {
    expect(hostilePayloads.length).toBeGreaterThanOrEqual(30)
  })

  it.each(hostilePayloads)('leaves nothing dangerous in %s', (payload) => {
    for (const wrapped of [payload, `<p>${payload}</p>`, `<ul><li>${payload}</li></ul>`]) {
      const output = clean(wrapped)
      for (const [what, pattern] of forbidden) {
        expect(output, `${what} survived in ${JSON.stringify(output)}`).not.toMatch(pattern)
      }
    }
  })
})

describe('POST_HTML_SCHEMA', () => {
  it('allows exactly the editor’s tags', () => {
    expect([...(POST_HTML_SCHEMA.tagNames ?? [])].sort()).toEqual(
      [
        'a', 'aside', 'blockquote', 'br', 'cite', 'code', 'del', 'details', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'iframe', 'img',
        'li', 'ol', 'p', 'pre', 's', 'section', 'span', 'strong', 'summary', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
      ],
    )
  })

  it('allows no comments, no doctypes and no id clobbering', () => {
    expect(POST_HTML_SCHEMA.allowComments).toBe(false)
    expect(POST_HTML_SCHEMA.allowDoctypes).toBe(false)
    expect(POST_HTML_SCHEMA.clobber).toEqual([])
    expect(POST_HTML_SCHEMA.attributes?.['*']).toBeUndefined()
  })
})

describe('cleaning twice', () => {
  const tags = ['div', 'section', 'span', 'p', 'a href="https://a.test/"', 'strong', 'ul', 'li', 'h2', 'blockquote', 'table', 'script', 'font']
  const fragment: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('x', 'two words', ' ', '\n', '\n\n', ''),
      fc.tuple(fc.constantFrom(...tags), fc.array(tie('node'), { maxLength: 4 })).map(([tag, children]) => `<${tag}>${children.join('')}</${tag.split(' ')[0]}>`),
    ),
  })).node

  it('gives what cleaning once gave: the sanitizer unwrapping an element leaves no layout a second pass would change', () => {
    expect(cleanPostHtml(cleanPostHtml('<div><div><p>x</p>\n</div>\n</div>\n<div><a href="https://a.test/">y</a></div>'))).toBe('<p>x</p>\n<a href="https://a.test/">y</a>')
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 5 }).map((parts) => parts.join('\n')), (html) => {
        const once = cleanPostHtml(html)
        expect(cleanPostHtml(once)).toBe(once)
      }),
      { numRuns: 400 },
    )
  })
})

describe('the blocks of other blogs, one block per line', () => {
  it.each([
    ['a toggle', '<details><summary>S</summary><p>a</p><ul><li>b</li></ul></details>', '<details>\n<summary>S</summary>\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</details>'],
    ['a callout', '<aside role="note">  <p>a</p> <p>b</p></aside>', '<aside role="note">\n<p>a</p>\n<p>b</p>\n</aside>'],
    ['the notes', '<section role="doc-endnotes"><ol><li id="fn-1"><p>n <a href="#fnref-1" role="doc-backlink">↩</a></p></li></ol></section>', '<section role="doc-endnotes">\n<ol>\n<li id="fn-1"><p>n <a href="#fnref-1" role="doc-backlink">↩</a></p></li>\n</ol>\n</section>'],
    ['a gallery (one line, as a figure)', '<figure class="gallery">\n<figure><img src="/images/a.jpg"></figure>\n<figcaption>c</figcaption>\n</figure>', '<figure class="gallery"><figure><img src="/images/a.jpg"></figure><figcaption>c</figcaption></figure>'],
  ])('%s', (_name, html, expected) => {
    expect(clean(html)).toBe(expected)
  })
})
