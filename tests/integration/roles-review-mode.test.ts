/**
 * Roles in review mode (PUBLISH_MODE=review), on the services: an author's draft lives on its
 * review branch as every save there does, its "Submit for review" mark travels with it, the
 * list shows the mark from the branch's version, and an editor publishing it clears the mark.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ForbiddenError } from '../../server/lib/errors.ts'
import { createSyncedServices, syncRun } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const ALICE = { username: 'alice', role: 'author' as const }
const ED = { username: 'ed', role: 'editor' as const }
const body = (fields: Record<string, unknown> = {}) => ({ title: 'Alice writes', slug: 'alice-writes', summary: 'S.', content: '<p>A</p>', isPublished: false, ...fields })

describe('an author in review mode', () => {
  it('drafts on the review branch, submits it, and the editor publishing it clears the mark', async () => {
    const w = await createSyncedServices(cleanups, { posts: { 'live.html': postText({ slug: 'live', title: 'Live', body: 'Live.' }) }, review: true })
    await syncRun(w)
    const { post } = await w.posts.create(body(), ADA, ALICE)
    expect(post).toMatchObject({ author: 'alice', review: { state: 'in-review', branch: 'cms/alice-writes' } })
    await expect(w.posts.update(post.id, body({ isPublished: true }), ADA, ALICE)).rejects.toThrow(ForbiddenError)

    const submitted = (await w.posts.update(post.id, body({ inReview: true }), ADA, ALICE)).post
    expect(submitted.inReview).toBe(true)
    expect(w.repo.git('log', '-1', '--format=%s', 'cms/alice-writes').trim()).toBe('blog: submit for review "Alice writes" (alice-writes)')
    const listed = w.posts.list({ state: 'in-review' }).posts.find((card) => card.id === post.id)
    expect(listed).toMatchObject({ author: 'alice', inReview: true })

    // The live post, edited by an editor on its own branch: in review (a branch), not submitted by anyone.
    const live = w.posts.list().posts.find((card) => card.slug === 'live')!
    await w.posts.update(live.id, { ...body({ slug: 'live', title: 'Live, edited' }), isPublished: true }, ADA, ED)
    const liveCard = w.posts.list({ state: 'in-review' }).posts.find((card) => card.id === live.id)!
    expect(liveCard.review).toBeDefined()
    expect(liveCard).not.toHaveProperty('inReview')

    const published = (await w.posts.update(post.id, body({ isPublished: true }), ADA, ED)).post
    expect(published).not.toHaveProperty('inReview')
    expect(published.author).toBe('alice')
    expect(w.posts.get(post.id)).not.toHaveProperty('inReview')
  })
})
