import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})

afterAll(() => close?.())

async function preview(body: unknown, client = api) {
  const response = await client.request('POST', '/api/admin/blog/preview', { json: body })
  return { response, html: await response.text() }
}

/** The site's own rendered pages (none yet when the build's pages fit this content). */
async function pageFiles(): Promise<string[]> {
  return existsSync(site.pagesDir) ? (await readdir(site.pagesDir, { recursive: true })).sort() : []
}

describe('POST /api/admin/blog/preview', () => {
  it('renders the real post page from unsaved fields, a draft dated next year included, and runs nothing', async () => {
    const { response, html } = await preview(
      newPostBody({
        slug: 'not-saved-yet',
        title: 'A preview title',
        summary: 'Its summary.',
        content: '<h2>Section</h2><p>Body <strong>bold</strong></p>',
        isPublished: false,
        publishDate: `${new Date().getUTCFullYear() + 1}-01-15`,
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
    // The page visitors get: the site's chrome, the article, its date.
    expect(html).toContain('<h1 class="article__title">A preview title</h1>')
    expect(html).toContain('<h2 id="section">Section<a href="#section" class="heading-anchor"')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toMatch(/<footer/)
    expect(html).toContain('January 15')
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).not.toMatch(/<script/i)
  })

  it('shows an unsaved edit of a live post, not the saved one', async () => {
    const [live] = (await (await fetch(`${server.url}/api/blog/posts`)).json()) as { slug: string }[]
    const saved = (await api.postBySlug<Record<string, unknown>>(live!.slug))!
    const { html } = await preview({ ...saved, title: 'An edit not saved' })
    expect(html).toContain('An edit not saved')
    expect(await (await fetch(`${server.url}/blog/${live!.slug}`)).text()).not.toContain('An edit not saved')
  })

  it('sanitizes exactly as a save does: no script, no handler, no javascript: link', async () => {
    const { response, html } = await preview(
      newPostBody({
        slug: 'hostile',
        title: '<script>alert(1)</script>Title',
        content: '<p>ok</p><script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      }),
    )
    expect(response.status).toBe(200)
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Title')
  })

  it('writes nothing: no commit, no file, no page', async () => {
    const commits = commitCount(site.repoDir)
    await preview(newPostBody({ slug: 'leaves-nothing', title: 'Leaves nothing' }))
    expect(commitCount(site.repoDir)).toBe(commits)
    expect(git(site.repoDir, 'status', '--porcelain')).toBe('')
    // (The site's own pages keep being written by the start's background catch-up: only this one matters.)
    expect((await pageFiles()).filter((file) => file.includes('leaves-nothing'))).toEqual([])
    expect((await fetch(`${server.url}/blog/leaves-nothing`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/blog/posts/leaves-nothing`)).status).toBe(404)
  })

  it('previews a form still being written: missing or empty fields get a stand-in', async () => {
    const { response, html } = await preview({ title: '', content: '<p>Only the first paragraph so far.</p>' })
    expect(response.status).toBe(200)
    expect(html).toContain('Untitled post')
    expect(html).toContain('Only the first paragraph so far.')
  })

  it('answers 400 for fields a save would refuse, 401 without a session, 403 from another site', async () => {
    expect((await preview(newPostBody({ slug: 'Not A Slug' }))).response.status).toBe(400)
    expect((await preview(newPostBody({ content: '<script>only script</script>' }))).response.status).toBe(400)
    expect((await preview('not an object')).response.status).toBe(400)
    expect((await preview(newPostBody(), new ApiClient(server.url))).response.status).toBe(401)
    const foreign = await api.request('POST', '/api/admin/blog/preview', { json: newPostBody(), headers: { Origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
  })
})
