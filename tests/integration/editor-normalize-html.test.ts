import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeEditorHtml } from '../../pages/admin/blog/editor/normalize-html.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { FIXTURE_BLOG_DIR as blogDir } from '../support/fixtures.ts'

const SAMPLES = readdirSync(blogDir)
  .filter((name) => name.endsWith('.html'))
  .map((name) => parsePostFile(readFileSync(path.join(blogDir, name), 'utf8'), name))

/** The editor's output for `html`, checked to be exactly what the server would store. */
function normalize(html: string): string {
  const out = normalizeEditorHtml(html)
  expect(cleanPostHtml(out), `the server changes the output for ${JSON.stringify(html)}`).toBe(out)
  return out
}

/**
 * A sample post the way the browser serializes ProseMirror's DOM of it (Milkdown's getHTML()):
 * one line, Milkdown's own attributes, the browser's escapes in text (&gt;, &nbsp;). A heading
 * keeps the id its file gives it and gets none otherwise (heading-node.ts).
 */
function asMilkdownWrites(html: string): string {
  return html
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        return part
          .replace(/^<(ul|ol)>$/, '<$1 data-spread="false">')
          .replace(/^<li>$/, '<li data-label="•" data-list-type="bullet" data-spread="true">')
      }
      return part.replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;')
    })
    .join('')
    .replace(/>\n</g, '><')
    .replace(/<pre><code class="language-([a-z0-9+#_-]+)">/g, '<pre data-language="$1"><code>')
}

describe('normalizeEditorHtml on the sample posts', () => {
  it.each(SAMPLES.map((post) => [post.slug, post.content]))('%s: stored HTML passes through unchanged', (_slug, content) => {
    expect(normalize(content)).toBe(content)
  })

  it.each(SAMPLES.map((post) => [post.slug, post.content]))('%s: the browser-serialized form of it gives the stored HTML back', (_slug, content) => {
    expect(normalize(asMilkdownWrites(content))).toBe(content)
  })
})

describe('normalizeEditorHtml: what Milkdown and ProseMirror write', () => {
  it.each([
    ['<h2 id="x">T</h2>', '<h2 id="x">T</h2>'],
    ['<h2 id="Not-OK">T</h2><h3 id="">U</h3>', '<h2>T</h2>\n<h3>U</h3>'],
    ['<h4>a</h4><h5 id="b">b</h5><h6 class="x">c</h6>', '<h4>a</h4>\n<h5 id="b">b</h5>\n<h6>c</h6>'],
    ['<pre data-language="js"><code>a &lt; b\n&amp;</code></pre>', '<pre><code class="language-js">a &lt; b\n&amp;</code></pre>'],
    ['<pre data-language="Not OK!"><code>x</code></pre>', '<pre><code>x</code></pre>'],
    ['<pre><code class="language-text">x</code></pre>', '<pre><code class="language-text">x</code></pre>'],
    ['<ul data-spread="false"><li data-label="•"><p>a</p></li></ul>', '<ul>\n<li><p>a</p></li>\n</ul>'],
    ['<ol start="3" data-spread="false"><li><p>a</p></li></ol>', '<ol start="3">\n<li><p>a</p></li>\n</ol>'],
    ['<ol start="x"><li><p>a</p></li></ol>', '<ol>\n<li><p>a</p></li>\n</ol>'],
    ['<p><b>b</b><i>i</i><strike>s</strike><del>d</del><u>u</u></p>', '<p><strong>b</strong><em>i</em><s>s</s><del>d</del><u>u</u></p>'],
    ['<p>a&nbsp;b &gt; c &lt; d &amp; e "f"</p>', '<p>a\u00a0b > c &lt; d &amp; e "f"</p>'],
    ['<p><a href="https://x.example/?a=1&amp;b=&quot;2&quot;" title="&quot;t&quot; &lt;x&gt;" class="c">l</a></p>', '<p><a href="https://x.example/?a=1&amp;b=&quot;2&quot;" title="&quot;t&quot; <x>">l</a></p>'],
    ['<p><a href="javascript:alert(1)">x</a><a href="">y</a><a>z</a></p>', '<p><a href="">x</a><a href="">y</a><a>z</a></p>'],
    ['<p><img src="https://x.example/a.png" alt="" title=""><img src="https://x.example/a.svg"><img src="javascript:alert(1)"></p>', '<p><img src="https://x.example/a.png" alt="" title=""></p>'],
    ['<p><img alt="A" src="https://x.example/a.png" onerror="alert(1)"></p>', '<p><img src="https://x.example/a.png" alt="A"></p>'],
    ['<p>a<br>b</p><hr><p>c</p>', '<p>a<br>b</p>\n<hr>\n<p>c</p>'],
    ['<p>a<script>alert(1)</script><style>p{}</style>b</p>', '<p>ab</p>'],
    ['<p><span style="color:red" class="x">a</span><font>b</font></p><div><p>c</p></div>', '<p><span>a</span>b</p>\n<p>c</p>'],
    ['<p onclick="x()" style="color:red" id="i">t</p>', '<p>t</p>'],
    ['<blockquote><p>a</p><ul><li><p>b</p><ol><li><p>c</p></li></ol></li></ul></blockquote>', '<blockquote>\n<p>a</p>\n<ul>\n<li><p>b</p><ol>\n<li><p>c</p></li>\n</ol></li>\n</ul>\n</blockquote>'],
    ['<!-- comment --><p>a</p>', '<p>a</p>'],
    ['<p></p>', ''],
    ['', ''],
    ['<p></p><p></p>', '<p></p>\n<p></p>'],
  ])('%j → %j', (input, expected) => {
    expect(normalize(input)).toBe(expected)
  })
  it('writes exactly what the server stores, for any document the editor can hold', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '<', '>', '&', '"', "'", '\u00a0', 'é', '\n', ';', '#'), maxLength: 8 })
    const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;')
    const attr = (value: string) => escape(value).replace(/"/g, '&quot;')
    const noise = fc.constantFrom('', ' class="x"', ' data-x="1"', ' id="i"', ' style="color:red"')
    const image = fc
      .tuple(fc.constantFrom('https://x.example/a.png', 'https://x.example/a.svg', 'data:image/gif;base64,R0lGODlh'), text)
      .map(([src, alt]) => `<img src="${src}" alt="${attr(alt)}">`)
    // Inline content as ProseMirror writes it: marks nest in any order, links never nest.
    const { marked } = fc.letrec((tie) => ({
      marked: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text.map(escape),
        fc.constant('<br>'),
        image,
        fc.tuple(fc.constantFrom('strong', 'em', 'u', 's', 'del', 'code', 'b', 'i', 'span'), noise, fc.array(tie('marked'), { maxLength: 3 })).map(([tag, extra, children]) => `<${tag}${extra}>${children.join('')}</${tag}>`),
      ),
    }))
    const link = fc
      .tuple(fc.constantFrom('https://x.example/?a=1&b=2', 'javascript:alert(1)', 'mailto:a@b.example', '', '/x'), fc.array(marked, { maxLength: 2 }))
      .map(([href, children]) => `<a href="${attr(href)}">${children.join('')}</a>`)
    const inline = fc.oneof(marked, link)
    const paragraph = fc.tuple(fc.constantFrom('p', 'h1', 'h2', 'h3', 'h4'), noise, fc.array(inline, { maxLength: 4 })).map(([tag, extra, children]) => `<${tag}${extra}>${children.join('')}</${tag}>`)
    const { block } = fc.letrec((tie) => ({
      block: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        paragraph,
        fc.constant('<hr>'),
        fc.tuple(fc.constantFrom('', 'js', 'text'), text).map(([language, code]) => `<pre${language ? ` data-language="${language}"` : ''}><code>${escape(code)}</code></pre>`),
        fc.array(tie('block'), { minLength: 1, maxLength: 3 }).map((children) => `<blockquote>${children.join('')}</blockquote>`),
        fc.tuple(fc.constantFrom('ul', 'ol'), fc.array(fc.tuple(paragraph, fc.array(tie('block'), { maxLength: 1 })), { minLength: 1, maxLength: 3 })).map(
          ([tag, items]) => `<${tag} data-spread="false">${items.map(([first, rest]) => `<li data-label="1."><p>${first.replace(/^<[^>]+>|<\/[^>]+>$/g, '')}</p>${rest.join('')}</li>`).join('')}</${tag}>`,
        ),
      ),
    }))
    // Tables and figures as table-nodes.ts and figure-nodes.ts write them: rows marked as the header's, bare cells.
    const cellParagraphs = fc.array(fc.array(inline, { maxLength: 3 }), { minLength: 1, maxLength: 2 }).map((paragraphs) => paragraphs.map((children) => `<p>${children.join('')}</p>`).join(''))
    const tableCell = fc
      .tuple(fc.constantFrom('td', 'th'), fc.constantFrom('', ' colspan="2"', ' rowspan="3"', ' scope="col"'), fc.boolean(), cellParagraphs)
      .map(([tag, spans, bare, content]) => `<${tag}${spans}${bare ? ' data-bare=""' : ''}>${content}</${tag}>`)
    const table = fc
      .array(fc.tuple(fc.boolean(), fc.array(tableCell, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 3 })
      .map((rows) => `<table>${rows.map(([head, cells]) => `<tr${head ? ' data-head=""' : ''}>${cells.join('')}</tr>`).join('')}</table>`)
    const figure = fc
      .tuple(image, fc.array(inline, { maxLength: 3 }))
      .map(([img, caption]) => `<figure>${img}<figcaption>${caption.join('')}</figcaption></figure>`)
    fc.assert(
      fc.property(fc.array(fc.oneof(block, table, figure), { minLength: 1, maxLength: 5 }), (blocks) => {
        const out = normalize(blocks.join(''))
        // Normalizing is idempotent: a post the editor wrote opens and saves unchanged.
        expect(normalizeEditorHtml(out)).toBe(out)
      }),
      // A caption of a newline alone was kept once, and dropped by the next pass.
      { numRuns: 300, examples: [[['<figure><img src="https://x.example/a.png" alt=""><figcaption>\n</figcaption></figure>']]] },
    )
  })
})

describe('normalizeEditorHtml: tables and figures as the editor writes them (table-nodes.ts, figure-nodes.ts)', () => {
  const bare = (tag: string, text: string, attrs = '') => `<${tag}${attrs} data-bare=""><p>${text}</p></${tag}>`
  it.each([
    // Rows marked as the header row go into <thead>, the others into <tbody>; a bare cell's one paragraph is its text.
    [
      `<table><tr data-head="">${bare('th', 'Plan', ' scope="col"')}${bare('th', 'Price', ' scope="col"')}</tr><tr>${bare('td', 'Premium')}${bare('td', '')}</tr></table>`,
      '<table><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>Premium</td><td></td></tr></tbody></table>',
    ],
    // No header row: only a <tbody>; spans are kept.
    [`<table><tr>${bare('td', 'a', ' colspan="2"')}</tr><tr>${bare('td', 'b', ' rowspan="2"')}${bare('td', 'c')}</tr></table>`, '<table><tbody><tr><td colspan="2">a</td></tr><tr><td rowspan="2">b</td><td>c</td></tr></tbody></table>'],
    // Only a header row.
    [`<table><tr data-head="">${bare('th', 'x')}</tr></table>`, '<table><thead><tr><th>x</th></tr></thead></table>'],
    // A bare cell given a second paragraph (Enter, or merged cells) writes both; a cell the file wrote with its paragraph keeps it.
    ['<table><tr><td data-bare=""><p>a</p><p>b</p></td><td><p>c</p></td></tr></table>', '<table><tbody><tr><td><p>a</p><p>b</p></td><td><p>c</p></td></tr></tbody></table>'],
    // A bare cell with formatting inside its paragraph.
    [`<table><tr>${bare('td', '<strong>a</strong> <a href="https://x.example/">b</a>')}</tr></table>`, '<table><tbody><tr><td><strong>a</strong> <a href="https://x.example/">b</a></td></tr></tbody></table>'],
    // A table the way a file holds it (a paste, tests) keeps its sections; the marks never reach the output.
    ['<table><thead><tr data-head=""><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>', '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>'],
    // A figure: the image (its size kept) and the caption; an empty caption is a figure without one.
    [
      '<figure><img src="/media/2025/a-0123456789-640x480.jpg" alt="A" width="640" height="480"><figcaption>The <em>first</em> one</figcaption></figure>',
      '<figure><img src="/media/2025/a-0123456789-640x480.jpg" alt="A" width="640" height="480"><figcaption>The <em>first</em> one</figcaption></figure>',
    ],
    ['<figure><img src="https://x.example/a.png" alt=""><figcaption></figcaption></figure><p>x</p>', '<figure><img src="https://x.example/a.png" alt=""></figure>\n<p>x</p>'],
    ['<p><img src="https://x.example/a.png" width="0" height="480px"></p>', '<p><img src="https://x.example/a.png"></p>'],
  ])('%j → %j', (input, expected) => {
    const out = normalize(input)
    expect(out).toBe(expected)
    expect(normalizeEditorHtml(out), 'written again unchanged').toBe(out)
  })
})
