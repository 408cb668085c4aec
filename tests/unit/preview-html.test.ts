import { describe, expect, it } from 'vitest'
import { previewHtml } from '../../server/pages/preview-html.ts'

describe('previewHtml', () => {
  it('takes out the scripts and module preloads the parser finds, and says noindex first in the head', () => {
    const page =
      '<!DOCTYPE html><html><head><script>first()</script><meta charset="utf-8"><link rel="modulepreload" href="/a.js"><link rel="stylesheet" href="/s.css"></head>' +
      '<body><div id="root"><p title="a &lt; b">x</p></div><script id="vike_pageContext" type="application/json">{}</script><script src="/b.js" type="module"></script></body></html>'
    expect(previewHtml(page)).toBe(
      '<!DOCTYPE html><html><head><meta name="robots" content="noindex, nofollow"><meta charset="utf-8"><link rel="stylesheet" href="/s.css"></head>' +
        '<body><div id="root"><p title="a &lt; b">x</p></div></body></html>',
    )
  })

  it('leaves a <script> written inside an attribute value where it is: only real scripts go', () => {
    const content = '<p><a title="<script>" href="/x">one</a> text <a title="</script>">two</a></p>'
    const page = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div id="root">${content}</div><script>run()</script></body></html>`
    expect(previewHtml(page)).toBe(`<!DOCTYPE html><html><head><meta name="robots" content="noindex, nofollow"><meta charset="utf-8"></head><body><div id="root">${content}</div></body></html>`)
  })
})
