/**
 * The rules of a save, on the AdminPosts service itself, built by the composition root (server/compose/), with
 * its dependencies passed in (a real repository, the posts read from it, their history), and no
 * HTTP server: what the API tests keep is the contract (status, headers, body shape).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
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
    const { committed, post: unchanged } = await w.posts.update(created.id, { ...body({ slug: 'renamed' }), version: renamed.version }, ADA)
    expect(committed).toBe(false)
    expect(unchanged.version).toBe(renamed.version)
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
    expect(w.repo.git('log', '-1', '--format=%s').trim()).toBe('blog: delete "A new post" (a-new-post)')
    expect(w.repo.git('show', '--name-status', '--format=', 'HEAD').trim()).toBe('D\tcontent/blog/a-new-post.html')
    expect(() => w.posts.get(created.id)).toThrow(NotFoundError)
    await expect(w.posts.create(body({ title: '' }), ADA)).rejects.toBeInstanceOf(InvalidInputError)
    await expect(w.posts.create(body({ slug: '../escape' }), ADA)).rejects.toBeInstanceOf(InvalidInputError)
  })

  describe('refuses input it cannot save, naming the field, and commits nothing', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['missing title', { title: undefined }, /^title is required$/],
      ['empty summary', { summary: '  ' }, /^summary is required$/],
      ['missing content', { content: undefined }, /^content is required$/],
      ['content with nothing safe', { content: '<script>alert(1)</script>' }, /^content has nothing left/],
      ['slug with capitals', { slug: 'Hello' }, /^slug must be lowercase/],
      ['slug with a path', { slug: '../../etc/passwd' }, /^slug must be lowercase/],
      ['slug of 101 characters', { slug: 'a'.repeat(101) }, /^slug must be at most 100 characters$/],
      ['title of 201 characters', { title: 't'.repeat(201) }, /^title must be at most 200 characters$/],
      ['summary of 501 characters', { summary: 's'.repeat(501) }, /^summary must be at most 500 characters$/],
      ['February 30th', { publishDate: '2025-02-30' }, /^publishDate must be a real date/],
      ['a date in another format', { publishDate: '01/02/2025' }, /^publishDate must be a real date/],
      ['isPublished as a string', { isPublished: 'true' }, /^isPublished must be true or false$/],
      ['title as a number', { title: 42 }, /^title must be a string$/],
      ['a javascript: image URL', { featuredImageUrl: 'javascript:alert(1)' }, /^featuredImageUrl must be empty/],
      ['a title with a NUL byte', { title: 'a\u0000b' }, /^title must be one line/],
    ]
    // One repository for all of them: none may change it.
    const shared: (() => Promise<void> | void)[] = []
    let w: World
    beforeAll(async () => {
      w = await createAdminServices(shared)
    })
    afterAll(async () => {
      for (const cleanup of shared.splice(0).reverse()) await cleanup()
    })
    for (const [name, fields, message] of cases) {
      it(name, async () => {
        const before = commits(w)
        const refused = await w.posts.create(body(fields), ADA).catch((error: unknown) => error)
        expect(refused).toBeInstanceOf(InvalidInputError)
        expect((refused as Error).message).toMatch(message)
        expect(commits(w)).toBe(before)
      })
    }
  })

  it('takes concurrent saves one at a time: 20 creates make 20 commits in a linear history', async () => {
    const w = await setUp()
    const before = commits(w)
    await Promise.all(Array.from({ length: 20 }, (_, i) => w.posts.create(body({ slug: `parallel-${i}`, title: `Parallel ${i}` }), ADA)))
    expect(commits(w)).toBe(before + 20)
    expect(w.repo.git('log', '--merges', '--format=%H').trim()).toBe('')
    expect(w.repo.git('log', '-20', '--format=%s').trim().split('\n').sort()).toEqual(Array.from({ length: 20 }, (_, i) => `blog: create "Parallel ${i}" (parallel-${i})`).sort())
    w.repo.git('fsck', '--full', '--strict')
  })

  it('lets exactly one of 20 concurrent edits from the same version through; the others are conflicts', async () => {
    const w = await setUp()
    const { post } = await w.posts.create(body({ slug: 'contended' }), ADA)
    const before = commits(w)
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => w.posts.update(post.id, { ...post, title: `Edit ${i}` }, ADA)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(refused).toHaveLength(19)
    for (const reason of refused) expect(reason).toBeInstanceOf(ConflictError)
    expect(commits(w)).toBe(before + 1)
    w.repo.git('fsck', '--full', '--strict')
  })
})
