/**
 * checkPostContent (server/content/content-check.ts) says from one parse, in the usual case,
 * what the sanitizer's own output says: whether it changes the content, and whether anything is
 * left. Checked against cleanPostHtml itself over posts as written by hand and hostile snippets.
 */
import { describe, expect, it } from 'vitest'
import { checkPostContent } from '../../server/content/content-check.ts'
import { isCleanPostHtml } from '../../server/content/is-clean-html.ts'
import { cleanPostHtml, wouldSanitizerChange } from '../../server/content/sanitize-html.ts'
import { generatePosts } from '../bench/generate-posts.ts'

const SNIPPETS = [
  '<script>x</script>',
  '<!-- only a comment -->',
  '<p onclick="x()">a</p>',
  '<iframe>text</iframe>',
  '<div><span style="x"></span></div>',
  '  <style>p{}</style>\n',
  '<li><div><li></li></div></li>',
  '<img src="javascript:alert(1)">',
  '<a href="//evil.example">x</a>',
  '<b>bold</b>',
  '<p>ok</p><!--x-->',
  '<object></object>',
  '<table><td>x</td></table>',
  '<p></p><script></script>',
  '<svg><script>1</script></svg>',
  '<p>a<br/>b</p>',
  '<details><summary>x</summary></details>',
  '<p class="lead" id="x">Lead</p>',
  '<figure class="wp-block-image"><img src="/images/a.png" loading="lazy" alt=""></figure>',
]

/** What the sanitizer's output says, by comparing it with the formatted input: the reference. */
function byTheSanitizer(html: string): 'clean' | 'warning' | 'refused' {
  if (isCleanPostHtml(html) || !wouldSanitizerChange(html)) return 'clean'
  return cleanPostHtml(html).trim() === '' ? 'refused' : 'warning'
}

function byTheCheck(html: string): 'clean' | 'warning' | 'refused' {
  const check = checkPostContent('post.html', html, 1)
  return 'error' in check ? 'refused' : check.warning ? 'warning' : 'clean'
}

describe('checkPostContent', () => {
  it('agrees with the sanitizer on 300 posts as written by hand and on hostile snippets', () => {
    const posts = generatePosts({ count: 300, images: ['one.svg'], handWritten: true, seed: 7 }).map((post) => post.content)
    const inputs = [...posts, ...SNIPPETS]
    const verdicts = inputs.map((html) => [byTheCheck(html), byTheSanitizer(html)])
    expect(verdicts.filter(([check, sanitizer]) => check !== sanitizer)).toEqual([])
    // Every kind is met.
    expect(new Set(verdicts.map(([check]) => check))).toEqual(new Set(['clean', 'warning', 'refused']))
  })

  it('names the first thing removed, with its line', () => {
    expect(checkPostContent('post.html', '<p>a</p>\n<p style="color:red" onclick="x()">b</p>', 9)).toEqual({
      warning: 'content has style="color:red" on <p> (line 10), which the sanitizer would remove: the site shows it without that, and the next save writes the cleaned form',
    })
    const refused = checkPostContent('post.html', '<script>alert(1)</script>', 8)
    expect('error' in refused && refused.error.message).toMatch(/has <script> \(line 8\), which the sanitizer would remove with all it holds, and nothing is left without it/)
  })
})
