/**
 * Code blocks are coloured on the server when the page is made (server/content/highlight-code.ts,
 * applied by displayPostHtml): `<span class="hljs-…">` tokens, no script, no inline style; a
 * block whose language is unknown or missing stays plain; the feeds get plain code back
 * (server/pages/plain-code.ts, through withAbsoluteUrls).
 */
import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { isHighlighted } from '../../server/content/highlight-code.ts'
import { cleanPostHtml, DISPLAY_HTML_SCHEMA } from '../../server/content/sanitize-html.ts'
import { withAbsoluteUrls } from '../../server/pages/absolute-urls.ts'

const shown = (html: string) => displayPostHtml(cleanPostHtml(html))
const parse = (html: string) => unified().use(rehypeParse, { fragment: true }).parse(html)

/** The text of a tree, as a reader (or a copy from the page) gets it. */
function textOf(node: Root | Root['children'][number]): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' || node.type === 'root' ? node.children.map(textOf).join('') : ''
}

function elementsOf(html: string): Element[] {
  const found: Element[] = []
  const visit = (parent: Root | Element) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      found.push(child)
      visit(child)
    }
  }
  visit(parse(html))
  return found
}

describe('code highlighting on the page', () => {
  it('colours a block in a known language with hljs tokens, its text unchanged', () => {
    const html = shown('<pre><code class="language-javascript">const answer = 42 // why\n</code></pre>')
    expect(html).toBe(
      '<pre><code class="language-javascript"><span class="hljs-keyword">const</span> answer = <span class="hljs-number">42</span> <span class="hljs-comment">// why</span>\n</code></pre>',
    )
  })

  it('knows a language by its aliases as highlight.js does (js, ts, py, yml, sh, c++, html)', () => {
    for (const alias of ['js', 'ts', 'py', 'yml', 'sh', 'c++', 'html', 'golang']) expect(isHighlighted(alias), alias).toBe(true)
    expect(shown('<pre><code class="language-py">def f(): pass</code></pre>')).toBe(
      '<pre><code class="language-py"><span class="hljs-keyword">def</span> <span class="hljs-title">f</span>(): <span class="hljs-keyword">pass</span></code></pre>',
    )
  })

  it('leaves a block in an unknown language, or with none, as plain code (no guessing)', () => {
    for (const html of ['<pre><code class="language-mermaid">graph TD; a--&gt;b</code></pre>', '<pre><code>const answer = 42</code></pre>', '<pre><code class="language-constructor">x</code></pre>']) {
      expect(shown(html)).toBe(cleanPostHtml(html))
    }
    expect(isHighlighted('mermaid')).toBe(false)
    expect(isHighlighted('__proto__')).toBe(false)
  })

  it('leaves inline code alone, even with a language class', () => {
    const html = '<p>Run <code class="language-sh">ls -la</code> first.</p>'
    expect(shown(html)).toBe(cleanPostHtml(html))
  })

  it('keeps markup in code as text: a closing </code> and a <script> stay characters', () => {
    const html = shown('<pre><code class="language-html">&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</code></pre>')
    const elements = elementsOf(html)
    expect(new Set(elements.map((element) => element.tagName))).toEqual(new Set(['pre', 'code', 'span']))
    expect(textOf(parse(html))).toBe('</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script|<img|onerror=/)
  })

  it('keeps HTML entities as the characters they stand for, escaped again on the way out', () => {
    const html = shown('<pre><code class="language-js">if (a &lt; b &amp;&amp; c &gt; d) s = "&amp;amp; &copy; &#x1F600;"</code></pre>')
    expect(textOf(parse(html))).toBe('if (a < b && c > d) s = "&amp; © 😀"')
    expect(html).toContain('&lt; b &amp;&amp; c > d')
    expect(html).toContain('<span class="hljs-string">"&amp;amp; © 😀"</span>')
  })

  it('writes one hljs- class per token, no style, and nothing the display schema would remove', () => {
    const blocks = [
      ['html', '<div class="x"><script>let a = 1</script><style>p { color: red }</style></div>'],
      ['typescript', 'class A extends B implements C { f(): void { console.log(`t ${x}`) } }'],
      ['diff', '- old\n+ new'],
      ['python', '@decorator\ndef f(x: int) -> str:\n    return f"{x}"'],
      ['css', '#id .c > a:hover[href] { color: #fff !important }'],
    ]
    for (const [language, code] of blocks) {
      const html = shown(`<pre><code class="language-${language}">${code!.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code></pre>`)
      const spans = elementsOf(html).filter((element) => element.tagName === 'span')
      expect(spans.length, language).toBeGreaterThan(1)
      for (const span of spans) expect(Object.keys(span.properties)).toEqual(['className'])
      for (const span of spans) expect(span.properties.className).toEqual([expect.stringMatching(/^hljs-[a-z_-]+$/)])
      expect(html).not.toMatch(/style=/)
      expect(textOf(parse(html))).toBe(code)
      const sanitized = String(unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, DISPLAY_HTML_SCHEMA).use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).processSync(html))
      expect(sanitized).toBe(html)
      expect(displayPostHtml(html)).toBe(html)
    }
  })

  it('leaves a block holding markup written by hand as it is', () => {
    const html = '<pre><code class="language-js">const <strong>a</strong> = 1</code></pre>'
    expect(shown(html)).toBe(cleanPostHtml(html))
  })

  it('leaves the stored HTML plain: a token in a file is not kept by the post sanitizer (its class goes)', () => {
    expect(cleanPostHtml('<pre><code class="language-js"><span class="hljs-keyword">const</span> a</code></pre>')).toBe('<pre><code class="language-js"><span>const</span> a</code></pre>')
  })
})

describe('code in the feeds', () => {
  it('is plain text with its language class: the tokens go, the text and other markup stay', () => {
    const page = shown('<pre><code class="language-js">const a = "&lt;b&gt;"</code></pre>\n<pre><code class="language-js">x <em>y</em></code></pre>')
    expect(page).toContain('hljs-')
    expect(withAbsoluteUrls(page, 'https://watchio.app/blog/x')).toBe('<pre><code class="language-js">const a = "&lt;b>"</code></pre>\n<pre><code class="language-js">x <em>y</em></code></pre>')
  })
})
