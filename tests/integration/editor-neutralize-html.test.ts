import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { neutralizeHtml, parseStyle } from '../../pages/admin/blog/editor/neutralize-html.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { FIXTURE_BLOG_DIR as blogDir } from '../support/fixtures.ts'

describe('neutralizeHtml (before any parse under the CSP)', () => {
  it('leaves every sample post byte for byte', () => {
    for (const name of readdirSync(blogDir).filter((file) => file.endsWith('.html'))) {
      const { content } = parsePostFile(readFileSync(path.join(blogDir, name), 'utf8'), name)
      expect(neutralizeHtml(content), name).toBe(content)
    }
  })

  it.each([
    ['<p style="color:red">a</p>', '<p data-rte-style="color:red">a</p>'],
    ["<span STYLE='font-weight:700'>b</span>", "<span data-rte-style='font-weight:700'>b</span>"],
    ['<img src="https://x.example/a.png" onerror="alert(1)" alt="a">', '<img src="https://x.example/a.png" alt="a">'],
    ['<img src=x onerror=alert(1)>', '<img src=x>'],
    ['<p ONCLICK="x()" title="a > b onclick=y">t</p>', '<p title="a > b onclick=y">t</p>'],
    ['<p title="style=x">t</p>', '<p title="style=x">t</p>'],
    ['<br style="x"/>', '<br data-rte-style="x" />'],
    ['a<script>alert("<p>")</script>b', 'ab'],
    ['a<SCRIPT src="x.js"></SCRIPT>b', 'ab'],
    ['<style>p { color: red }</style><p>x</p>', '<p>x</p>'],
    ['<b style="font-weight:normal;" id="docs-internal-guid-1">x</b>', '<b data-rte-style="font-weight:normal;" id="docs-internal-guid-1">x</b>'],
    ['<p>&lt;b onclick="x"&gt; is text</p>', '<p>&lt;b onclick="x"&gt; is text</p>'],
    ['<p data-style="x" onmouseover>t</p>', '<p data-style="x">t</p>'],
  ])('%j → %j', (input, expected) => {
    expect(neutralizeHtml(input)).toBe(expected)
  })
})

describe('parseStyle', () => {
  it('reads declarations, lower-cased', () => {
    expect([...parseStyle('Font-Weight: 700; color:RED;;text-decoration:underline line-through; junk')]).toEqual([
      ['font-weight', '700'],
      ['color', 'red'],
      ['text-decoration', 'underline line-through'],
    ])
  })
})
