import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../server/services/sync/content-sync-status.ts'
import { newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { createSyncSite, type SyncSite } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

/*
 * Review mode over HTTP: what a save answers, what the live site and the admin list show, the
 * sync status's review branches, a merge on the remote (the webhook) making the post live. The
 * reviews' rules (later saves on the same branch, a squash merge, a new review after a merge, an
 * image a review uses) are tested on the services in tests/integration/post-reviews-service.test.ts.
 */

type AdminPost = Record<string, unknown> & {
  id: string
  slug: string
  version: string
  title: string
  review?: { state: string; branch: string; deleted?: true }
}

let s: SyncSite
let liveHead: string

beforeAll(async () => {
  s = await createSyncSite({ env: { PUBLISH_MODE: 'review', GIT_SYNC_INTERVAL: '0' } })
  await waitFor(async () => (await s.api.json<SyncStatus>('GET', '/api/admin/sync')).body.lastFetchAt !== null)
  liveHead = git(s.site.repoDir, 'rev-parse', 'HEAD')
})

afterAll(async () => {
  await s?.cleanup()
})

const publicStatus = async (urlPath: string) => (await fetch(new URL(urlPath, s.server.url))).status
const remoteBranch = (name: string) => {
  try {
    return s.bare('rev-parse', '--verify', '-q', `refs/heads/${name}`)
  } catch {
    return null
  }
}
const localBranches = () => git(s.site.repoDir, 'branch', '--list', 'cms/*', '--format=%(refname:short)').split('\n').filter(Boolean)
async function listed(slug: string): Promise<AdminPost | undefined> {
  return (await s.api.json<AdminPost[]>('GET', '/api/admin/blog/posts')).body.find((post) => post.slug === slug)
}

describe('PUBLISH_MODE=review', () => {
  let created: AdminPost

  it('puts a new post on its own branch cms/<slug>, pushed to the remote, and not on the live site', async () => {
    const { status, body } = await s.api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'review-me', title: 'Review me', isPublished: true }))
    expect(status).toBe(201)
    created = body
    expect(body.review).toEqual({ state: 'in-review', branch: 'cms/review-me' })
    // The live site and its branch are untouched.
    expect(git(s.site.repoDir, 'rev-parse', 'HEAD')).toBe(liveHead)
    expect(existsSync(path.join(s.site.blogDir, 'review-me.html'))).toBe(false)
    expect(git(s.site.repoDir, 'status', '--porcelain')).toBe('')
    expect(await publicStatus('/api/blog/posts/review-me')).toBe(404)
    expect(await publicStatus('/blog/review-me')).toBe(404)
    // The review branch is on the remote, one commit on top of the live branch, by the admin.
    const pushed = await waitFor(() => remoteBranch('cms/review-me'))
    expect(s.bare('log', '-1', '--format=%an|%s|%P', pushed)).toBe(`${TEST_ADMIN.displayName}|blog: create "Review me" (review-me)|${liveHead}`)
    expect(s.bare('show', '--name-status', '--format=', pushed)).toBe('A\tcontent/blog/review-me.html')
    expect(s.bare('rev-parse', 'main')).toBe(liveHead)
    // The admin side shows it, in review; the list's "In review" filter has it, and only it.
    expect((await listed('review-me'))?.review).toEqual({ state: 'in-review', branch: 'cms/review-me' })
    const inReview = await s.api.json<AdminPost[]>('GET', '/api/admin/blog/posts?state=in-review')
    expect(inReview.body.map((post) => post.slug)).toEqual(['review-me'])
    expect(inReview.response.headers.get('x-total-count')).toBe('1')
  })

  it('adds the next saves of that post to the same branch, and edits of a live post go to review too', async () => {
    const { status, body } = await s.api.json<AdminPost>('PUT', `/api/admin/blog/posts/${created.id}`, { ...created, title: 'Review me, revised' })
    expect(status).toBe(200)
    expect(body.title).toBe('Review me, revised')
    await waitFor(() => remoteBranch('cms/review-me') === git(s.site.repoDir, 'rev-parse', 'cms/review-me'))
    expect(s.bare('log', '--format=%s', 'main..cms/review-me').split('\n')).toEqual([
      'blog: update "Review me, revised" (review-me)',
      'blog: create "Review me" (review-me)',
    ])
    // A stale version is still a 409: the review's version is the current one.
    expect((await s.api.json('PUT', `/api/admin/blog/posts/${created.id}`, { ...created, title: 'Lost' })).status).toBe(409)
    created = body

    const faq = (await s.api.postBySlug<AdminPost>('watchio-faq'))!
    const edit = await s.api.json<AdminPost>('PUT', `/api/admin/blog/posts/${faq.id}`, { ...faq, title: 'FAQ, proposed' })
    expect(edit.status).toBe(200)
    expect((await s.api.json<AdminPost>('GET', `/api/admin/blog/posts/${faq.id}`)).body).toMatchObject({
      title: 'FAQ, proposed',
      review: { state: 'in-review', branch: 'cms/watchio-faq' },
    })
    expect(await (await fetch(new URL('/blog/watchio-faq', s.server.url))).text()).not.toContain('FAQ, proposed')
    await waitFor(() => remoteBranch('cms/watchio-faq') !== null)
    // The site records the push once the remote has answered it: a moment after the remote has it.
    const reviews = await waitFor(async () => {
      const { body } = await s.api.json<SyncStatus>('GET', '/api/admin/sync')
      return body.reviews?.every((review) => review.pushed) && body.reviews
    })
    expect(reviews.map((review) => [review.branch, review.pushed]).sort()).toEqual([
      ['cms/review-me', true],
      ['cms/watchio-faq', true],
    ])
    expect(git(s.site.repoDir, 'rev-parse', 'HEAD')).toBe(liveHead)
  })

  it('makes a post live once a maintainer merges its branch and pushes; the badge and the branch go', async () => {
    s.maintainer('fetch', '-q', 'origin')
    s.maintainer('merge', '-q', '--no-ff', '-m', 'Merge pull request #1 from cms/review-me', 'origin/cms/review-me')
    s.maintainer('push', '-q', 'origin', 'main')
    expect((await s.webhook()).status).toBe(202)
    await waitFor(async () => (await publicStatus('/api/blog/posts/review-me')) === 200)
    await waitFor(async () => (await (await fetch(new URL('/blog/review-me', s.server.url))).text()).includes('Review me, revised'))
    await waitFor(async () => (await listed('review-me'))?.review === undefined)
    expect(localBranches()).toEqual(['cms/watchio-faq'])
    expect((await listed('watchio-faq'))?.review?.branch).toBe('cms/watchio-faq')
    // Said once the remote's copy of the branch is forgotten too, a moment after the branch went.
    await waitFor(() => s.logs.includes('info: Review merged, now live: cms/review-me'))
  })
})
