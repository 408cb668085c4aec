/**
 * Who owns a post, and what that allows: the server writes the creator's username in the file
 * (`author:`, after SPEC's fields), keeps it through every save, and lets an author change only
 * their own drafts; "Submit for review" marks a draft (`inReview: true`) until an editor
 * publishes it. Over the real server, with people added to its accounts file.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPost, AdminPostCard } from '../../core/contract/index.ts'
import { type ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { SignedInServer } from '../support/signed-in-server.ts'
import { addSignedInPerson, signedInTeam } from '../support/team-accounts.ts'

let running: SignedInServer
let admin: ApiClient
let editor: ApiClient
let alice: ApiClient
let bob: ApiClient

beforeAll(async () => {
  let as
  ;({ running, as } = await signedInTeam())
  ;({ admin, editor, author: alice } = as)
  bob = await addSignedInPerson({ dataDir: running.site.dataDir, serverUrl: running.server.url, username: 'bob', role: 'author' })
})

afterAll(() => running?.close())

const fileOf = (slug: string) => readFile(path.join(running.site.blogDir, `${slug}.html`), 'utf8')
const frontMatter = async (slug: string) => (await fileOf(slug)).split('\n---\n')[0]!.split('\n').slice(1)

async function draftBy(api: ApiClient, slug: string, overrides: Record<string, unknown> = {}): Promise<AdminPost> {
  const { status, body } = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug, isPublished: false, ...overrides }))
  expect(status).toBe(201)
  return body
}

const save = (api: ApiClient, post: AdminPost, overrides: Record<string, unknown> = {}) =>
  api.json<AdminPost>('PUT', `/api/admin/blog/posts/${post.id}`, newPostBody({ slug: post.slug, isPublished: post.isPublished, publishDate: post.publishDate, ...overrides }))

describe('ownership', () => {
  it('an author\'s new post names them after the SPEC fields; a body cannot choose another', async () => {
    const post = await draftBy(alice, 'alices-first', { author: 'bob' })
    expect(post.author).toBe('alice')
    expect(await frontMatter('alices-first')).toEqual([
      `id: ${post.id}`, 'title: A new post', 'slug: alices-first', 'summary: What it is about.', "publishDate: '2025-11-01'", 'isPublished: false', "featuredImageUrl: ''", 'author: alice',
    ])
    // Editors and admins change every post: theirs are written as before posts had owners.
    const byAdmin = await draftBy(admin, 'admins-own')
    expect(byAdmin).not.toHaveProperty('author')
    expect((await fileOf('admins-own')).split('\n---\n')[0]).toMatch(/\nfeaturedImageUrl: ''$/)
  })

  it('an author edits their own draft, and an editor\'s save keeps them its owner', async () => {
    const post = await draftBy(alice, 'alices-second')
    const edited = await save(alice, post, { title: 'Better title', author: 'ed' })
    expect(edited.status).toBe(200)
    expect(edited.body.author).toBe('alice')
    const byEditor = await save(editor, edited.body, { title: 'Edited by the editor' })
    expect(byEditor.status).toBe(200)
    expect(byEditor.body.author).toBe('alice')
    expect(await frontMatter('alices-second')).toContain('author: alice')
  })

  it('an author cannot publish: not on create, not on save, not by scheduling, not by restoring a published version', async () => {
    expect((await alice.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'eager', isPublished: true }))).status).toBe(403)
    const post = await draftBy(alice, 'alices-third')
    const before = await fileOf('alices-third')
    const published = await save(alice, post, { isPublished: true })
    expect(published.status).toBe(403)
    expect(published.body).toMatch(/Authors cannot publish/)
    expect((await save(alice, post, { isPublished: true, publishDate: '2999-01-01' })).status).toBe(403)
    expect(await fileOf('alices-third')).toBe(before)
    // An editor publishes, then unpublishes it: a draft of Alice's again, with a published version in its history.
    const live = await save(editor, post, { isPublished: true })
    const draft = await save(editor, live.body, { isPublished: false })
    const { body: history } = await alice.json<{ id: string; change: { kind: string } }[]>('GET', `/api/admin/blog/posts/${post.id}/history`)
    const publishedVersion = history.find((entry) => entry.change.kind === 'published')!
    const restore = await alice.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: publishedVersion.id, version: draft.body.version })
    expect(restore.status).toBe(403)
    const created = history.at(-1)!
    expect((await alice.json('POST', `/api/admin/blog/posts/${post.id}/restore`, { commit: created.id, version: draft.body.version })).status).toBe(200)
  })

  it('an author cannot change a published post of theirs, nor anyone else\'s, nor one without an owner', async () => {
    const post = await draftBy(alice, 'alices-fourth')
    const live = (await save(editor, post, { isPublished: true })).body
    const edit = await save(alice, live, { isPublished: true, title: 'Sneaky' })
    expect(edit.status).toBe(403)
    expect(edit.body).toMatch(/This post is published: only editors and admins may edit it/)
    const bobs = await draftBy(bob, 'bobs-draft')
    expect((await save(alice, bobs, { title: 'Mine now' })).status).toBe(403)
    // A fixture post written by hand: no `author:` line, so nobody's draft.
    const { body: cards } = await alice.json<AdminPostCard[]>('GET', '/api/admin/blog/posts?state=draft&perPage=100')
    const unowned = cards.find((card) => card.author === undefined)!
    expect(unowned).toBeDefined()
    const full = (await alice.json<AdminPost>('GET', `/api/admin/blog/posts/${unowned.id}`)).body
    expect((await save(alice, full, { title: 'Taken' })).status).toBe(403)
    expect((await save(editor, full, { title: full.title })).status).toBe(200)
  })

  it('an author deletes their own drafts only', async () => {
    const bobs = await draftBy(bob, 'bobs-second')
    const denied = await alice.request('DELETE', `/api/admin/blog/posts/${bobs.id}`)
    expect(denied.status).toBe(403)
    expect(await denied.text()).toMatch(/Authors may delete only their own posts/)
    const own = await draftBy(alice, 'alices-doomed')
    expect((await alice.request('DELETE', `/api/admin/blog/posts/${own.id}`)).status).toBe(204)
    // Brought back by its author: still theirs.
    const restored = await alice.json<AdminPost>('POST', `/api/admin/blog/deleted/${own.id}/restore`, {})
    expect(restored.status).toBe(201)
    expect(restored.body.author).toBe('alice')
  })
})

describe('submit for review', () => {
  it('marks the draft in git, lists it as in review, and stays the author\'s to edit or withdraw', async () => {
    const post = await draftBy(alice, 'for-review')
    const submitted = await save(alice, post, { inReview: true })
    expect(submitted.status).toBe(200)
    expect(submitted.body.inReview).toBe(true)
    expect(await frontMatter('for-review')).toEqual(expect.arrayContaining(['author: alice', 'inReview: true']))
    expect(git(running.site.repoDir, 'log', '-1', '--format=%s %an')).toBe('blog: submit for review "A new post" (for-review) Alice')

    const { body: inReview } = await editor.json<AdminPostCard[]>('GET', '/api/admin/blog/posts?state=in-review')
    expect(inReview.map((card) => card.slug)).toEqual(['for-review'])
    expect(inReview[0]).toMatchObject({ author: 'alice', inReview: true })

    // Edited again without saying: still in review. Then taken back.
    const edited = await save(alice, submitted.body, { title: 'Still waiting' })
    expect(edited.body.inReview).toBe(true)
    const withdrawn = await save(alice, edited.body, { inReview: false })
    expect(withdrawn.body).not.toHaveProperty('inReview')
    expect(await frontMatter('for-review')).not.toContain('inReview: true')
    expect((await editor.json<AdminPostCard[]>('GET', '/api/admin/blog/posts?state=in-review')).body).toEqual([])
  })

  it('publishing clears the mark; the author stays the owner', async () => {
    const post = await draftBy(alice, 'reviewed', { inReview: true })
    expect(post.inReview).toBe(true)
    const published = await save(editor, post, { isPublished: true })
    expect(published.status).toBe(200)
    expect(published.body).not.toHaveProperty('inReview')
    expect(published.body.author).toBe('alice')
    expect(await frontMatter('reviewed')).toEqual(expect.arrayContaining(['author: alice']))
    expect(await frontMatter('reviewed')).not.toContain('inReview: true')
    // The owner is the admin's business: the public API says nothing of it.
    const live = await fetch(new URL('/api/blog/posts/reviewed', running.server.url))
    expect(live.status).toBe(200)
    const text = await live.text()
    expect(text).not.toContain('alice')
    expect(JSON.parse(text)).not.toHaveProperty('author')
  })

  it('refuses an inReview that is not a boolean', async () => {
    const post = await draftBy(alice, 'odd-review')
    const { status, body } = await save(alice, post, { inReview: 'yes please' })
    expect(status).toBe(400)
    expect(body).toMatch(/inReview must be true or false/)
  })
})
