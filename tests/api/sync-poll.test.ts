import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { git } from '../support/git.ts'
import { createSyncSite, type SyncSite } from '../support/sync-site.ts'
import { waitFor } from '../support/wait-for.ts'

let s: SyncSite

beforeAll(async () => {
  s = await createSyncSite({ env: { GIT_SYNC_INTERVAL: '1' } })
})

afterAll(async () => {
  await s?.cleanup()
})

describe('polling the remote (GIT_SYNC_INTERVAL=1)', () => {
  it('brings a maintainer\'s pushed post, then an edit of it, to the API and its page, with no webhook call', async () => {
    await waitFor(async () => (await s.api.json<{ lastFetchAt: string | null }>('GET', '/api/admin/sync')).body.lastFetchAt !== null)
    const pushed = s.maintainerPush(
      { 'content/blog/polled-post.html': s.postFile({ id: 'polled0001', slug: 'polled-post', title: 'Polled post', body: 'Found by polling.' }) },
      'Add a post',
    )
    // Polling brings it: no webhook is called here. That a poll comes every interval is
    // SyncSchedule's rule, on fake timers: tests/unit/content-sync-schedule.test.ts.
    await waitFor(async () => (await fetch(new URL('/api/blog/posts/polled-post', s.server.url))).status === 200)
    await waitFor(() => git(s.site.repoDir, 'rev-parse', 'HEAD') === pushed)
    await waitFor(async () => (await (await fetch(new URL('/blog/polled-post', s.server.url))).text()).includes('Found by polling.'))

    // An edit, the same way.
    const file = 'content/blog/polled-post.html'
    s.maintainerPush({ [file]: s.postFile({ id: 'polled0001', slug: 'polled-post', title: 'Polled post, edited', body: 'Edited, found by polling.' }) }, 'Edit the post')
    await waitFor(async () => (await (await fetch(new URL('/blog/polled-post', s.server.url))).text()).includes('Edited, found by polling.'))
    expect(await (await fetch(new URL('/api/blog/posts/polled-post', s.server.url))).json()).toMatchObject({ title: 'Polled post, edited' })
  })
})
