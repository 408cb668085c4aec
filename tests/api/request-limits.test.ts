/**
 * What a request body may cost the server, over HTTP: its size is checked before it is read (413),
 * its nesting before it is parsed (400), and a field far past its limit before it is read (400),
 * each with a short message. Only someone signed in may send a post's or a page's larger body.
 * The numbers are json-body.ts's and core/tags.ts's; the depth scan is tested on its own in
 * tests/unit/json-depth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, MAX_POST_BODY_BYTES, MAX_SITE_BODY_BYTES } from '../../server/http/json-body.ts'
import { MAX_CONTENT_LENGTH } from '../../core/contract/index.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { signedInServer, type SignedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

let running: SignedInServer
const api = () => running.api
const visitor = () => new ApiClient(running.server.url)

beforeAll(async () => {
  running = await signedInServer()
})

afterAll(() => running?.close())

/** POST `text` as a JSON body; the status and the plain-text answer. */
async function post(client: ApiClient, path: string, text: string, method = 'POST'): Promise<{ status: number; text: string }> {
  const response = await client.request(method, path, { body: text, headers: { 'Content-Type': 'application/json' } })
  // Cut short: a failure shows the start of a page, not megabytes of it.
  return { status: response.status, text: (await response.text()).slice(0, 300) }
}

/** The right credentials, with one more field nested `levels` deep. */
const deepLogin = (levels: number) => `{"username":${JSON.stringify(TEST_ADMIN.username)},"password":${JSON.stringify(TEST_ADMIN.password)},"x":${'['.repeat(levels)}${']'.repeat(levels)}}`

describe('sign-in and the other calls anyone may make', () => {
  it(`refuses a body nested more than ${MAX_BODY_DEPTH} levels deep with 400, even with the right password`, async () => {
    const client = visitor()
    expect(await post(client, '/api/auth/login', deepLogin(MAX_BODY_DEPTH + 1))).toEqual({ status: 400, text: `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep` })
    expect((await client.json('GET', '/api/auth/me')).status).toBe(401)
    // At the limit it is only JSON: the sign-in goes through.
    expect((await post(client, '/api/auth/login', deepLogin(MAX_BODY_DEPTH - 1))).status).toBe(200)
  })

  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413, a megabytes-long nest of [ included`, async () => {
    const padded = JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password, padding: 'x'.repeat(MAX_BODY_BYTES) })
    expect(await post(visitor(), '/api/auth/login', padded)).toEqual({ status: 413, text: 'The body is too large: at most 16 KB here' })
    expect(await post(visitor(), '/api/auth/login', '['.repeat(4_800_000))).toEqual({ status: 413, text: 'The body is too large: at most 16 KB here' })
    expect((await post(visitor(), '/api/auth/invitations/lookup', JSON.stringify({ token: 'x'.repeat(MAX_BODY_BYTES) }))).status).toBe(413)
  })

  it('reads no body of the admin area’s calls from someone not signed in: 401 first, whatever its size', async () => {
    const body = JSON.stringify(newPostBody({ slug: 'anonymous', content: `<p>${'x'.repeat(MAX_BODY_BYTES)}</p>` }))
    expect(await post(visitor(), '/api/admin/blog/posts', body)).toEqual({ status: 401, text: 'Sign in first' })
    expect(await post(visitor(), '/api/admin/blog/posts', '['.repeat(1000))).toEqual({ status: 401, text: 'Sign in first' })
    expect((await post(visitor(), '/api/admin/blog/posts', JSON.stringify(newPostBody({ slug: 'anonymous' })))).status).toBe(401)
  })
})

describe('the posts’ and pages’ calls, signed in', () => {
  it(`take a post whose content is ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters of any script, and refuse a body past that with 413`, async () => {
    // 3 bytes each in UTF-8: the largest content a post may have, by bytes. Without a title it is
    // refused by the post's rules, having passed the body's.
    const content = '語'.repeat(MAX_CONTENT_LENGTH)
    const largest = JSON.stringify({ ...newPostBody({ slug: 'largest', content }), title: undefined })
    expect(Buffer.byteLength(largest)).toBeGreaterThan(6_000_000)
    expect(await post(api(), '/api/admin/blog/posts', largest)).toEqual({ status: 400, text: 'title is required' })

    const over = JSON.stringify(newPostBody({ slug: 'too-big', content: 'x'.repeat(MAX_POST_BODY_BYTES) }))
    expect(await post(api(), '/api/admin/blog/posts', over)).toEqual({ status: 413, text: 'The body is too large: at most 5.8 MB here' })
  })

  it('refuse a tags text of millions of commas with 400, before reading it, and make no commit', async () => {
    const commits = commitCount(running.site.repoDir)
    const body = JSON.stringify(newPostBody({ slug: 'commas', tags: ','.repeat(2_400_000) }))
    expect(await post(api(), '/api/admin/blog/posts', body)).toEqual({ status: 400, text: 'tags must be at most 840 characters as one text' })
    const list = JSON.stringify(newPostBody({ slug: 'commas', tags: Array.from({ length: 100_000 }, () => 'News') }))
    expect(await post(api(), '/api/admin/blog/posts', list)).toEqual({ status: 400, text: 'tags must list at most 20 names, repeats and blanks included' })
    expect(commitCount(running.site.repoDir)).toBe(commits)
  })

  it(`take a page of the site copy up to ${MAX_SITE_BODY_BYTES / 1024 / 1024} MB`, async () => {
    const over = JSON.stringify({ values: { title: 'x'.repeat(MAX_SITE_BODY_BYTES) }, version: null })
    expect(await post(api(), '/api/admin/site/pages/legal', over, 'PUT')).toEqual({ status: 413, text: 'The body is too large: at most 1 MB here' })
    expect((await post(api(), '/api/admin/site/pages/legal/preview', over)).status).toBe(413)
  })

  it('other calls take the small limit whoever sends them', async () => {
    const redirect = JSON.stringify({ from: '/old', to: '/new', padding: 'x'.repeat(MAX_BODY_BYTES) })
    expect((await post(api(), '/api/admin/redirects', redirect)).status).toBe(413)
  })
})
