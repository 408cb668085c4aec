/**
 * PUBLISH_MODE=review on the services themselves, built by the composition root (server/compose/)
 * (admin-services.ts: PostReviews over the repository's side branches, AdminPosts saving to them,
 * ContentSync pushing them to a real `git http-backend` remote and settling them once merged),
 * without HTTP: the API test (tests/api/sync-review.test.ts) keeps what an admin and a visitor see.
 */
import { existsSync } from 'node:fs'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { ConflictError } from '../../server/lib/errors.ts'
import { waitFor } from '../support/wait-for.ts'
import { createSyncedServices, type SyncedServices, syncRun } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'

type World = SyncedServices & { reviews: NonNullable<SyncedServices['review']>['reviews'] }

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A site in review mode, synced once (as at start), with two live posts. */
async function setUp(): Promise<World> {
  const posts = { 'faq.html': postText({ slug: 'faq', title: 'FAQ', body: 'Questions.' }), 'live.html': postText({ slug: 'live', title: 'Live', body: 'Live.' }) }
  const w = await createSyncedServices(cleanups, { posts, review: true })
  await syncRun(w)
  return { ...w, reviews: w.review!.reviews }
}

const body = (fields: Record<string, unknown> = {}) => ({ title: 'Review me', slug: 'review-me', summary: 'S.', content: '<p>R</p>', isPublished: true, ...fields })
const branchHead = (w: World, name: string) => w.repo.git('rev-parse', name).trim()
const remoteBranch = (w: World, name: string) => {
  try {
    return w.remote.bare('rev-parse', '--verify', '-q', `refs/heads/${name}`)
  } catch {
    return null
  }
}
const localBranches = (w: World) => w.repo.git('branch', '--list', 'cms/*', '--format=%(refname:short)').trim().split('\n').filter(Boolean)
/** A maintainer merges the review branch on the remote (`--no-ff` or `--squash`) and pushes; the sync pulls it. */
async function mergeOnRemote(w: World, branch: string, how: 'merge' | 'squash'): Promise<void> {
  await waitFor(() => remoteBranch(w, branch) === branchHead(w, branch))
  w.remote.maintainer('fetch', '-q', 'origin')
  w.remote.maintainer('pull', '-q', '--ff-only', 'origin', 'main')
  if (how === 'merge') w.remote.maintainer('merge', '-q', '--no-ff', '-m', `Merge pull request from ${branch}`, `origin/${branch}`)
  else {
    w.remote.maintainer('merge', '-q', '--squash', `origin/${branch}`)
    w.remote.maintainer('commit', '-q', '-m', `${branch} (#2)`)
  }
  w.remote.maintainer('push', '-q', 'origin', 'main')
  await syncRun(w)
}

describe('PostReviews', () => {
  it('puts a new post on its own branch cms/<slug>, one commit on the live branch by the admin, leaving the live site as it is', async () => {
    const w = await setUp()
    const live = w.repo.head()
    const { post, committed } = await w.posts.create(body(), ADA)
    expect(committed).toBe(true)
    expect(post.review).toEqual({ state: 'in-review', branch: 'cms/review-me' })
    // The live branch, its files and the index are untouched.
    expect(w.repo.head()).toBe(live)
    expect(existsSync(w.repo.file('content/blog/review-me.html'))).toBe(false)
    expect(w.repo.git('status', '--porcelain')).toBe('')
    expect(w.content.index.byId(post.id)).toBeUndefined()
    const head = branchHead(w, 'cms/review-me')
    expect(w.repo.git('log', '-1', '--format=%an|%s|%P', head).trim()).toBe(`${ADA.name}|blog: create "Review me" (review-me)|${live}`)
    expect(w.repo.git('show', '--name-status', '--format=', head).trim()).toBe('A\tcontent/blog/review-me.html')
    // The reviews know it, with its version on the branch; the admin side shows it, in review.
    expect(w.reviews.get(post.id)).toMatchObject({ branch: 'cms/review-me', commit: head, liveSlug: null, post: { slug: 'review-me', version: post.version } })
    expect(w.posts.get(post.id)).toMatchObject({ title: 'Review me', review: { state: 'in-review', branch: 'cms/review-me' } })
    expect(w.posts.list({ state: 'in-review' })).toMatchObject({ total: 1, posts: [{ slug: 'review-me', review: { branch: 'cms/review-me' } }] })
    // Pushed for a pull request, the remote's live branch unmoved.
    await waitFor(() => remoteBranch(w, 'cms/review-me') === head)
    expect(w.remote.bare('rev-parse', 'main')).toBe(live)
  })

  it('adds the next saves of a post to its branch; an edit of a live post goes to cms/<its slug>; a stale version is refused', async () => {
    const w = await setUp()
    const { post: created } = await w.posts.create(body(), ADA)
    const { post: revised } = await w.posts.update(created.id, { ...created, title: 'Review me, revised' }, ADA)
    expect(w.repo.git('log', '--format=%s', 'main..cms/review-me').trim().split('\n')).toEqual(['blog: update "Review me, revised" (review-me)', 'blog: create "Review me" (review-me)'])
    expect(revised.review).toEqual({ state: 'in-review', branch: 'cms/review-me' })
    // The review's version is the current one.
    await expect(w.posts.update(created.id, { ...created, title: 'Lost' }, ADA)).rejects.toBeInstanceOf(ConflictError)

    const faq = w.posts.get(w.content.index.bySlugAny('faq')!.id)
    await w.posts.update(faq.id, { ...faq, title: 'FAQ, proposed' }, ADA)
    expect(w.posts.get(faq.id)).toMatchObject({ title: 'FAQ, proposed', review: { state: 'in-review', branch: 'cms/faq' } })
    expect(w.reviews.get(faq.id)?.liveSlug).toBe('faq')
    expect(w.content.index.get('faq')?.title).toBe('FAQ')
    // Both branches reach the remote; the sync's status says so once the remote has answered.
    const reviews = await waitFor(async () => {
      const status = await w.sync.status()
      return status.reviews?.length === 2 && status.reviews.every((review) => review.pushed) && status.reviews
    })
    expect(reviews.map((review) => review.branch).sort()).toEqual(['cms/faq', 'cms/review-me'])
  })

  it('keeps a slug a review uses, and shows a deletion in review while the post stays live', async () => {
    const w = await setUp()
    await w.posts.create(body(), ADA)
    await expect(w.posts.create(body({ title: 'Another' }), ADA)).rejects.toThrow(/slug "review-me" is already used/)
    const live = w.posts.get(w.content.index.bySlugAny('live')!.id)
    await w.posts.remove(live.id, `"${live.version}"`, ADA)
    expect(w.posts.get(live.id).review).toEqual({ state: 'in-review', branch: 'cms/live', deleted: true })
    expect(w.content.index.get('live')?.title).toBe('Live')
    expect(existsSync(w.repo.file('content/blog/live.html'))).toBe(true)
  })

  it('makes a post live once its branch is merged on the remote and pulled: the review and its branch go', async () => {
    const w = await setUp()
    const { post } = await w.posts.create(body(), ADA)
    await w.posts.update(post.id, { ...w.posts.get(post.id), title: 'Review me, revised' }, ADA)
    const faq = w.posts.get(w.content.index.bySlugAny('faq')!.id)
    await w.posts.update(faq.id, { ...faq, title: 'FAQ, proposed' }, ADA)
    await mergeOnRemote(w, 'cms/review-me', 'merge')
    expect(w.content.index.get('review-me')?.title).toBe('Review me, revised')
    expect(w.reviews.get(post.id)).toBeUndefined()
    expect(w.posts.get(post.id).review).toBeUndefined()
    expect(localBranches(w)).toEqual(['cms/faq'])
    expect(w.posts.get(faq.id).review?.branch).toBe('cms/faq')
    expect(w.logger.lines).toContain('info: Review merged, now live: cms/review-me')

    // A squash merge (a new commit with the branch's changes) is recognised too.
    await mergeOnRemote(w, 'cms/faq', 'squash')
    expect(w.content.index.get('faq')?.title).toBe('FAQ, proposed')
    expect(w.posts.get(faq.id).review).toBeUndefined()
    expect(localBranches(w)).toEqual([])
  })

  it('starts a new review on the same branch name after a merge, and the remote branch advances', async () => {
    const w = await setUp()
    const { post } = await w.posts.create(body(), ADA)
    await mergeOnRemote(w, 'cms/review-me', 'merge')
    await w.posts.update(post.id, { ...w.posts.get(post.id), title: 'Review me, again' }, ADA)
    await waitFor(() => remoteBranch(w, 'cms/review-me') === branchHead(w, 'cms/review-me'))
    expect(w.remote.bare('log', '-1', '--format=%s', 'cms/review-me')).toBe('blog: update "Review me, again" (review-me)')
    expect((await w.sync.status()).lastError).toBeNull()
    expect(w.content.index.get('review-me')?.title).toBe('Review me')
  })

  it('uploads images to the live branch, and counts a post under review that uses one as a use', async () => {
    const w = await setUp()
    const image = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#36c' } }).png().toBuffer()
    const { item } = await w.media.upload({ bytes: image, filename: 'reviewed.png', alt: '', author: ADA })
    expect(w.repo.git('show', '--name-only', '--format=%s', 'HEAD').trim()).toBe(`media: add ${item.url.slice('/media/'.length)}\n\ncontent${item.url}`)
    await w.posts.create(body({ slug: 'review-photo', title: 'Review photo', content: `<p><img src="${item.url}" alt="A photo"></p>` }), ADA)
    // Only on its review branch: the live posts do not use the image, the review does.
    await expect(w.media.remove(item.id, ADA)).rejects.toThrow(/"Review photo" \(review-photo\)/)
  })
})
