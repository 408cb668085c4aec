/**
 * The rules of a save, on the AdminPosts service itself, built as role-services.ts builds it, with
 * its dependencies passed in (a real repository, the posts read from it, their history), and no
 * HTTP server: what the API tests keep is the contract (status, headers, body shape).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ConflictError, InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { type AdminServices, createAdminServices, TODAY } from './admin-services.ts'
import { ADA } from './git-fixture.ts'

type World = AdminServices

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const setUp = () => createAdminServices(cleanups)

const body = (fields: Record<string, unknown> = {}) => ({
  title: 'A new post',
  slug: 'a-new-post',
  summary: 'Its summary.',
  content: '<p>Its text.</p>',
  ...fields,
})
const commits = (w: World) => Number(w.repo.git('rev-list', '--count', 'HEAD').trim())

describe('AdminPosts', () => {
  it('creates a draft dated the site\'s day, as one commit holding only its file', async () => {
    const w = await setUp()
    const { post: created, committed } = await w.posts.create(body(), ADA)
    expect(committed).toBe(true)
    expect(created).toMatchObject({ slug: 'a-new-post', publishDate: TODAY, isPublished: false })
    expect(w.repo.git('show', '--name-only', '--format=%an', 'HEAD').trim().split('\n').filter(Boolean)).toEqual(['Ada Lovelace', 'content/blog/a-new-post.html'])
    expect(w.posts.get(created.id).version).toBe(created.version)
  })

  it('refuses a slug another post has, and a stale version, changing nothing', async () => {
    const w = await setUp()
    const before = commits(w)
    await expect(w.posts.create(body({ slug: 'first' }), ADA)).rejects.toBeInstanceOf(ConflictError)
    const { post: created } = await w.posts.create(body(), ADA)
    const { post: updated } = await w.posts.update(created.id, { ...body({ title: 'Edited' }), version: created.version }, ADA)
    // The version the first editor saw is stale now.
    const stale = w.posts.update(created.id, { ...body({ title: 'Lost update' }), version: created.version }, ADA)
    await expect(stale).rejects.toBeInstanceOf(ConflictError)
    await expect(w.posts.update(created.id, { ...body({ slug: 'first' }), version: updated.version }, ADA)).rejects.toBeInstanceOf(ConflictError)
    expect(commits(w)).toBe(before + 2)
    expect(w.posts.get(created.id).title).toBe('Edited')
  })

  it('renames in one commit with both paths, and a save that changes nothing makes no commit', async () => {
    const w = await setUp()
    const { post: created } = await w.posts.create(body(), ADA)
    const { post: renamed } = await w.posts.update(created.id, { ...body({ slug: 'renamed' }), version: created.version }, ADA)
    expect(w.repo.git('show', '--no-renames', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(['A\tcontent/blog/renamed.html', 'D\tcontent/blog/a-new-post.html'])
    const before = commits(w)
    const { committed } = await w.posts.update(created.id, { ...body({ slug: 'renamed' }), version: renamed.version }, ADA)
    expect(committed).toBe(false)
    expect(commits(w)).toBe(before)
  })

  it('restores an old version as a new commit on top, bringing its slug back', async () => {
    const w = await setUp()
    const { post: created } = await w.posts.create(body(), ADA)
    const first = w.repo.head()
    const { post: renamed } = await w.posts.update(created.id, { ...body({ slug: 'renamed', title: 'Renamed' }), version: created.version }, ADA)
    const { post: restored } = await w.posts.restore(created.id, { commit: first, version: renamed.version }, ADA)
    expect(restored).toMatchObject({ slug: 'a-new-post', title: 'A new post' })
    expect(w.repo.git('log', '-1', '--format=%s').trim()).toContain(`to ${first.slice(0, 7)}`)
    expect((await w.history.list(created.id)).length).toBe(3)
  })

  it('deletes with the version it was shown, and answers NotFound for an unknown id; bad input is InvalidInput', async () => {
    const w = await setUp()
    const { post: created } = await w.posts.create(body(), ADA)
    await expect(w.posts.remove(created.id, '"0000000000000000000000000000000000000000"', ADA)).rejects.toBeInstanceOf(ConflictError)
    await w.posts.remove(created.id, `"${created.version}"`, ADA)
    expect(() => w.posts.get(created.id)).toThrow(NotFoundError)
    await expect(w.posts.create(body({ title: '' }), ADA)).rejects.toBeInstanceOf(InvalidInputError)
    await expect(w.posts.create(body({ slug: '../escape' }), ADA)).rejects.toBeInstanceOf(InvalidInputError)
  })
})
