/**
 * Only a published post's old address becomes a redirect. An author, who may not touch the
 * redirects, must not make one through their drafts either: taking a slug a deletion freed with a
 * draft, renaming the draft to a path of their own and deleting it once made the deleted post's
 * URL answer 301 to the author's path, and refused the editor's undelete with 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../core/contract/index.ts'
import { type ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { SignedInServer } from '../support/signed-in-server.ts'
import { signedInTeam } from '../support/team-accounts.ts'

type AdminPost = Record<string, unknown> & { id: string; slug: string; version: string }
type RedirectsList = { redirects: { from: string; to: string }[]; problem: string | null }

let running: SignedInServer
let as: Record<Role, ApiClient>

beforeAll(async () => {
  ;({ running, as } = await signedInTeam())
})
afterAll(() => running?.close())

const answer = async (pathname: string) => {
  const response = await fetch(new URL(pathname, running.server.url), { redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location') }
}
const redirects = async () => (await as.admin.json<RedirectsList>('GET', '/api/admin/redirects')).body.redirects
const filesOfLastCommit = () => git(running.site.repoDir, 'show', '--no-renames', '--name-only', '--format=', 'HEAD').split('\n').sort()

describe("an author's draft", () => {
  it('renamed off a slug a deletion freed leaves no redirect, and the editor brings the deleted post back', async () => {
    const created = await as.editor.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'spring-sale', title: 'Spring sale' }))
    expect(created.status).toBe(201)
    const victim = created.body
    expect((await as.editor.request('DELETE', `/api/admin/blog/posts/${victim.id}`)).status).toBe(204)

    // The author takes the freed slug with a draft, moves the draft to a path of their own, and deletes it.
    const draft = await as.author.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'spring-sale', title: 'Mine', isPublished: false }))
    expect(draft.status).toBe(201)
    const renamed = await as.author.json<AdminPost>('PUT', `/api/admin/blog/posts/${draft.body.id}`, { ...draft.body, slug: 'alice-page' })
    expect(renamed.status).toBe(200)
    expect(filesOfLastCommit()).toEqual(['content/blog/alice-page.html', 'content/blog/spring-sale.html'])
    expect((await as.author.request('DELETE', `/api/admin/blog/posts/${draft.body.id}`)).status).toBe(204)
    // What the redirects API never let them do.
    expect((await as.author.request('POST', '/api/admin/redirects', { json: { from: '/blog/spring-sale', to: '/blog/alice-page' } })).status).toBe(403)

    expect(await redirects()).toEqual([])
    expect(await answer('/blog/spring-sale')).toEqual({ status: 404, location: null })
    const back = await as.editor.json<AdminPost>('POST', `/api/admin/blog/deleted/${victim.id}/restore`, {})
    expect(back.status).toBe(201)
    expect(back.body.slug).toBe('spring-sale')
    expect((await answer('/blog/spring-sale')).status).toBe(200)
  })

  it('a scheduled post renamed leaves no redirect either (its old address was never public); a live one does', async () => {
    const scheduled = await as.editor.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'next-year', publishDate: '2999-01-01' }))
    expect(scheduled.status).toBe(201)
    expect((await as.editor.json('PUT', `/api/admin/blog/posts/${scheduled.body.id}`, { ...scheduled.body, slug: 'next-year-renamed' })).status).toBe(200)
    expect(await redirects()).toEqual([])

    const live = await as.editor.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'live-post' }))
    expect((await as.editor.json('PUT', `/api/admin/blog/posts/${live.body.id}`, { ...live.body, slug: 'live-post-renamed' })).status).toBe(200)
    expect(await redirects()).toEqual([{ from: '/blog/live-post', to: '/blog/live-post-renamed' }])
    expect(await answer('/blog/live-post')).toEqual({ status: 301, location: '/blog/live-post-renamed' })
  })
})
