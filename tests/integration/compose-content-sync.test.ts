/**
 * The content sync as the composition root builds it (server/compose/content-sync.ts): it hears
 * of each commit from the repository's announcement, so every service that commits (posts, tags,
 * media, redirects, the site's copy; a review branch in review mode) asks it for a run exactly
 * once per commit, and one that commits nothing never asks. The requests are recorded, not run:
 * what a run does is content-sync-service.test.ts's.
 */
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildSiteCopyServices } from '../../server/compose/admin.ts'
import { RedirectsSource } from '../../server/content/redirects-source.ts'
import { SiteSource } from '../../server/content/site-source.ts'
import type { RenderUrl } from '../../server/pages/render-page.ts'
import { Redirects } from '../../server/services/redirects/redirects.ts'
import type { SyncReason } from '../../server/services/sync/content-sync.ts'
import { createSyncedServices, type SyncedServices } from './admin-services.ts'
import { ADA, postText, recordingLogger } from './git-fixture.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const POSTS = { 'a.html': postText({ slug: 'a', title: 'A', body: 'A one', tags: 'News' }) }
const render: RenderUrl = async () => ({ status: 200, html: '', contentType: 'text/html', headers: [] })

/** The services, and every request the sync is asked for from now on (none is run). */
async function setUp(options: { review?: boolean } = {}) {
  const w = await createSyncedServices(cleanups, { posts: POSTS, review: options.review })
  const requests: SyncReason[] = []
  vi.spyOn(w.sync, 'request').mockImplementation((reason) => void requests.push(reason))
  return { w, requests }
}

/** The commits of every branch: the live one's and review branches'. */
const commitCount = (w: SyncedServices) => Number(w.repo.git('rev-list', '--count', '--all').trim())

/** Runs `step`, then checks it asked for one push per commit it made (`made`). */
async function expectOnePerCommit(w: SyncedServices, requests: SyncReason[], made: number, step: () => Promise<unknown>) {
  const commits = commitCount(w)
  const asked = requests.length
  await step()
  expect(commitCount(w) - commits).toBe(made)
  expect(requests.slice(asked)).toEqual(Array<SyncReason>(made).fill('save'))
}

describe('the content sync, told by the repository', () => {
  it('is asked once per commit, whichever service made it, and not for a save that changes nothing', async () => {
    const { w, requests } = await setUp()
    const contentDir = w.repo.file('content')
    const logger = recordingLogger()
    const siteSource = new SiteSource({ contentDir, shownAs: (file) => file, logger })
    await siteSource.load()
    const redirects = new Redirects({ source: new RedirectsSource({ contentDir, shownAs: 'content/redirects.yaml', logger }), repository: w.repository, index: w.content.index })
    const { siteCopy } = buildSiteCopyServices({ repository: w.repository, contentDir, source: siteSource, render })

    const body = { title: 'New', slug: 'new', summary: 'S.', content: '<p>New.</p>', isPublished: true }
    let post = (await w.posts.create(body, ADA)).post
    expect(requests).toEqual(['save'])
    await expectOnePerCommit(w, requests, 0, () => w.posts.update(post.id, { ...body, version: post.version }, ADA))
    await expectOnePerCommit(w, requests, 1, async () => (post = (await w.posts.update(post.id, { ...body, slug: 'moved', version: post.version }, ADA)).post))
    await expectOnePerCommit(w, requests, 1, () => w.tags.rename({ from: 'News', to: 'Updates' }, ADA))
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } }).png().toBuffer()
    let image = ''
    await expectOnePerCommit(w, requests, 1, async () => (image = (await w.media.upload({ bytes: png, filename: 'dot.png', alt: '', author: ADA })).item.id))
    await expectOnePerCommit(w, requests, 0, () => w.media.upload({ bytes: png, filename: 'again.png', alt: '', author: ADA }))
    await expectOnePerCommit(w, requests, 1, () => w.media.remove(image, ADA))
    await expectOnePerCommit(w, requests, 1, () => redirects.add({ from: '/old', to: '/blog/moved' }, ADA))
    await expectOnePerCommit(w, requests, 1, () => redirects.remove('/old', ADA))
    const pricing = siteCopy.get('pricing')
    await expectOnePerCommit(w, requests, 1, () => siteCopy.save('pricing', { values: { ...pricing.values, title: 'Plans' }, version: pricing.version }, ADA))
    await expectOnePerCommit(w, requests, 1, () => w.posts.remove(post.id, post.version, ADA))
  })

  it('in review mode, is asked once per commit on a review branch, the live branch untouched', async () => {
    const { w, requests } = await setUp({ review: true })
    const live = w.repo.head()
    const body = { title: 'In review', slug: 'in-review', summary: 'S.', content: '<p>R.</p>' }
    let post = (await w.posts.create(body, ADA)).post
    expect(requests).toEqual(['save'])
    await expectOnePerCommit(w, requests, 1, async () => (post = (await w.posts.update(post.id, { ...body, title: 'Reviewed', version: post.version }, ADA)).post))
    await expectOnePerCommit(w, requests, 0, () => w.posts.update(post.id, { ...body, title: 'Reviewed', version: post.version }, ADA))
    expect(w.repo.head()).toBe(live)
  })
})
