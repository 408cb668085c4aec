/**
 * The site's copy through the admin API (content/site/): the files and their state, one file's
 * values and version, a save (one commit by the admin, only the changed value's line written,
 * the page live in the answer), its refusals (400 naming the field, 409 naming what changed
 * since), and a maintainer's broken hand edit: reported with its field, while the page keeps the
 * last valid version from history, after a restart too; a file never valid serves the built-in copy.
 */
import { readFile, stat, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteFileSummary, SiteFileWire } from '../../core/contract/index.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { siteFileOf } from '../../server/content/site-source.ts'
import { ApiClient } from '../support/admin-client.ts'
import { writeSiteFiles } from '../support/fixtures.ts'
import { commitAsMaintainer, git } from '../support/git.ts'
import { signedInServer, type SignedInServer } from '../support/signed-in-server.ts'
import { TEST_ADMIN } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

let running: SignedInServer
const api = () => running.api
const pricingFile = () => siteFileOf(running.site.contentDir, 'pricing')
const page = async (pathname: string) => (await fetch(new URL(pathname, running.server.url))).text()
const pricing = async () => (await api().json<SiteFileWire<'pricing'>>('GET', '/api/admin/site/pages/pricing')).body

/** A maintainer's commit of a site file, as a merged pull request brings it. */
function commitByHand(file: string, text: string, message: string): Promise<void> {
  return writeFile(file, text).then(() => {
    commitAsMaintainer(running.site.repoDir, message, 'content/site')
  })
}

beforeAll(async () => {
  running = await signedInServer({
    prepare: async (site) => {
      // Every file as the built-in copy writes it, but the announcement broken from its first commit.
      await writeSiteFiles(site.contentDir)
      const announcement = siteFileOf(site.contentDir, 'announcement')
      await writeFile(announcement, (await readFile(announcement, 'utf8')).replace('title: Meet Watchio', "title: ''"))
      commitAsMaintainer(site.repoDir, 'The site copy', 'content/site')
    },
  })
})
afterAll(() => running?.close())

describe('reading the site copy', () => {
  it('lists every file with its version and what its pages show', async () => {
    const { status, body } = await api().json<SiteFileSummary[]>('GET', '/api/admin/site/pages')
    expect(status).toBe(200)
    expect(body.map((file) => [file.name, file.served])).toEqual([
      ['shared', 'file'], ['landing', 'file'], ['pricing', 'file'], ['partnerships', 'file'], ['legal', 'file'], ['announcement', 'default'], ['not-found', 'file'],
    ])
    const file = body.find((entry) => entry.name === 'pricing')!
    expect(file).toMatchObject({ path: 'content/site/pricing.yaml', version: git(running.site.repoDir, 'hash-object', 'content/site/pricing.yaml'), problems: [] })
  })

  it('gives one file’s values and version (also as ETag); an unknown file is 404, and only for a signed-in admin', async () => {
    const { status, body, response } = await api().json<SiteFileWire<'pricing'>>('GET', '/api/admin/site/pages/pricing')
    expect(status).toBe(200)
    expect(body.values).toEqual(SITE_DEFAULTS.pricing)
    expect(response.headers.get('etag')).toBe(`"${body.version}"`)
    expect((await api().json('GET', '/api/admin/site/pages/nope')).status).toBe(404)
    expect((await api().json('GET', '/api/admin/site/pages/__proto__')).status).toBe(404)
    const visitor = new ApiClient(running.server.url)
    expect((await visitor.json('GET', '/api/admin/site/pages')).status).toBe(401)
    expect((await visitor.json('PUT', '/api/admin/site/pages/pricing', { values: SITE_DEFAULTS.pricing, version: null })).status).toBe(401)
  })

  it('serves the built-in copy for a file that was never valid, and says why', async () => {
    expect(await page('/watchio')).toContain('<h1 class="announcement__title">Meet Watchio</h1>')
    const problems = (await api().json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')).body
    expect(problems).toContainEqual({ path: 'content/site/announcement.yaml', reason: expect.stringMatching(/^title \(line \d+\): must not be empty; the page shows its built-in copy/) })
  })
})

describe('saving the site copy', () => {
  let version: string

  it('commits the change by the admin, writes only its line, and the page is live in the answer', async () => {
    const before = await readFile(pricingFile(), 'utf8')
    const current = await pricing()
    const values = structuredClone(current.values)
    values.plans[1]!.annualPrice.amount = 1.99
    const { status, body } = await api().json<SiteFileWire<'pricing'>>('PUT', '/api/admin/site/pages/pricing', { values, version: current.version })
    expect(status).toBe(200)
    expect(body.values.plans[1]!.annualPrice).toEqual({ amount: 1.99, currency: 'USD' })
    version = body.version!
    expect(version).toBe(git(running.site.repoDir, 'hash-object', 'content/site/pricing.yaml'))
    expect(git(running.site.repoDir, 'log', '-1', '--format=%s|%an <%ae>')).toBe(`site: pricing — Premium annual price|${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>`)
    expect(git(running.site.repoDir, 'show', '--name-status', '--format=', 'HEAD')).toBe('M\tcontent/site/pricing.yaml')
    expect(before.replace('      amount: 2.49', '      amount: 1.99')).toBe(await readFile(pricingFile(), 'utf8'))
    expect(await page('/pricing')).toContain('<span class="plan__amount">$1.99</span>')
  })

  it('makes no commit when nothing changed', async () => {
    const commits = git(running.site.repoDir, 'rev-list', '--count', 'HEAD')
    const { status } = await api().json('PUT', '/api/admin/site/pages/pricing', { values: (await pricing()).values, version })
    expect(status).toBe(200)
    expect(git(running.site.repoDir, 'rev-list', '--count', 'HEAD')).toBe(commits)
  })

  it('refuses values that break the schema with 400, naming each field; nothing is written', async () => {
    const values = structuredClone((await pricing()).values) as any
    values.plans[1].annualPrice.amount = -1
    values.faq.items[0].answer = 'See [this](javascript:alert(1)).'
    values.extra = true
    const { status, body } = await api().json<string>('PUT', '/api/admin/site/pages/pricing', { values, version })
    expect(status).toBe(400)
    expect(body.split('\n')).toEqual([
      'plans.1.annualPrice.amount: must not be negative',
      // A link's address ends at its first `)`: refused either way.
      expect.stringMatching(/^faq\.items\.0\.answer: the link to "javascript:alert\(1" is not an address a link may have/),
      'values: unknown field "extra"',
    ])
    expect((await api().json('PUT', '/api/admin/site/pages/pricing', { values: (await pricing()).values, version: 'not-a-version' })).status).toBe(400)
    expect(git(running.site.repoDir, 'hash-object', 'content/site/pricing.yaml')).toBe(version)
  })

  it('refuses a stale version with 409 naming what changed since, and the current version as ETag', async () => {
    const stale = version
    const values = structuredClone((await pricing()).values)
    values.title = 'Plans and prices'
    const saved = await api().json<SiteFileWire<'pricing'>>('PUT', '/api/admin/site/pages/pricing', { values, version })
    expect(saved.status).toBe(200)
    version = saved.body.version!
    const other = structuredClone(values)
    other.intro = 'Another intro.'
    const { status, body, response } = await api().json<string>('PUT', '/api/admin/site/pages/pricing', { values: other, version: stale })
    expect(status).toBe(409)
    expect(body).toBe('This page’s copy changed since you opened it (Title): load it again')
    expect(response.headers.get('etag')).toBe(`"${version}"`)
  })
})

describe('the pages a save renders again', () => {
  const mtimeOf = async (url: string) => {
    const file = running.server.site.pages.fileFor(url)
    if (file === null) throw new Error(`no page file for ${url}`)
    return (await stat(file)).mtimeMs
  }

  it('a page’s own file: that page only; the nav bar and footer: every page, the posts’ included', async () => {
    const posts = (await (await fetch(new URL('/api/blog/posts', running.server.url))).json()) as { slug: string }[]
    const postUrl = `/blog/${posts[0]!.slug}`
    await page(postUrl)
    await running.server.site.pages.idle()
    const legalBefore = await mtimeOf('/legal')
    const pricingBefore = await mtimeOf('/pricing')
    const legal = (await api().json<SiteFileWire<'legal'>>('GET', '/api/admin/site/pages/legal')).body
    const values = structuredClone(legal.values)
    values.updated = 'Last updated November 2026'
    expect((await api().json('PUT', '/api/admin/site/pages/legal', { values, version: legal.version })).status).toBe(200)
    expect(await page('/legal')).toContain('<p class="legal__updated">Last updated November 2026</p>')
    expect(await mtimeOf('/legal')).toBeGreaterThan(legalBefore)
    expect(await mtimeOf('/pricing')).toBe(pricingBefore)
    const postBefore = await mtimeOf(postUrl)

    const shared = (await api().json<SiteFileWire<'shared'>>('GET', '/api/admin/site/pages/shared')).body
    const footer = structuredClone(shared.values)
    footer.footer.updated = 'Legal text last updated November 2026'
    expect((await api().json('PUT', '/api/admin/site/pages/shared', { values: footer, version: shared.version })).status).toBe(200)
    // Live at once (every page is stale from the answer on, and renders from the new copy)…
    for (const url of ['/', '/pricing', '/legal', '/blog', postUrl]) expect(await page(url), url).toContain('<p>Legal text last updated November 2026</p>')
    // …and written again in the background.
    await running.server.site.pages.idle()
    expect(await mtimeOf(postUrl)).toBeGreaterThan(postBefore)
    expect(await mtimeOf('/pricing')).toBeGreaterThan(pricingBefore)
  })
})

describe('a broken hand edit', () => {
  it('is reported with its field, and the page keeps the last valid version from history', async () => {
    const lastValid = git(running.site.repoDir, 'log', '-1', '--format=%H', '--', 'content/site/pricing.yaml')
    const text = (await readFile(pricingFile(), 'utf8')).replace('      amount: 1.99', '      amount: -5')
    await commitByHand(pricingFile(), text, 'A price by hand')
    const problem = await waitFor(async () => (await api().json<{ path: string; reason: string }[]>('GET', '/api/admin/blog/problems')).body.find((entry) => entry.path === 'content/site/pricing.yaml'))
    expect(problem.reason).toMatch(new RegExp(`^plans\\.1\\.annualPrice\\.amount \\(line \\d+\\): must not be negative; the page shows its last valid version \\(commit ${lastValid.slice(0, 7)}\\)$`))
    const file = await pricing()
    expect(file).toMatchObject({ served: 'history', servedCommit: lastValid, version: git(running.site.repoDir, 'hash-object', 'content/site/pricing.yaml') })
    expect(file.problems).toEqual([{ path: 'plans.1.annualPrice.amount', line: expect.any(Number), reason: 'must not be negative' }])
    const html = await page('/pricing')
    expect(html).toContain('<span class="plan__amount">$1.99</span>')
    expect(html).toContain('<h1>Plans and prices</h1>')
  })

  it('keeps the last valid version after a restart, and a fix brings the file back', async () => {
    await running.restart()
    expect((await pricing()).served).toBe('history')
    expect(await page('/pricing')).toContain('<span class="plan__amount">$1.99</span>')
    const fixed = (await readFile(pricingFile(), 'utf8')).replace('      amount: -5', '      amount: 3.49')
    await commitByHand(pricingFile(), fixed, 'The price fixed by hand')
    await waitFor(async () => (await page('/pricing')).includes('<span class="plan__amount">$3.49</span>'))
    expect((await pricing()).served).toBe('file')
  })
})
