/**
 * A code block with a language is coloured on the server (server/content/highlight-code.ts): the
 * post page and the public API carry `<span class="hljs-…">` tokens with no script added, the
 * post's file keeps its plain code, and the feeds carry plain code with its language.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPostBody, type ApiClient } from '../support/admin-client.ts'
import { signedInServer, type SignedInServer } from '../support/signed-in-server.ts'

// As the server writes it (a `>` in text is not escaped), so the file holds it byte for byte.
const CODE =
  '<pre><code class="language-ts">const greeting: string = "&lt;/code>&lt;script>alert(1)&lt;/script>"</code></pre>\n' +
  '<pre><code class="language-mermaid">graph TD</code></pre>\n' +
  '<pre><code>plain &amp; simple</code></pre>'
const TOKENS = '<span class="hljs-keyword">const</span> <span class="hljs-attr">greeting</span>: <span class="hljs-built_in">string</span> = <span class="hljs-string">"&lt;/code>&lt;script>alert(1)&lt;/script>"</span>'

let running: SignedInServer
let api: ApiClient
const get = (pathname: string) => fetch(new URL(pathname, running.server.url))
const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])

beforeAll(async () => {
  running = await signedInServer()
  api = running.api
  for (const [slug, content] of [['coloured-code', `<p>Code:</p>\n${CODE}`], ['no-code', '<p>Nothing to colour.</p>']]) {
    const created = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug, title: slug, content, publishDate: '2025-11-02' }))
    expect(created.status).toBe(201)
  }
})

afterAll(() => running?.close())

describe('highlighted code on the public site', () => {
  it('stores the code plain, as it was written', async () => {
    const file = await readFile(path.join(running.site.blogDir, 'coloured-code.html'), 'utf8')
    expect(file).toContain(CODE)
    expect(file).not.toContain('hljs')
  })

  it('serves the post page with hljs tokens, unknown and missing languages plain, and no script added', async () => {
    const page = await (await get('/blog/coloured-code')).text()
    expect(page).toContain(`<pre><code class="language-ts">${TOKENS}</code></pre>`)
    expect(page).toContain('<pre><code class="language-mermaid">graph TD</code></pre>')
    expect(page).toContain('<pre><code>plain &amp; simple</code></pre>')
    expect(page).not.toContain('<script>alert')
    const plain = await (await get('/blog/no-code')).text()
    expect(scripts(page)).toEqual(scripts(plain))
    expect(page).not.toMatch(/<span[^>]* style=/)
  })

  it('gives the public API the same coloured content', async () => {
    const { content } = (await (await get('/api/blog/posts/coloured-code')).json()) as { content: string }
    expect(content).toContain(`<pre><code class="language-ts">${TOKENS}</code></pre>`)
  })

  it('puts the code in the feeds plain, with its language', async () => {
    for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
      const xml = await (await get(feed)).text()
      expect(xml, feed).toContain('&lt;pre&gt;&lt;code class="language-ts"&gt;const greeting: string = ')
      expect(xml, feed).not.toContain('hljs')
    }
  })
})
