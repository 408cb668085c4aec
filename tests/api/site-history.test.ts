/**
 * The site copy's preview and past through the admin API: a page rendered from unsaved values
 * (as a post's preview: the real page, nothing that runs, nothing written), refused values
 * (400 naming the field), a file's history, one version beside the current values, a restore
 * (one commit, live), a stale restore (409), and an old version today's schema refuses (409
 * naming the field).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteFileWire, SiteHistoryEntry, SiteVersionWire } from '../../core/contract/index.ts'
import { siteFileOf } from '../../server/content/site-source.ts'
import { ApiClient, commitCount } from '../support/admin-client.ts'
import { writeSiteFiles } from '../support/fixtures.ts'
import { commitAsMaintainer, git } from '../support/git.ts'
import { signedInServer, type SignedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'

let running: SignedInServer
const api = () => running.api
const repo = () => running.site.repoDir
const page = async (pathname: string) => (await fetch(new URL(pathname, running.server.url))).text()
const pricing = async () => (await api().json<SiteFileWire<'pricing'>>('GET', '/api/admin/site/pages/pricing')).body
const head = () => git(repo(), 'rev-parse', 'HEAD')

async function preview(name: string, body: unknown, client = api()) {
  const response = await client.request('POST', `/api/admin/site/pages/${name}/preview`, { json: body })
  return { response, html: await response.text() }
}

/** The commit where the pricing file had a field name today's schema does not know. */
let oldSchemaCommit: string
/** The first valid commit of pricing.yaml. */
let firstCommit: string

beforeAll(async () => {
  running = await signedInServer({
    prepare: async (site) => {
      await writeSiteFiles(site.contentDir)
      const file = siteFileOf(site.contentDir, 'pricing')
      const valid = await readFile(file, 'utf8')
      // A version of an older schema first (a key it had then), then today's.
      await writeFile(file, `${valid}retiredField: gone\n`)
      commitAsMaintainer(site.repoDir, 'The site copy, an older schema', 'content/site')
      oldSchemaCommit = git(site.repoDir, 'rev-parse', 'HEAD')
      await writeFile(file, valid)
      commitAsMaintainer(site.repoDir, 'The site copy', 'content/site')
      firstCommit = git(site.repoDir, 'rev-parse', 'HEAD')
    },
  })
})
afterAll(() => running?.close())

describe('POST /api/admin/site/pages/:name/preview', () => {
  it('renders the real page with the unsaved values, runs nothing, and writes nothing', async () => {
    const values = structuredClone((await pricing()).values)
    values.plans[1]!.annualPrice.amount = 7.77
    values.title = 'Preview-only plans'
    const commits = commitCount(repo())
    const { response, html } = await preview('pricing', { values })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
    expect(html).toContain('<h1>Preview-only plans</h1>')
    expect(html).toContain('<span class="plan__amount">$7.77</span>')
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).not.toMatch(/<script/i)
    // Nothing saved: the live page and the repository are as they were.
    expect(await page('/pricing')).not.toContain('Preview-only plans')
    expect(commitCount(repo())).toBe(commits)
  })

  it('previews what every page shares on the landing page, and the not-found lines on a 404 page', async () => {
    const shared = (await api().json<SiteFileWire<'shared'>>('GET', '/api/admin/site/pages/shared')).body
    const values = structuredClone(shared.values)
    values.footer.updated = 'Footer line only in a preview'
    const landing = await preview('shared', { values })
    expect(landing.response.status).toBe(200)
    expect(landing.html).toContain('<p>Footer line only in a preview</p>')
    expect(landing.html).toContain('class="hero')
    const notFound = (await api().json<SiteFileWire<'not-found'>>('GET', '/api/admin/site/pages/not-found')).body
    const lines = structuredClone(notFound.values)
    lines.lines = ['The one line of this preview']
    const { response, html } = await preview('not-found', { values: lines })
    expect(response.status).toBe(200)
    expect(html).toContain('The one line of this preview')
  })

  it('refuses values its schema refuses with 400 naming each field, as a save does; only for an admin', async () => {
    const values = structuredClone((await pricing()).values) as any
    values.plans[1].annualPrice.amount = -1
    const { response, html } = await preview('pricing', { values })
    expect(response.status).toBe(400)
    expect(html).toBe('plans.1.annualPrice.amount: must not be negative')
    expect((await preview('pricing', [])).response.status).toBe(400)
    expect((await preview('nope', { values })).response.status).toBe(404)
    expect((await preview('pricing', { values: (await pricing()).values }, new ApiClient(running.server.url))).response.status).toBe(401)
  })
})

describe('history, compare and restore', () => {
  let savedCommit: string

  it('lists the commits that changed a file, newest first, with who, when and what', async () => {
    const current = await pricing()
    const values = structuredClone(current.values)
    values.plans[1]!.annualPrice.amount = 1.99
    expect((await api().json('PUT', '/api/admin/site/pages/pricing', { values, version: current.version })).status).toBe(200)
    savedCommit = head()
    const { status, body } = await api().json<SiteHistoryEntry[]>('GET', '/api/admin/site/pages/pricing/history')
    expect(status).toBe(200)
    expect(body.map((entry) => [entry.id, entry.message])).toEqual([
      [savedCommit, 'site: pricing — Premium annual price'],
      [firstCommit, 'The site copy'],
      [oldSchemaCommit, 'The site copy, an older schema'],
    ])
    expect(body[0]!.author).toEqual({ name: TEST_ADMIN.displayName, email: `${TEST_ADMIN.username}@watchio.example` })
    expect(Date.parse(body[0]!.date)).not.toBeNaN()
    expect((await api().json('GET', '/api/admin/site/pages/nope/history')).status).toBe(404)
    expect((await new ApiClient(running.server.url).json('GET', '/api/admin/site/pages/pricing/history')).status).toBe(401)
  })

  it('shows a past version and which fields differ from the current values, old → new', async () => {
    const { status, body } = await api().json<SiteVersionWire<'pricing'>>('GET', `/api/admin/site/pages/pricing/history/${firstCommit}`)
    expect(status).toBe(200)
    expect(body.values!.plans[1]!.annualPrice.amount).toBe(2.49)
    expect(body.version).toBe(git(repo(), 'rev-parse', `${firstCommit}:content/site/pricing.yaml`))
    expect(body.changes).toEqual([{ path: 'plans.1.annualPrice', label: 'Premium annual price', before: '2.49 USD', after: '1.99 USD' }])
    const old = (await api().json<SiteVersionWire<'pricing'>>('GET', `/api/admin/site/pages/pricing/history/${oldSchemaCommit}`)).body
    expect(old.values).toBeNull()
    expect(old.problems).toEqual([{ path: '', line: expect.any(Number), reason: 'unknown field "retiredField"' }])
    expect((await api().json('GET', `/api/admin/site/pages/pricing/history/${'0'.repeat(40)}`)).status).toBe(404)
    expect((await api().json('GET', '/api/admin/site/pages/pricing/history/abc')).status).toBe(400)
  })

  it('restores a version in one commit by the admin, live in the answer', async () => {
    const current = await pricing()
    const { status, body, response } = await api().json<SiteFileWire<'pricing'>>('POST', '/api/admin/site/pages/pricing/restore', { commit: firstCommit, version: current.version })
    expect(status).toBe(200)
    expect(body.values.plans[1]!.annualPrice.amount).toBe(2.49)
    expect(body.version).toBe(git(repo(), 'rev-parse', `${firstCommit}:content/site/pricing.yaml`))
    expect(response.headers.get('etag')).toBe(`"${body.version}"`)
    expect(git(repo(), 'log', '-1', '--format=%s|%an')).toBe(`site: pricing — restored from ${firstCommit.slice(0, 7)}|${TEST_ADMIN.displayName}`)
    expect(git(repo(), 'show', '--name-only', '--format=', 'HEAD')).toBe('content/site/pricing.yaml')
    expect(await page('/pricing')).toContain('<span class="plan__amount">$2.49</span>')
  })

  it('refuses a stale restore with 409 naming what changed, and an old version today’s schema refuses with 409 naming its field', async () => {
    const commits = commitCount(repo())
    const stale = await api().json<string>('POST', '/api/admin/site/pages/pricing/restore', { commit: savedCommit, version: git(repo(), 'rev-parse', `${savedCommit}:content/site/pricing.yaml`) })
    expect(stale.status).toBe(409)
    expect(stale.body).toBe('This page’s copy changed since you opened it (Premium annual price): load it again')
    const { version } = await pricing()
    const invalid = await api().json<string>('POST', '/api/admin/site/pages/pricing/restore', { commit: oldSchemaCommit, version })
    expect(invalid.status).toBe(409)
    expect(invalid.body).toBe(`The version of ${oldSchemaCommit.slice(0, 7)} does not match what pricing.yaml must hold today (the file: unknown field "retiredField"): it cannot be restored; choose a later version`)
    expect((await api().json('POST', '/api/admin/site/pages/pricing/restore', { commit: 'HEAD', version })).status).toBe(400)
    expect(commitCount(repo())).toBe(commits)
    expect(await page('/pricing')).toContain('<span class="plan__amount">$2.49</span>')
  })
})
