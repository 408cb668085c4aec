/**
 * The site copy in PUBLISH_MODE=review, as posts' reviews (tests/api/sync-review.test.ts): a
 * page's save is a commit on its own branch (`cms/site.<name>`), pushed for a pull request, the
 * live site and branch untouched; the admin reads its edit awaiting review; later saves and a
 * restore go on the same branch, a stale one is a 409; a merge on the remote makes it live and
 * the branch goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteFileSummary, SiteFileWire, SiteHistoryEntry } from '../../core/contract/index.ts'
import type { SyncStatus } from '../../server/services/sync/content-sync-status.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { serializeSiteFile } from '../../server/content/site-file.ts'
import { git } from '../support/git.ts'
import { createSyncSite, type SyncSite } from '../support/sync-site.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

let s: SyncSite
let liveHead: string

beforeAll(async () => {
  s = await createSyncSite({ env: { PUBLISH_MODE: 'review', GIT_SYNC_INTERVAL: '0' } })
  await waitFor(async () => (await s.api.json<SyncStatus>('GET', '/api/admin/sync')).body.lastFetchAt !== null)
  // The pricing file as a maintainer brings it: the live version a review starts from.
  s.maintainerPush({ 'content/site/pricing.yaml': serializeSiteFile('pricing', SITE_DEFAULTS.pricing) }, 'The pricing copy')
  expect((await s.webhook()).status).toBe(202)
  await waitFor(async () => (await pricing()).version !== null)
  liveHead = git(s.site.repoDir, 'rev-parse', 'HEAD')
})

afterAll(async () => {
  await s?.cleanup()
})

const BRANCH = 'cms/site.pricing'
const page = async (pathname: string) => (await fetch(new URL(pathname, s.server.url))).text()
const pricing = async () => (await s.api.json<SiteFileWire<'pricing'>>('GET', '/api/admin/site/pages/pricing')).body
const remoteBranch = (name: string) => {
  try {
    return s.bare('rev-parse', '--verify', '-q', `refs/heads/${name}`)
  } catch {
    return null
  }
}
const localBranches = () => git(s.site.repoDir, 'branch', '--list', 'cms/*', '--format=%(refname:short)').split('\n').filter(Boolean)

describe('PUBLISH_MODE=review for the site copy', () => {
  let first: SiteFileWire<'pricing'>

  it('puts a page’s save on its own branch, pushed, and not on the live site', async () => {
    const live = await pricing()
    expect(live.review).toBeUndefined()
    const values = structuredClone(live.values)
    values.plans[1]!.annualPrice.amount = 1.99
    const { status, body } = await s.api.json<SiteFileWire<'pricing'>>('PUT', '/api/admin/site/pages/pricing', { values, version: live.version })
    expect(status).toBe(200)
    first = body
    expect(body.review).toEqual({ state: 'in-review', branch: BRANCH })
    expect(body.values.plans[1]!.annualPrice.amount).toBe(1.99)
    expect(body.version).toBe(git(s.site.repoDir, 'rev-parse', `${BRANCH}:content/site/pricing.yaml`))
    // The live branch, the work tree and the page are untouched.
    expect(git(s.site.repoDir, 'rev-parse', 'HEAD')).toBe(liveHead)
    expect(git(s.site.repoDir, 'status', '--porcelain')).toBe('')
    expect(await page('/pricing')).not.toContain('$1.99')
    // The branch is on the remote: one commit on the live branch, by the admin, holding that file.
    const pushed = await waitFor(() => remoteBranch(BRANCH))
    expect(s.bare('log', '-1', '--format=%an|%s|%P', pushed)).toBe(`${TEST_ADMIN.displayName}|site: pricing — Premium annual price|${liveHead}`)
    expect(s.bare('show', '--name-only', '--format=', pushed)).toBe('content/site/pricing.yaml')
    // The admin reads the edit awaiting review.
    expect(await pricing()).toMatchObject({ version: body.version, review: { state: 'in-review', branch: BRANCH } })
    expect((await s.api.json<SiteFileWire<'landing'>>('GET', '/api/admin/site/pages/landing')).body.review).toBeUndefined()
    // The list says which files await review, as the posts' list does.
    const list = (await s.api.json<SiteFileSummary[]>('GET', '/api/admin/site/pages')).body
    expect(list.filter((file) => file.review).map((file) => [file.name, file.review!.branch, file.version])).toEqual([['pricing', BRANCH, body.version]])
  })

  it('adds later saves and a restore to the same branch; a stale version is a 409', async () => {
    const values = structuredClone(first.values)
    values.title = 'Plans, proposed'
    const second = await s.api.json<SiteFileWire<'pricing'>>('PUT', '/api/admin/site/pages/pricing', { values, version: first.version })
    expect(second.status).toBe(200)
    expect(second.body.values.title).toBe('Plans, proposed')
    const stale = await s.api.json<string>('PUT', '/api/admin/site/pages/pricing', { values, version: first.version })
    expect(stale.status).toBe(409)
    expect(stale.body).toBe('This page’s copy changed since you opened it (Title): load it again')
    expect(git(s.site.repoDir, 'log', '--format=%s', `HEAD..${BRANCH}`).split('\n')).toEqual(['site: pricing — Title', 'site: pricing — Premium annual price'])
    // A restore goes on the branch too: of the live version, it leaves the review nothing to propose.
    const [liveCommit] = (await s.api.json<SiteHistoryEntry[]>('GET', '/api/admin/site/pages/pricing/history')).body
    expect(liveCommit!.message).toBe('The pricing copy')
    const restored = await s.api.json<SiteFileWire<'pricing'>>('POST', '/api/admin/site/pages/pricing/restore', { commit: liveCommit!.id, version: second.body.version })
    expect(restored.status).toBe(200)
    expect(restored.body.review).toBeUndefined()
    expect(restored.body.version).toBe(git(s.site.repoDir, 'rev-parse', 'HEAD:content/site/pricing.yaml'))
    expect(git(s.site.repoDir, 'rev-parse', 'HEAD')).toBe(liveHead)
    // A new proposal, for the merge below.
    const again = structuredClone(restored.body.values)
    again.plans[1]!.annualPrice.amount = 1.99
    const proposed = await s.api.json<SiteFileWire<'pricing'>>('PUT', '/api/admin/site/pages/pricing', { values: again, version: restored.body.version })
    expect(proposed.status).toBe(200)
    expect(proposed.body.review).toEqual({ state: 'in-review', branch: BRANCH })
    expect(git(s.site.repoDir, 'log', '-1', '--format=%s', BRANCH)).toBe('site: pricing — Premium annual price')
  })

  it('makes the page live once a maintainer merges its branch; the branch and the review go', async () => {
    await waitFor(() => remoteBranch(BRANCH) === git(s.site.repoDir, 'rev-parse', BRANCH))
    s.maintainer('fetch', '-q', 'origin')
    s.maintainer('merge', '-q', '--no-ff', '-m', `Merge pull request #1 from ${BRANCH}`, `origin/${BRANCH}`)
    s.maintainer('push', '-q', 'origin', 'main')
    expect((await s.webhook()).status).toBe(202)
    await waitFor(async () => (await page('/pricing')).includes('<span class="plan__amount">$1.99</span>'))
    await waitFor(async () => (await pricing()).review === undefined)
    expect(localBranches()).toEqual([])
    // Said once the remote's copy of the branch is forgotten too, a moment after the branch went.
    await waitFor(() => s.logs.includes(`info: Review merged, now live: ${BRANCH}`))
  })
})
